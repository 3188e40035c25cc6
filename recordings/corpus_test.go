package recordings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

func parseFile(t testing.TB, name string) *Recording {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(), name))
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
	for _, row := range corpustest.Manifest(t) {
		t.Run(row.File, func(t *testing.T) {
			r := parseFile(t, row.File)
			want, ok := wantFamily[row.Endpoint]
			if !ok {
				t.Fatalf("no expected family for endpoint %q", row.Endpoint)
			}
			if r.Family != want {
				t.Errorf("Family = %s, want %s", r.Family, want)
			}
			if r.Unknown {
				t.Errorf("Unknown with notice %q", r.Notice)
			}
			if r.Streaming != row.Streaming {
				t.Errorf("Streaming = %v, want %v", r.Streaming, row.Streaming)
			}
			if strings.Contains(row.Category, " EXC ") != (r.Exception != nil) {
				t.Errorf("Exception = %+v, category %q", r.Exception, row.Category)
			}
			if !row.Streaming {
				return
			}
			// The manifest counts body elements; for SSE bodies those are
			// lines, three per event (event:, data:, blank).
			want = ""
			wantChunks := row.Chunks
			if strings.Contains(row.Category, "[<str>]") {
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
	for _, row := range corpustest.Manifest(t) {
		t.Run(row.File, func(t *testing.T) {
			r := parseFile(t, row.File)
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
