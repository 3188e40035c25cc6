package cassette

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// recorders is the folder of the other recorders' fixtures, a folder per
// format, with MANIFEST.tsv.
const recorders = "../testdata/recorders"

// recorderFile is a row of recorders/MANIFEST.tsv.
type recorderFile struct {
	file, format, repo, commit, source string
	interactions, streamed             int
	families                           string
}

// recorderFiles are the 405 rows of recorders/MANIFEST.tsv.
func recorderFiles(t testing.TB) []recorderFile {
	t.Helper()
	var out []recorderFile
	for _, r := range tsvRows(t, filepath.Join(recorders, "MANIFEST.tsv")) {
		n, err1 := strconv.Atoi(r[5])
		s, err2 := strconv.Atoi(r[6])
		if len(r) != 8 || err1 != nil || err2 != nil {
			t.Fatalf("MANIFEST.tsv: a bad row %q", r)
		}
		out = append(out, recorderFile{r[0], r[1], r[2], r[3], r[4], n, s, r[7]})
	}
	if len(out) != 405 {
		t.Fatalf("MANIFEST.tsv: %d rows, want 405", len(out))
	}
	return out
}

// open parses the fixture f, named by its path under testdata.
func (f recorderFile) open(t testing.TB) *Cassette {
	t.Helper()
	p := filepath.Join(recorders, f.file)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(p, data)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return c
}

// TestRecordersOracle reads every fixture of the formats that
// testdata/recorders.tsv covers and holds each interaction's method, URI,
// status and bodies to it: recorders.py wrote it with PyYAML and CPython's
// json, base64, gzip and zlib from each recorder's description of its
// format, independently of this package.
func TestRecordersOracle(t *testing.T) {
	want := map[string][]string{} // file/i -> the row
	formats := map[string]bool{}
	for _, r := range tsvRows(t, "testdata/recorders.tsv") {
		want[r[0]+"/"+r[1]] = r
		formats[strings.SplitN(r[0], "/", 2)[0]] = true
	}
	seen := 0
	for _, f := range recorderFiles(t) {
		if !formats[f.format] {
			continue
		}
		c := f.open(t)
		for i, it := range c.Interactions {
			w := want[f.file+"/"+strconv.Itoa(i)]
			if w == nil {
				t.Errorf("%s: interaction %d is not in recorders.tsv", f.file, i)
				continue
			}
			seen++
			got := []string{f.file, strconv.Itoa(i), it.Method, it.URI, strconv.Itoa(it.Status),
				kind(it.RequestBody, w[5]), digest(t, it.RequestBody, w[5]), kind(it.ResponseBody, w[7]), digest(t, it.ResponseBody, w[7])}
			if strings.Join(got, "\t") != strings.Join(w, "\t") {
				t.Errorf("%s interaction %d:\n got %q\nwant %q", f.file, i, got, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d interactions read, recorders.tsv has %d", seen, len(want))
	}
	t.Logf("%d interactions of %d formats checked", seen, len(formats))
}

// recorderInteractions are every interaction of the recorders' fixtures,
// by "FORMAT/FILE#K" (K from 1), with the row of their file.
func recorderInteractions(t testing.TB) (map[string]Interaction, map[string]recorderFile) {
	t.Helper()
	its, rows := map[string]Interaction{}, map[string]recorderFile{}
	for _, f := range recorderFiles(t) {
		for i, it := range f.open(t).Interactions {
			name := f.file + "#" + strconv.Itoa(i+1)
			its[name], rows[name] = it, f
		}
	}
	return its, rows
}

// streamChunks is a streamed response's chunks as JSON, read from the
// body as its recorder kept it, apart from Recording's reading of it: an
// AWS event stream's events as {TYPE: PAYLOAD} (an invoke stream's chunk
// as the model's own event its bytes hold), a JSON array's items, the
// data: lines of server-sent events ([DONE] and comments left out), or
// JSON lines. ok is false when one is not JSON.
func streamChunks(it Interaction) (chunks []json.RawMessage, ok bool) {
	b := it.ResponseBody
	if events, err := DecodeEventStream(b); err == nil && len(events) > 0 {
		for _, e := range events {
			var c struct{ Bytes []byte }
			if typ := e.Headers[":event-type"]; typ == "chunk" && json.Unmarshal(e.Payload, &c) == nil && json.Valid(c.Bytes) {
				chunks = append(chunks, c.Bytes)
			} else {
				if typ == "" {
					typ = e.Headers[":exception-type"]
				}
				if !json.Valid(e.Payload) {
					return nil, false
				}
				chunks = append(chunks, json.RawMessage(`{"`+typ+`":`+string(e.Payload)+`}`))
			}
		}
		return chunks, true
	}
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		return chunks, json.Unmarshal(t, &chunks) == nil
	}
	sse := bytes.Contains(b, []byte("\ndata:")) || bytes.HasPrefix(b, []byte("data:"))
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if sse {
			d, isData := strings.CutPrefix(l, "data:")
			if l = strings.TrimSpace(d); !isData || l == "[DONE]" {
				continue
			}
		}
		if l == "" {
			continue
		}
		if !json.Valid([]byte(l)) {
			return nil, false
		}
		chunks = append(chunks, json.RawMessage(l))
	}
	return chunks, true
}

// manifestFamilies are the families recview may classify a stream of
// each API MANIFEST.tsv's providers column names (its name before "@"):
// the Assistants API's run streams and a transcription's are known by
// their API but not assembled, shown as recorded.
var manifestFamilies = map[string][]recordings.Family{
	"openai-chat":         {recordings.FamilyOpenAIChat},
	"openai-completions":  {recordings.FamilyOpenAICompletions},
	"openai-responses":    {recordings.FamilyOpenAIResponses},
	"anthropic":           {recordings.FamilyAnthropicMessages},
	"gemini":              {recordings.FamilyGeminiGenerate},
	"google-interactions": {recordings.FamilyGeminiInteractions},
	"bedrock":             {recordings.FamilyBedrockConverse, recordings.FamilyBedrockInvoke, recordings.FamilyAnthropicMessages, recordings.FamilyCohereV1Generate, recordings.FamilyUnknown},
	"ollama":              {recordings.FamilyOllamaChat, recordings.FamilyOllamaGenerate, recordings.FamilyOllamaPull},
	"embeddings":          {recordings.FamilyOpenAIEmbeddings, recordings.FamilyOllamaEmbeddings, recordings.FamilyCohereEmbed},
	"cohere":              {recordings.FamilyCohereChat, recordings.FamilyCohereV1Chat, recordings.FamilyCohereV1Generate},
	"openai-assistants":   {recordings.FamilyOpenAIAssistants},
	"openai-audio":        {recordings.FamilyOpenAIAudio},
}

// streamFamilyOverride is a stream whose family recview reads otherwise
// than MANIFEST.tsv's file-wide label, and why.
var streamFamilyOverride = map[string]recordings.Family{
	// POST https://api.together.xyz/v1/completions: a completion, whose
	// chunks ("object": "completion.chunk") carry both "text" and a chat
	// "delta"; the MANIFEST labels the file openai-chat@together.
	"har/traceloop__openllmetry-js__packages__instrumentation-together__recordings__Test-Together-instrumentation_114631371__should-set-attributes-in-span-for-streaming-completion_1484001317__recording.har#1": recordings.FamilyOpenAICompletions,
}

// incompleteStreams are the streams that end before their API's final
// event, which Assemble reports (ErrIncompleteStream) with the answer so
// far, and why.
var incompleteStreams = map[string]string{
	// gpt-audio-1.5's stream sends no finish_reason (its last chunks carry
	// only audio and usage): checked in the file.
	"azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ChatTests__ChatWithBasicAudioOutput.json#1":      "no finish_reason",
	"azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ChatTests__ChatWithBasicAudioOutputAsync.json#1": "no finish_reason",
	// A hand-written fixture that ends at messageStop, without the
	// metadata event Converse's stream closes with.
	"chunks-txt/vercel__ai__packages__amazon-bedrock__src____fixtures____amazon-bedrock-json-with-tool.1.chunks.txt#1": "no metadata",
}

// TestRecordersManifest opens every fixture of testdata/recorders and
// holds it to MANIFEST.tsv: the number of interactions and of streamed
// ones; every interaction's recording parses, a stream as a stream of a
// family its file's APIs allow (manifestFamilies), and assembles to a
// value that is not null, without error but for incompleteStreams.
func TestRecordersManifest(t *testing.T) {
	var files, total, streams int
	seen := map[string]bool{}
	for _, f := range recorderFiles(t) {
		c := f.open(t)
		files++
		if len(c.Interactions) != f.interactions {
			t.Errorf("%s: %d interactions, MANIFEST.tsv says %d", f.file, len(c.Interactions), f.interactions)
		}
		streamed := 0
		for i, it := range c.Interactions {
			name := f.file + "#" + strconv.Itoa(i+1)
			total++
			r, err := recordings.Parse(name, it.Recording())
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if r.Streaming != it.StreamedResponse() {
				t.Errorf("%s: the recording's is_streaming %v, the interaction's %v", name, r.Streaming, it.StreamedResponse())
			}
			if it.StreamedResponse() {
				streamed++
				if !familyAllowed(f.families, r.Family) && streamFamilyOverride[name] != r.Family {
					t.Errorf("%s: a %s stream, in a file of %s", name, r.Family, f.families)
				}
			}
			v, err := recordings.Assemble(r)
			if v == nil || v.Type() == fastjson.TypeNull {
				t.Errorf("%s: assembled to null", name)
			}
			switch why, known := incompleteStreams[name]; {
			case known && !errors.Is(err, recordings.ErrIncompleteStream):
				t.Errorf("%s: %v, want an incomplete stream (%s)", name, err, why)
			case !known && err != nil:
				t.Errorf("%s: %v", name, err)
			}
			seen[name] = true
		}
		streams += streamed
		if streamed != f.streamed {
			t.Errorf("%s: %d streamed interactions, MANIFEST.tsv says %d", f.file, streamed, f.streamed)
		}
	}
	for name := range incompleteStreams {
		if !seen[name] {
			t.Errorf("%s: no such interaction", name)
		}
	}
	if files != 405 || total != 690 || streams != 189 {
		t.Errorf("%d files, %d interactions, %d streamed; MANIFEST.tsv's totals are 405, 690, 189", files, total, streams)
	}
	t.Logf("%d files, %d interactions, %d streamed", files, total, streams)
}

// familyAllowed reports a family that one of the APIs of a MANIFEST
// providers column ("openai-chat@groq,embeddings") allows.
func familyAllowed(column string, f recordings.Family) bool {
	for _, api := range strings.Split(column, ",") {
		api, _, _ = strings.Cut(api, "@")
		if slices.Contains(manifestFamilies[api], f) {
			return true
		}
	}
	return false
}
