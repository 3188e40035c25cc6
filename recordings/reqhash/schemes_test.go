package reqhash

import (
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// TestSchemesList: the history newest first, one current scheme per shape.
func TestSchemesList(t *testing.T) {
	var names []string
	current := map[string]int{}
	for _, s := range Schemes() {
		names = append(names, s.Name)
		if s.Current {
			current[s.Shape]++
		}
		if s.Source == "" || s.Recorder == "" || s.Hashes == "" {
			t.Errorf("%s: Source, Recorder or Hashes empty", s.Name)
		}
		if got, ok := SchemeByName(s.Name); !ok || got.Name != s.Name {
			t.Errorf("SchemeByName(%q) = %v, %v", s.Name, got, ok)
		}
	}
	want := []string{SchemeCurrent, SchemeLegacyNoFileSearch, SchemeTestIDRawBody, SchemeV0, SchemeTool, SchemeHTTP}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("Schemes() = %v, want %v", names, want)
	}
	for _, shape := range []string{ShapeInference, ShapeTool, ShapeHTTP} {
		if current[shape] != 1 {
			t.Errorf("%d current schemes for %s, want 1", current[shape], shape)
		}
	}
	if _, ok := SchemeByName("none"); ok {
		t.Error(`SchemeByName("none") found a scheme`)
	}
}

// TestVerifyOlderSchemes: each inference scheme that is not today's names
// a file, which is then stale, with the name replay looks for today. The
// hashes were computed with CPython 3.11 (json.dumps(obj, sort_keys=True),
// hashlib.sha256) following the recorder versions each Scheme's Source
// names, not with this package.
func TestVerifyOlderSchemes(t *testing.T) {
	const seed = "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"
	// The seed with a long decimal in its user message: the current scheme
	// rounds it to 3.14159 (hash 32393bf8...), the test_id-raw-body scheme
	// hashes the body as recorded, this text:
	//
	//	{"body": {"messages": [{"content": "You are a helpful assistant", "role": "system"},
	//	 {"content": [{"text": "Give me a sentence that contains the word: hello 3.14159265",
	//	 "type": "text"}], "role": "user"}], "model": "llama3.2:3b-instruct-fp16", "stream": true,
	//	 "stream_options": {"include_usage": true}}, "endpoint": "/v1/v1/chat/completions",
	//	 "method": "POST", "test_id": "tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]"}
	//
	// (one line in the recorder), sha256 3663a3f2...; v0 gives b5662d8c....
	rawText := strings.Replace(string(corpustest.Read(t, seed)), `the word: hello"`, `the word: hello 3.14159265"`, 1)
	tests := []struct {
		name, file, text, as string
		scheme, replay       string
	}{
		{
			// A stale file of ../shared/corpus (seeds/): its user message
			// quotes a file_search result, "[1] document_id:
			// file-753491389399, score: 0.13882, attributes: {...}". The
			// legacy scheme hashes that text as it is (2245 bytes of
			// canonical text, sha256 8ce76cb0..., the file's name); the
			// current one turns it into "score: __NORMALIZED__ (cite as
			// ...)" without the attributes (2104 bytes, sha256 159d5fd0...).
			name: "legacy-no-filesearch-norm: the file_search seed", file: "seeds/8ce76cb00986647bbb2175d73915eee068824175e094bf70e5d0fe4711550632.json",
			as:     "8ce76cb00986647bbb2175d73915eee068824175e094bf70e5d0fe4711550632.json",
			scheme: SchemeLegacyNoFileSearch, replay: "159d5fd06bdfead64654803ab73fcadc4a7346c85c051a9f2a722558fe6fd93c.json",
		},
		{
			name: "test_id-raw-body: a constructed file", text: rawText,
			as:     "3663a3f2a53096590d7eaa8154581fb50b92432775b1073d46fc2dcc16021434.json",
			scheme: SchemeTestIDRawBody, replay: "32393bf82492233a228f0fe59ddc902e6ddf161212d33e2585e4733247e1cef2.json",
		},
		{
			name: "v0: the same, named by the 2025 recorder", text: rawText,
			as:     "b5662d8c5ad1.json",
			scheme: SchemeV0, replay: "32393bf82492233a228f0fe59ddc902e6ddf161212d33e2585e4733247e1cef2.json",
		},
		{
			name: "current: the same under today's name", text: rawText,
			as:     "32393bf82492233a228f0fe59ddc902e6ddf161212d33e2585e4733247e1cef2.json",
			scheme: SchemeCurrent, replay: "32393bf82492233a228f0fe59ddc902e6ddf161212d33e2585e4733247e1cef2.json",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.text
			if tc.file != "" {
				text = string(corpustest.Read(t, tc.file))
			}
			got := Verify(tc.as, hashParse(t, text))
			want := Stale
			if tc.scheme == SchemeCurrent {
				want = OK
			}
			if got.Status != want || got.Scheme != tc.scheme || got.ReplayName != tc.replay {
				t.Errorf("Verify = %v, %q, replay %q; want %v, %q, %q (note %q)",
					got.Status, got.Scheme, got.ReplayName, want, tc.scheme, tc.replay, got.Note)
			}
			if want == Stale && !strings.Contains(got.Note, tc.replay) {
				t.Errorf("Note %q does not give the replay name", got.Note)
			}
		})
	}
}
