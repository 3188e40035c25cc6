package replay

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
)

// The corpus seed 5d00fd96…: an agents test's streamed chat completion,
// named by the recorder with today's scheme (HASHCHECK.tsv: current).
const (
	seedName   = "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"
	seedHash   = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af"
	seedTestID = "tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]"
	seedURL    = "/v1/v1/chat/completions" // the path of request.url, which the hash takes
	seedBody   = `{"model": "llama3.2:3b-instruct-fp16", "messages": [{"role": "system", "content": "You are a helpful assistant"}, {"role": "user", "content": [{"type": "text", "text": "Give me a sentence that contains the word: hello"}]}], "stream": true, "stream_options": {"include_usage": true}}`
)

// TestDiffRequest: the seed's own body, sent from its test to its URL,
// hashes to the seed's name (the recorder's hash, not ours) and differs
// in nothing; each edit is the one change named by its path.
func TestDiffRequest(t *testing.T) {
	rec := corpustest.Read(t, seedName)
	tests := []struct {
		name, testID, body string
		want               []FieldChange
	}{
		{"same", seedTestID, seedBody, nil},
		{"a parameter added", seedTestID, strings.Replace(seedBody, `"stream": true`, `"stream": true, "temperature": 0.7`, 1),
			[]FieldChange{{Path: "body.temperature", Requested: "0.7"}}},
		{"a message edited", seedTestID, strings.Replace(seedBody, "word: hello", "word: goodbye", 1),
			[]FieldChange{{Path: "body.messages[1].content[0].text", Recorded: `"Give me a sentence that contains the word: hello"`, Requested: `"Give me a sentence that contains the word: goodbye"`}}},
		{"a field dropped, outside a test", "", strings.Replace(seedBody, `, "stream_options": {"include_usage": true}`, "", 1),
			[]FieldChange{
				{Path: "body.stream_options.include_usage", Recorded: "true"},
				{Path: "test_id", Recorded: `"` + seedTestID + `"`, Requested: "null"},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := DiffRequest(rec, "POST", seedURL, tc.testID, []byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, d.Changes); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
			if same := d.Hash == seedHash; same != (tc.want == nil) {
				t.Errorf("hash %s; the seed's name is %s", d.Hash, seedHash)
			}
			if d.Canonical == "" || d.Recorded == "" || (tc.want == nil) != (d.Canonical == d.Recorded) {
				t.Errorf("canonical texts:\n%s\n%s", d.Canonical, d.Recorded)
			}
		})
	}
	if _, err := DiffRequest(rec, "POST", seedURL, "", []byte("{nope")); err == nil {
		t.Error("a body that is not JSON gave no error")
	}
	if _, err := DiffRequest([]byte(`{"a": 1}`), "POST", seedURL, "", []byte(seedBody)); err == nil {
		t.Error("a recording without a request gave no error")
	}
}

// TestNearest: among the seed's own test's recordings (the corpus tree
// plus the seed and an edited copy), the seed is the nearest to its body
// with one field changed; a tool call cannot be compared and is passed.
func TestNearest(t *testing.T) {
	seed := string(corpustest.Read(t, seedName))
	other := strings.Replace(seed, "word: hello", "word: goodbye", 1)
	files := map[string][]byte{"a/other.json": []byte(other), "a/seed.json": []byte(seed), "a/tool.json": []byte(`{"request": {"provider": "tavily"}}`)}
	cands := []Candidate{{Entry: &Entry{Path: "a/tool.json"}}, {Entry: &Entry{Path: "a/other.json"}}, {Entry: &Entry{Path: "a/seed.json"}}, {Entry: &Entry{Path: "a/gone.json"}}}
	read := func(p string) ([]byte, error) {
		if d, ok := files[p]; ok {
			return d, nil
		}
		return nil, os.ErrNotExist
	}
	nf := NotFound{Hash: strings.Repeat("0", 64), Endpoint: seedURL, TestID: seedTestID}
	body := strings.Replace(seedBody, `"stream": true`, `"stream": true, "temperature": 0.7`, 1)
	c, d, err := Nearest(cands, nf, []byte(body), read)
	if err != nil || c.Entry.Path != "a/seed.json" || len(d.Changes) != 1 || d.Changes[0].Path != "body.temperature" {
		t.Fatalf("Nearest = %v, %+v, %v", c.Entry, d, err)
	}
	if _, _, err := Nearest(cands[:1], nf, []byte(body), read); !errors.Is(err, ErrNoCandidate) {
		t.Errorf("only a tool call: %v", err)
	}
	if _, _, err := Nearest(cands, nf, []byte("{"), read); err == nil {
		t.Error("a body that is not JSON gave no error")
	}
}

func TestPastedBody(t *testing.T) {
	errText := "E   RuntimeError: Recording not found for request hash: " + seedHash + "\nE   Model: m | Request: POST http://h/v1/chat/completions\n"
	tests := []struct {
		name, text, want string
	}{
		{"after the error", errText + "\n" + seedBody + "\n", seedBody},
		{"before it, indented", "  {\"model\": \"x\",\n   \"messages\": []}\n" + errText, "{\"model\": \"x\",\n   \"messages\": []}"},
		{"a Python dict is not JSON", "Request: POST http://h/x {'model': 'x'}\n", ""},
		{"a nested JSON object in a dict", "{'a': {\"b\": 1}}", `{"b": 1}`},
		{"none", errText, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := PastedBody(tc.text)
			if string(got) != tc.want || ok != (tc.want != "") {
				t.Errorf("PastedBody = %q, %v; want %q", got, ok, tc.want)
			}
		})
	}
}

// FuzzPastedBody: any text gives a JSON object it holds, or nothing;
// never a panic.
func FuzzPastedBody(f *testing.F) {
	f.Add("x {\"a\": [1, {\"b\": 2}]} y")
	f.Add("{'a': 1} {")
	f.Fuzz(func(t *testing.T, text string) {
		body, ok := PastedBody(text)
		if ok != (body != nil) || ok && (!strings.Contains(text, string(body)) || body[0] != '{') {
			t.Fatalf("PastedBody(%q) = %q, %v", text, body, ok)
		}
	})
}

// TestAddEntry: a tree made of another's entries, as the viewer hands
// them over, resolves and reports as the tree that parsed the files.
func TestAddEntry(t *testing.T) {
	files := corpusTree(t, "")
	parsed := Analyze(files)
	handed := New()
	for _, e := range parsed.Entries() {
		e.ReplayPath, e.Found, e.Leftover = "stale", true, true // recomputed
		handed.AddEntry(e)
	}
	if diff := cmp.Diff(parsed.Entries(), handed.Entries(), cmp.Comparer(func(a, b error) bool { return (a == nil) == (b == nil) })); diff != "" {
		t.Errorf("entries (-parsed +handed):\n%s", diff)
	}
	a, b := parsed.Report(ReportOptions{}), handed.Report(ReportOptions{})
	if len(a.Never) != len(b.Never) || len(a.Duplicates) != len(b.Duplicates) || a.Leftovers != b.Leftovers || len(a.Fixes) != len(b.Fixes) {
		t.Errorf("reports differ: %d/%d never, %d/%d duplicates", len(a.Never), len(b.Never), len(a.Duplicates), len(b.Duplicates))
	}
}
