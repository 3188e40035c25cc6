package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/permalink"
)

// The CLI on every format recordings/cassette reads (issue 41): show,
// show --json, assemble, steps and link of FILE and FILE#K, on every
// fixture of testdata.

const recorders = "../../recordings/testdata/recorders"

// fixture is a file of testdata and what a manifest says of it.
type fixture struct {
	path   string // as the CLI is given it
	format string // recorders/MANIFEST.tsv's format, "vcrpy" or "dd-test-agent"
	n      int    // its interactions
}

// fixtures lists every fixture of the nine formats: those of
// recorders/MANIFEST.tsv, with their interactions as it counts them,
// and the cassettes folder's vcrpy YAML and Datadog test agent JSON,
// with their interactions counted in recordings/cassette's
// testdata/cassettes.tsv (a row each).
func fixtures(t *testing.T) []fixture {
	t.Helper()
	var fs []fixture
	for _, row := range readTSV(t, filepath.Join(recorders, "MANIFEST.tsv")) {
		n, err := strconv.Atoi(row["interactions"])
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, fixture{filepath.Join(recorders, row["file"]), row["format"], n})
	}
	count := map[string]int{}
	var order []string
	for _, row := range readTSV(t, "../../recordings/cassette/testdata/cassettes.tsv") {
		if count[row["file"]] == 0 {
			order = append(order, row["file"])
		}
		count[row["file"]]++
	}
	for _, f := range order {
		format := "vcrpy"
		if strings.HasSuffix(f, ".json") {
			format = "dd-test-agent"
		}
		fs = append(fs, fixture{filepath.Join(cassettes, f), format, count[f]})
	}
	return fs
}

// readTSV reads a tab-separated file with a header line as maps.
func readTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma, r.LazyQuotes = '\t', true
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, k := range rows[0] {
			m[k] = row[i]
		}
		out = append(out, m)
	}
	return out
}

// TestEveryFormat: of every fixture, show FILE shows every interaction,
// headed FILE#K in order, as many as its manifest counts, and show
// --json FILE is an array of as many objects named FILE#K; show FILE#K
// is headed FILE#K, assemble FILE#K prints JSON, and steps FILE#K steps
// through its stream or says it is none recview can step through. Nine
// formats, 665 files, 1,042 interactions (690 in recorders/MANIFEST.tsv,
// 352 in cassettes.tsv).
func TestEveryFormat(t *testing.T) {
	files, interactions := map[string]int{}, 0
	for _, f := range fixtures(t) {
		files[f.format]++
		interactions += f.n
		var heads []string
		for k := 1; k <= f.n; k++ {
			heads = append(heads, f.path+"#"+strconv.Itoa(k))
		}
		out, errOut, code := runCmd(t, "", "show", f.path)
		if got := headers(out, f.path); code != 0 || !slices.Equal(got, heads) {
			t.Errorf("show %s: exit %d %s; headed %q, want %q", f.path, code, errOut, got, heads)
		}
		out, errOut, code = runCmd(t, "", "show", "--json", f.path)
		var docs []struct{ File string }
		if err := json.Unmarshal([]byte(out), &docs); err != nil || code != 0 {
			t.Errorf("show --json %s: exit %d %s, %v", f.path, code, errOut, err)
		}
		var names []string
		for _, d := range docs {
			names = append(names, d.File)
		}
		if !slices.Equal(names, heads) {
			t.Errorf("show --json %s: files %q, want %q", f.path, names, heads)
		}
		for _, head := range heads {
			if out, errOut, code := runCmd(t, "", "show", head); code != 0 || !strings.HasPrefix(out, head+"\n") {
				t.Errorf("show %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
			if out, errOut, code := runCmd(t, "", "assemble", head); code != 0 || !json.Valid([]byte(out)) {
				t.Errorf("assemble %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
			out, errOut, code := runCmd(t, "", "steps", head)
			switch {
			case code == 2 && out == "" && strings.Contains(errOut, head+": not a stream recview can step through"):
			case code == 0 && strings.HasPrefix(out, "1\t"):
			default:
				t.Errorf("steps %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
		}
	}
	want := map[string]int{"vcrpy": 233, "dd-test-agent": 27, "ruby-vcr": 60, "go-vcr": 60, "httprr": 60, "httpmock-yaml": 60, "azure-test-proxy": 60, "har": 45, "chunks-txt": 60}
	if !maps.Equal(files, want) || interactions != 1042 {
		t.Errorf("files by format %v, %d interactions; want %v, 1042", files, interactions, want)
	}
}

// linkText is what a link to the fixture f carries, read from the file
// as the format is written: the file itself (compact) for the JSON
// formats (HAR, the test proxy's, the test agent's, vercel/ai's .json
// bodies), else its text (YAML, httprr traces, a .chunks.txt file's
// JSON lines; a gzipped trace's text inflated), the link's data being
// the JSON string of that text.
func linkText(t *testing.T, f fixture) (text []byte, asJSON bool) {
	t.Helper()
	data, err := os.ReadFile(f.path)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case f.format == "har" || f.format == "azure-test-proxy" || f.format == "dd-test-agent" || f.format == "chunks-txt" && strings.HasSuffix(f.path, ".json"):
		var b bytes.Buffer
		if err := json.Compact(&b, data); err != nil {
			t.Fatal(err)
		}
		return b.Bytes(), true
	case strings.HasSuffix(f.path, ".gz"):
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return data, false
}

// TestLinkEveryFormat: link FILE#K, K the last interaction, of every
// fixture is a link of one d= source, named by the file's name, i=K,
// whose data decodes (permalink.Parse, DecodeData) to the file (linkText),
// and which the viewer reads (cassette.Parse of the name and the text)
// as interaction K of the file; or, when that link would be longer than
// permalink.MaxLinkLen, no link and exit 1. A gzipped trace rides as its
// text, which stderr says.
func TestLinkEveryFormat(t *testing.T) {
	long := map[string]int{}
	for _, f := range fixtures(t) {
		head := f.path + "#" + strconv.Itoa(f.n)
		text, asJSON := linkText(t, f)
		payload := text
		if !asJSON {
			payload, _ = json.Marshal(string(text))
		}
		d, err := permalink.EncodeData(payload)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f.path)
		want := defaultBase + "#" + permalink.Fragment{Sources: []permalink.Source{{Kind: permalink.SourceData, Value: d, Name: name, Interaction: f.n}}}.String()

		out, errOut, code := runCmd(t, "", "link", head)
		gz := strings.HasSuffix(f.path, ".gz")
		if note := " is gzipped: the link carries its trace as text, decompressed ("; gz != strings.Contains(errOut, f.path+note) {
			t.Errorf("link %s: stderr %q; gzipped %v", head, errOut, gz)
		}
		if len(want) > permalink.MaxLinkLen {
			long[f.format]++
			if code != 1 || out != "" || !strings.Contains(errOut, "more than the 65536") || !strings.Contains(errOut, "&i="+strconv.Itoa(f.n)) {
				t.Errorf("link %s (%d characters): exit %d, %q; want exit 1, no link, and the src= advice with i=K", head, len(want), code, errOut)
			}
			continue
		}
		if code != 0 {
			t.Errorf("link %s: exit %d %s", head, code, errOut)
			continue
		}
		_, frag, data := decodeLink(t, out)
		src := frag.Sources[0]
		if src.Name != name || src.Interaction != f.n {
			t.Errorf("link %s: name=%q i=%d, want %q and %d", head, src.Name, src.Interaction, name, f.n)
		}
		if !asJSON {
			var s string
			if err := json.Unmarshal(data, &s); err != nil {
				t.Errorf("link %s: its data is not a JSON string: %v", head, err)
			}
			data = []byte(s)
		}
		if !bytes.Equal(data, text) {
			t.Errorf("link %s: the data is not the file's (%d bytes, want %d)", head, len(data), len(text))
			continue
		}
		// The viewer reads it (app's readSource) as the CLI reads the file.
		file, _ := os.ReadFile(f.path)
		c, err := cassette.Parse(f.path, file)
		if err != nil {
			t.Fatal(err)
		}
		v, err := cassette.Parse(src.Name, data)
		if err != nil || len(v.Interactions) != f.n || !bytes.Equal(v.Interactions[f.n-1].Recording(), c.Interactions[f.n-1].Recording()) {
			t.Errorf("link %s: the viewer reads another interaction #%d (%v)", head, f.n, err)
		}
	}
	// Counted with this test's encoding: the links of these files' last
	// interactions pass 65,536 characters.
	if want := map[string]int{"vcrpy": 7, "ruby-vcr": 5, "go-vcr": 1, "httprr": 3, "httpmock-yaml": 1}; !maps.Equal(long, want) {
		t.Errorf("links too long by format %v, want %v", long, want)
	}
}

// TestFormatsByHand: an interaction of each format, past the first
// where the file holds several, read by hand from the file: what show
// prints of it, the lines steps prints of a stream (their count is the
// stream's events in the file), and the text its assembled answer holds.
func TestFormatsByHand(t *testing.T) {
	for _, tc := range []struct {
		file  string
		show  []string       // in show FILE#K's output
		steps map[int]string // steps' line K
		nstep int            // steps' lines
		asm   string         // in assemble's output
	}{
		{ // vcrpy (pydantic-ai's parsed_body): the second call, after the tool's answer "Mexico"
			file: cassettes + "/pydantic-ai__tests__models__cassettes__test_openai_responses__test_prompted_output_multiple.yaml#2",
			show: []string{"  model    gpt-4o\n", "\n    {\"result\":{\"kind\":\"CityLocation\",\"data\":{\"city\":\"Mexico City\",\"country\":\"Mexico\"}}}\n", "  finish   completed\n"},
		},
		{ // Datadog's test agent: Mistral's stream of two chunks and [DONE]
			file:  cassettes + "/dd-trace-py__tests__cassettes__mistral__mistral_v1_chat_completions_post_1798d156.json#1",
			nstep: 2,
			steps: map[int]string{1: "role=assistant", 2: `tool_calls[0].id=aX2gaLIyo, tool_calls[0].name=get_weather, tool_calls[0].arguments +"{\"location\": \"New York City\"}", finish_reason=tool_calls, usage`},
			asm:   `"arguments": "{\"location\": \"New York City\"}"`,
		},
		{ // Ruby VCR: the second call, the tools' answers sent back
			file: recorders + "/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__gpt-3_5-turbo_multiple_tool_calls_full_conversation.yml#2",
			show: []string{"  [tool] get_current_weather (answers call_AZ51gEeXi37kKhFpXrcJzNQl)\n    The weather is nice 🌞\n", "\n    The weather in both San Francisco and Japan is nice.\n  finish   stop\n"},
		},
		{ // Ruby VCR: a stream recorded as !binary (its last delta is an emoji), 12 data: lines
			file:  recorders + "/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__deepseek_deepseek-chat_streamed_chat.yml#1",
			nstep: 12,
			steps: map[int]string{2: `content +"Hello"`, 11: `content +" 😊"`, 12: "finish_reason=stop, usage"},
			asm:   `"content": "Hello! How can I assist you today? 😊"`,
		},
		{ // go-vcr: the second call answers with both tools' results
			file: recorders + "/go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__multi_tool.yaml#2",
			show: []string{"\n    The results are:\n    - 2 + 3 = 5\n    - 2 × 3 = 6\n  finish   end_turn\n"},
		},
		{ // go-vcr: a stream of 21 SSE events
			file:  recorders + "/go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__tool_streaming.yaml#2",
			nstep: 21,
			steps: map[int]string{3: "ping", 6: `content[0].text +" weather in Florence, Italy is 40"`, 20: "stop_reason=end_turn, usage", 21: "message_stop"},
			asm:   `"text": "The current weather in Florence, Italy is 40°C (104°F). That's quite hot! Make sure to stay hydrated and seek shade if you're planning to be outdoors."`,
		},
		{ // httprr: the last of six calls
			file: recorders + "/httprr/google__adk-go__agent__llmagent__testdata__TestDelegation_03_ChatToSingleTurn.httprr#6",
			show: []string{"\n    The translation of \"hello\" into French is \"bonjour\".\n  finish   STOP\n"},
		},
		{ // httprr, gzipped: the second embeddings call, of "japan"
			file: recorders + "/httprr/tmc__langchaingo__vectorstores__chroma__testdata__TestChromaGoStoreRest.httprr.gz#2",
			show: []string{"  model    text-embedding-ada-002\n", "  [input]\n    japan\n"},
		},
		{ // httprr: a Gemini stream of 19 data: lines
			file:  recorders + "/httprr/google__adk-go__agent__llmagent__testdata__TestLLMAgentStreamingModeSSE.httprr",
			nstep: 19,
			steps: map[int]string{19: `text +" + 2030 = 5117\n\nThe sum of the first 50 prime numbers is 5117.", finishReason=STOP, usageMetadata`},
		},
		{ // rig's httpmock YAML: the second call reads the cache the first wrote
			file: recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__anthropic__prompt_caching__matrix_manual_automatic_prefix_1h_tools_nonstreaming.yaml#2",
			show: []string{"\n    cache probe ready\n  finish   end_turn\n", " cache_read_input_tokens=9706 "},
		},
		{ // rig's httpmock YAML: the third stream, one chunk
			file:  recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__gemini__hook_stress_streaming__streaming_tool_turns_fire_model_turn_finished.yaml#3",
			nstep: 1,
			steps: map[int]string{1: `role=model, text +"32", finishReason=STOP, usageMetadata`},
		},
		{ // the Azure SDK test proxy: the third call resumes the background stream, 410 data: lines
			file:  recorders + "/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponsesTests__CanStreamBackgroundResponses.json#3",
			show:  []string{"\n    Would you like another story, or something else to help you relax?\n  finish   completed\n"},
			nstep: 410,
			steps: map[int]string{4: `text +"Sure"`},
		},
		{ // HAR (Polly): the third entry, a stream of 12 data: lines and [DONE]
			file:  recorders + "/har/traceloop__openllmetry-js__packages__instrumentation-llamaindex__recordings__Test-LlamaIndex-instrumentation_1988279490__should-build-proper-trace-on-streaming-query-engine_2069720152__recording.har#3",
			nstep: 12,
			steps: map[int]string{7: `content +" Ul"`, 10: `content +" Germany"`, 12: "finish_reason=stop"},
			asm:   `"content": "Albert Einstein was born in Ulm, Germany."`,
		},
		{ // vercel/ai's chunks: three JSON lines
			file:  recorders + "/chunks-txt/vercel__ai__packages__groq__src____fixtures____groq-tool-call.chunks.txt",
			show:  []string{"    tool call weather (id tk85n1k4m)\n    {}\n  finish   tool_calls\n"},
			nstep: 3,
			steps: map[int]string{1: "role=assistant", 2: `tool_calls[0].id=tk85n1k4m, tool_calls[0].name=weather, tool_calls[0].arguments +"{}"`, 3: "finish_reason=tool_calls, usage"},
		},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", "show", tc.file)
			if code != 0 {
				t.Fatalf("show: exit %d %s", code, errOut)
			}
			for _, want := range tc.show {
				if !strings.Contains(out, want) {
					t.Errorf("show lacks %q:\n%s", want, out)
				}
			}
			if tc.nstep > 0 {
				out, errOut, code := runCmd(t, "", "steps", tc.file)
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if code != 0 || len(lines) != tc.nstep {
					t.Fatalf("steps: exit %d %s, %d lines, want %d", code, errOut, len(lines), tc.nstep)
				}
				for k, want := range tc.steps {
					if want = strconv.Itoa(k) + "\t" + want; lines[k-1] != want {
						t.Errorf("steps line %d = %q, want %q", k, lines[k-1], want)
					}
				}
			}
			if tc.asm != "" {
				if out, _, code := runCmd(t, "", "assemble", tc.file); code != 0 || !strings.Contains(out, tc.asm) {
					t.Errorf("assemble: exit %d, lacks %s:\n%.600s", code, tc.asm, out)
				}
			}
		})
	}
}

// TestShowNotice: show prints a cassette interaction's notice as its
// "notice" field, and show --json as "notice", of FILE#K and of each
// interaction of FILE; a recording without one has no "notice" key.
// rig's cassettes record no host: the notice says which recview chose,
// by the folder after cassettes/ (recordings/cassette's riggedOrigin).
func TestShowNotice(t *testing.T) {
	const p = recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__anthropic__prompt_caching__matrix_manual_automatic_prefix_1h_tools_nonstreaming.yaml"
	const notice = `the cassette records no host: https://api.anthropic.com is the one rig's tests call for the provider folder "anthropic"`
	out, errOut, code := runCmd(t, "", "show", p)
	if code != 0 || strings.Count(out, "\n  notice   "+notice+"\n") != 2 {
		t.Errorf("show: exit %d %s; want the notice twice:\n%.2000s", code, errOut, out)
	}
	out, _, code = runCmd(t, "", "show", "--json", p+"#2")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || doc["notice"] != notice || doc["file"] != p+"#2" {
		t.Errorf("show --json FILE#2: exit %d, %v; notice %q, file %q", code, err, doc["notice"], doc["file"])
	}
	out, _, _ = runCmd(t, "", "show", "--json", p)
	var docs []map[string]any
	if err := json.Unmarshal([]byte(out), &docs); err != nil || len(docs) != 2 || docs[0]["notice"] != notice || docs[1]["notice"] != notice {
		t.Errorf("show --json FILE: %v, %d objects, want 2 with the notice", err, len(docs))
	}
	out, _, _ = runCmd(t, "", "show", "--json", seed)
	doc = nil
	if err := json.Unmarshal([]byte(out), &doc); err != nil || strings.HasPrefix(out, "[") || doc["notice"] != nil {
		t.Errorf("show --json of a recording: %v; want one object without a notice:\n%.200s", err, out)
	}
}

// TestCassetteEdges: a cassette of no interactions is shown as such,
// and assemble, steps and link say so; one of one interaction counts it
// in the singular; FILE#K of a recording says it is none; a text
// cassette whose bytes are not UTF-8 cannot ride in a link.
func TestCassetteEdges(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.yaml")
	os.WriteFile(empty, []byte("interactions: []\nversion: 1\n"), 0o644)
	if out, errOut, code := runCmd(t, "", "show", empty); code != 0 || out != empty+"\n  notice   the cassette holds no interactions\n" {
		t.Errorf("show of none: exit %d %s\n%s", code, errOut, out)
	}
	if out, _, code := runCmd(t, "", "show", "--json", empty); code != 0 || out != "[]\n" {
		t.Errorf("show --json of none: exit %d %q", code, out)
	}
	for _, cmd := range []string{"assemble", "steps", "link"} {
		if out, errOut, code := runCmd(t, "", cmd, empty); code != 2 || out != "" || errOut != "recview: "+cmd+": "+empty+": the cassette holds no interactions\n" {
			t.Errorf("%s of none: exit %d %q %q", cmd, code, out, errOut)
		}
	}

	one := recorders + "/chunks-txt/vercel__ai__packages__groq__src____fixtures____groq-tool-call.chunks.txt"
	if _, errOut, code := runCmd(t, "", "show", one+"#2"); code != 2 || !strings.HasSuffix(errOut, ": #2: the cassette holds 1 interaction, #1\n") {
		t.Errorf("show FILE#2 of one: exit %d %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, "", "assemble", seed+"#1"); code != 2 || !strings.Contains(errOut, "is a recording, not a cassette: #1 names a cassette's interaction") {
		t.Errorf("assemble RECORDING#1: exit %d %q", code, errOut)
	}

	// An httprr trace of one call whose response body is two bytes that
	// are not UTF-8: show reads it, link cannot carry it as text.
	req := "GET https://example.com/v1/models HTTP/1.1\r\nHost: example.com\r\n\r\n"
	resp := "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 2\r\n\r\n\xff\xfe"
	bin := filepath.Join(dir, "bin.httprr")
	os.WriteFile(bin, []byte("httprr trace v1\n"+strconv.Itoa(len(req))+" "+strconv.Itoa(len(resp))+"\n"+req+resp), 0o644)
	if _, errOut, code := runCmd(t, "", "show", bin); code != 0 {
		t.Errorf("show of a binary body: exit %d %s", code, errOut)
	}
	if out, errOut, code := runCmd(t, "", "link", bin); code != 2 || out != "" || !strings.Contains(errOut, bin+": not UTF-8 text, which a link carries as a JSON string") || !strings.Contains(errOut, "#v=2&src=URL&i=K") {
		t.Errorf("link of a binary body: exit %d %q %q", code, out, errOut)
	}
}

// TestLinkCassette: link FILE of a cassette, without #K, carries it with
// no i= (the viewer opens its first interaction and lists them all);
// --step applies to the interaction the link opens; a comparison of two
// interactions of one cassette names each; rig's cassette in its tree
// is named with the folders that name its provider, so that the viewer
// reads its host as show does, and by its name alone where its path
// names none.
func TestLinkCassette(t *testing.T) {
	const multi = recorders + "/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__gpt-3_5-turbo_multiple_tool_calls_full_conversation.yml"
	out, errOut, code := runCmd(t, "", "link", multi)
	if code != 0 || errOut != "" {
		t.Fatalf("link FILE: exit %d %s", code, errOut)
	}
	raw, _ := os.ReadFile(multi)
	if _, f, data := decodeLink(t, out); f.Sources[0].Interaction != 0 || string(data) != string(mustJSON(t, string(raw))) || strings.Contains(out, "&i=") {
		t.Errorf("link FILE: i=%d, %d bytes of data; want no i= and the file's text", f.Sources[0].Interaction, len(data))
	}

	const stream = recorders + "/go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__tool_streaming.yaml"
	out, errOut, code = runCmd(t, "", "link", "--step", "21", stream+"#2")
	if _, f, _ := decodeLink(t, out); code != 0 || f.Step != 21 || !f.HasStep || f.Sources[0].Interaction != 2 {
		t.Errorf("link --step 21 FILE#2: exit %d %s, %+v", code, errOut, f)
	}
	if _, errOut, code := runCmd(t, "", "link", "--step", "22", stream+"#2"); code != 2 || errOut != "recview: link: "+stream+"#2: --step 22, but the stream has 21 chunks\n" {
		t.Errorf("link --step 22 FILE#2: exit %d %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, "", "link", "--step", "0", multi+"#2"); code != 2 || !strings.Contains(errOut, multi+"#2: --step given, but the response is not a stream") {
		t.Errorf("link --step of a non-stream: exit %d %q", code, errOut)
	}

	out, errOut, code = runCmd(t, "", "link", multi+"#1", multi+"#2")
	if code != 0 {
		t.Fatalf("link A#1 A#2: exit %d %s", code, errOut)
	}
	_, frag, _ := strings.Cut(strings.TrimSpace(out), "#")
	f, err := permalink.Parse(frag)
	if err != nil || len(f.Sources) != 2 || f.Sources[0].Interaction != 1 || f.Sources[1].Interaction != 2 {
		t.Errorf("link A#1 A#2: %v, %+v", err, f.Sources)
	}

	src, err := os.ReadFile(recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__anthropic__regression__stop_reason_end_turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "tests", "cassettes", "anthropic")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "end_turn.yaml"), src, 0o644)
	for _, tc := range []struct{ chdir, file, name, uri string }{
		{"", filepath.Join(dir, "end_turn.yaml"), "cassettes__anthropic__end_turn.yaml", "https://api.anthropic.com/v1/messages"},
		{dir, "end_turn.yaml", "end_turn.yaml", "/v1/messages"},
	} {
		if tc.chdir != "" {
			t.Chdir(tc.chdir)
		}
		out, errOut, code := runCmd(t, "", "link", tc.file)
		if code != 0 {
			t.Fatalf("link %s: exit %d %s", tc.file, code, errOut)
		}
		_, f, data := decodeLink(t, out)
		var text string
		json.Unmarshal(data, &text)
		c, err := cassette.Parse(f.Sources[0].Name, []byte(text))
		if err != nil || f.Sources[0].Name != tc.name || c.Interactions[0].URI != tc.uri || text != string(src) {
			t.Errorf("link %s: name=%q, the viewer reads %v, %+v; want %q calling %s", tc.file, f.Sources[0].Name, err, c, tc.name, tc.uri)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
