package recordings

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const corpusDir = "testdata/corpus"

// manifestRow is one line of testdata/corpus/MANIFEST.tsv, the table the
// corpus was collected with (file, category, endpoint, is_streaming,
// chunks, bytes, source_commit, source_path).
type manifestRow struct {
	file, category, endpoint string
	streaming                bool
	chunks                   int
}

func readManifest(t testing.TB) []manifestRow {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []manifestRow
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		n, _ := strconv.Atoi(c[4])
		rows = append(rows, manifestRow{file: c[0], category: c[1], endpoint: c[2], streaming: c[3] == "true", chunks: n})
	}
	if len(rows) != 215 {
		t.Fatalf("MANIFEST.tsv has %d rows, want 215 (210 corpus files and 5 seeds)", len(rows))
	}
	return rows
}

func parseFile(t testing.TB, name string) *Recording {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(name, data)
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return r
}

// wantFamily is the family a manifest endpoint names, written out by hand
// from the 47 categories of MANIFEST.tsv.
var wantFamily = map[string]Family{
	"/v1/chat/completions":      FamilyOpenAIChat,
	"/chat/completions":         FamilyOpenAIChat,
	"/v1/completions":           FamilyOpenAICompletions,
	"/v1/embeddings":            FamilyOpenAIEmbeddings,
	"/v1/models":                FamilyOpenAIModels,
	"/api/generate":             FamilyOllamaGenerate,
	"/api/chat":                 FamilyOllamaChat,
	"/api/embeddings":           FamilyOllamaEmbeddings,
	"/api/tags":                 FamilyOllamaTags,
	"/api/ps":                   FamilyOllamaPS,
	"/api/pull":                 FamilyOllamaPull,
	"/generate_content":         FamilyGeminiGenerate,
	"/generate_content_stream":  FamilyGeminiGenerate,
	"http:/v1/messages":         FamilyAnthropicMessages,
	"http:/v1beta/interactions": FamilyGeminiInteractions,
	"http:/rerank":              FamilyRerank,
	"tool:tavily.web_search":    FamilyTool,
	"api:file_processors/pypdf": FamilyFileProcessor,
}

func TestCorpusClassify(t *testing.T) {
	for _, row := range readManifest(t) {
		t.Run(row.file, func(t *testing.T) {
			r := parseFile(t, row.file)
			want, ok := wantFamily[row.endpoint]
			if !ok {
				t.Fatalf("no expected family for endpoint %q", row.endpoint)
			}
			if r.Family != want {
				t.Errorf("Family = %s, want %s", r.Family, want)
			}
			if r.Unknown {
				t.Errorf("Unknown with notice %q", r.Notice)
			}
			if r.Streaming != row.streaming {
				t.Errorf("Streaming = %v, want %v", r.Streaming, row.streaming)
			}
			if strings.Contains(row.category, " EXC ") != (r.Exception != nil) {
				t.Errorf("Exception = %+v, category %q", r.Exception, row.category)
			}
			if !row.streaming {
				return
			}
			// The manifest counts body elements; for SSE bodies those are
			// lines, three per event (event:, data:, blank).
			want = ""
			wantChunks := row.chunks
			if strings.Contains(row.category, "[<str>]") {
				wantChunks = 0
				for _, l := range r.Doc.GetArray("response", "body") {
					if strings.HasPrefix(string(l.GetStringBytes()), "data:") {
						wantChunks++
					}
				}
			}
			if len(r.Chunks) != wantChunks {
				t.Errorf("%d chunks, want %d", len(r.Chunks), wantChunks)
			}
		})
	}
}

func TestCorpusAssemble(t *testing.T) {
	for _, row := range readManifest(t) {
		t.Run(row.file, func(t *testing.T) {
			r := parseFile(t, row.file)
			v, err := Assemble(r)
			if err != nil {
				t.Errorf("Assemble: %v", err)
			}
			if v == nil {
				t.Fatal("Assemble returned nil")
			}
		})
	}
}
