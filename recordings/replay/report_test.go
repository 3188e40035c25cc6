package replay

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

const (
	// A 2025 /api/ps recording whose request, hashed today with "test_id":
	// null, is common/recordings/02c93bb3....json (corpus-replay.tsv).
	v0PS      = "tests/integration/recordings/responses/d0ac68cbde69.json"
	commonPS  = "tests/integration/common/recordings/02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json"
	respPS    = "tests/integration/responses/recordings/02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json"
	agentsDir = "tests/integration/agents/recordings"
)

func corpusReport(t *testing.T, extra ...File) (*Tree, *Report) {
	t.Helper()
	files := append(corpusTree(t, ""), extra...)
	tree := Analyze(files)
	data := map[string][]byte{}
	for _, f := range files {
		data[f.Path] = f.Data
	}
	read := func(p string) ([]byte, error) {
		if d, ok := data[p]; ok {
			return d, nil
		}
		return nil, os.ErrNotExist
	}
	return tree, tree.Report(ReportOptions{Top: 5, Read: read})
}

func TestReportCorpus(t *testing.T) {
	tree, r := corpusReport(t)
	// corpus-replay.tsv: 119 ok, 82 stale, 7 mismatch, 2 not replayed (the
	// file processors), 6 leftovers; never found: those 91 and the ok
	// model list common/recordings/64a2277c….json, whose name lacks the
	// models- prefix replay's glob wants.
	if r.Recordings != 210 || r.Skipped != 3 || r.Broken != 0 {
		t.Errorf("%d recordings, %d skipped, %d broken", r.Recordings, r.Skipped, r.Broken)
	}
	if r.Statuses[reqhash.OK] != 119 || r.Statuses[reqhash.Stale] != 82 || r.Statuses[reqhash.Mismatch] != 7 || r.Statuses[reqhash.NotReplayed] != 2 {
		t.Errorf("statuses %v", r.Statuses)
	}
	if len(r.Never) != 92 || r.Leftovers != 6 {
		t.Errorf("%d never found, %d leftovers; want 92, 6", len(r.Never), r.Leftovers)
	}
	var size int64
	for _, e := range r.Never {
		size += int64(e.Size)
	}
	if size != r.NeverBytes || size == 0 {
		t.Errorf("NeverBytes %d, sizes add to %d", r.NeverBytes, size)
	}
	// The same /api/ps request (test_id null) in common/ and in
	// responses/: replay opens common's, responses' is the copy.
	var dup *Duplicate
	for i := range r.Duplicates {
		if r.Duplicates[i].Keep.Path == commonPS {
			dup = &r.Duplicates[i]
		}
	}
	if dup == nil || len(dup.Drop) == 0 || !inDrop(dup, respPS) || !inDrop(dup, v0PS) {
		t.Fatalf("no duplicate group keeping %s with %s and %s: %+v", commonPS, respPS, v0PS, dup)
	}
	// Fixes: every stale file, renamed unless its new name exists.
	fixes, renamed := tree.Fixes(), 0
	for _, f := range fixes {
		if f.Entry.Check.Status != reqhash.Stale {
			t.Errorf("fix of a %v file", f.Entry.Check.Status)
		}
		if f.To != "" {
			renamed++
			if !strings.HasSuffix(f.To, "/"+f.Entry.Check.ReplayName) {
				t.Errorf("%s -> %s, not to %s", f.Entry.Path, f.To, f.Entry.Check.ReplayName)
			}
		} else if !strings.HasSuffix(f.Skip, " exists") && !strings.HasSuffix(f.Skip, " new name") {
			t.Errorf("%s skipped: %s", f.Entry.Path, f.Skip)
		}
	}
	if len(fixes) != 82 || renamed == 0 {
		t.Errorf("%d fixes, %d renames", len(fixes), renamed)
	}
	if len(r.Heavy) == 0 || r.Heavy[0].Count < r.Heavy[len(r.Heavy)-1].Count {
		t.Errorf("heavy tests %+v", r.Heavy)
	}
	if r.Orphans != nil {
		t.Errorf("orphans without .py files: %v", r.Orphans)
	}
}

func inDrop(d *Duplicate, p string) bool {
	for _, e := range d.Drop {
		if e.Path == p {
			return true
		}
	}
	return false
}

// TestHeavyFields: three recordings of one test whose requests differ in
// a tool call id and in max_tokens null vs 0 differ only in what the
// recorder's normalization misses; a fourth with another question does
// not. The files are the corpus seed, edited, each named by today's hash
// (reqhash computes it; the test is about the comparison).
func TestHeavyFields(t *testing.T) {
	seed := string(corpustest.Read(t, "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"))
	edit := func(old, new string) string {
		s := strings.Replace(seed, old, new, 1)
		if s == seed {
			t.Fatalf("no %q in the seed", old)
		}
		return s
	}
	variants := []string{
		edit(`"stream": true,`, `"stream": true, "max_tokens": null, "tool_choice": "auto",`),
		edit(`"stream": true,`, `"stream": true, "max_tokens": 0,`),
		edit(`"content": "You are a helpful assistant"`, `"content": [{"type": "text", "text": "You are a helpful assistant"}]`),
	}
	files := named(t, variants)
	_, r := reportOf(t, files)
	g := r.Heavy[0].Groups[0]
	if r.Heavy[0].Count != 3 || len(g.Entries) != 3 || !g.OnlyMissed {
		t.Fatalf("heavy %+v", r.Heavy)
	}
	for _, want := range []string{"max_tokens", "tool_choice", "messages[].content"} {
		if !strings.Contains(strings.Join(g.Fields, " "), want) {
			t.Errorf("fields %v lack %s", g.Fields, want)
		}
	}
	files = named(t, append(variants, edit(`the word: hello`, `the word: goodbye`)))
	_, r = reportOf(t, files)
	if g := r.Heavy[0].Groups[0]; g.OnlyMissed || !strings.Contains(strings.Join(g.Fields, " "), "messages[].content[].text") {
		t.Errorf("a real difference: %+v", g)
	}
}

// named names each text by today's hash, in the agents recordings folder.
func named(t *testing.T, texts []string) []File {
	var files []File
	for _, s := range texts {
		in, err := reqhash.ForRequest(mustParse(t, s))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{agentsDir + "/" + in[0].FileName, []byte(s)})
	}
	return files
}

func reportOf(t *testing.T, files []File) (*Tree, *Report) {
	tree := Analyze(files)
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return tree, tree.Report(ReportOptions{Read: func(p string) ([]byte, error) { return m[p], nil }})
}

// TestOrphans: with the agents test file present, a recording of a
// function it lacks and one of a file that is gone are orphans.
func TestOrphans(t *testing.T) {
	py := File{"tests/integration/agents/test_openai_responses.py", []byte("import pytest\n\nclass TestX:\n    async def test_other(self):\n        pass\n\ndef test_guardrails_with_tools(c):\n    pass\n")}
	_, r := corpusReport(t, py)
	if len(r.Orphans) == 0 {
		t.Fatal("no orphans")
	}
	var noFunc, noFile bool
	for _, o := range r.Orphans {
		noFunc = noFunc || o.Why == "no function test_function_call_output_response_with_none_arguments in tests/integration/agents/test_openai_responses.py"
		noFile = noFile || strings.HasPrefix(o.Why, "no test file tests/integration/responses/")
		if strings.Contains(o.Entry.TestID, "test_guardrails_with_tools") {
			t.Errorf("%s is an orphan: %s", o.Entry.Path, o.Why)
		}
	}
	if !noFunc || !noFile {
		t.Errorf("orphans lack a missing function or file: %v", r.Orphans[:min(5, len(r.Orphans))])
	}
	tree := Analyze([]File{py})
	if why := tree.missingTest("tests/integration/agents/test_openai_responses.py::TestX::test_other[p]"); why != "" {
		t.Errorf("missingTest = %q", why)
	}
	if why := tree.missingTest("tests/integration/agents/test_openai_responses.py::TestY::test_other"); why != "no class TestY in tests/integration/agents/test_openai_responses.py" {
		t.Errorf("missingTest = %q", why)
	}
}

func TestFind(t *testing.T) {
	tree, _ := corpusReport(t)
	const h = "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc"
	// Outside a test: the fallback folder only, where it is.
	l, err := tree.Find(Query{Hash: h})
	if err != nil || l.Found != commonPS || len(l.Places) != 1 {
		t.Fatalf("Find: %+v, %v", l, err)
	}
	if len(l.Named) != 2 || len(l.Held) == 0 {
		t.Errorf("named %d, held %d; want the two copies named and the 2025 file holding it", len(l.Named), len(l.Held))
	}
	// From an agents test: its own folder first (nothing), then common.
	l, _ = tree.Find(Query{Hash: h, TestID: "tests/integration/agents/test_agents.py::test_x"})
	if len(l.Places) != 2 || l.Places[0].Dir != agentsDir || len(l.Places[0].Present) != 0 || l.Found != commonPS {
		t.Errorf("Find from agents: %+v", l)
	}
	// Not there: candidates of the same test and endpoint, then model.
	testID := "tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]"
	l, _ = tree.Find(Query{Hash: strings.Repeat("0", 64), TestID: testID, Endpoint: "/v1/chat/completions", Model: "llama3.2:3b-instruct-fp16"})
	if l.Found != "" || len(l.Candidates) == 0 {
		t.Fatalf("Find of nothing: %+v", l)
	}
	if l.Candidates[0].Entry.TestID == testID && l.Candidates[0].Why != "same test and endpoint" {
		t.Errorf("first candidate %+v", l.Candidates[0])
	}
	for _, c := range l.Candidates {
		if c.Entry.TestID != testID && c.Entry.Model != "llama3.2:3b-instruct-fp16" {
			t.Errorf("candidate %s shares nothing", c.Entry.Path)
		}
	}
	if _, err := tree.Find(Query{Hash: "xyz"}); err == nil {
		t.Error("Find of a non-hash gave no error")
	}
	if got, _ := tree.ListTest("test_guardrails_with_tools", true); len(got) != 1 {
		t.Error("ListTest --contains of a function name found nothing")
	}
	// pytest's failure header names the function and its parameters:
	// the tree completes it when one test id ends so.
	want := "tests/integration/agents/test_openai_responses.py::test_guardrails_with_tools[openai_client-txt=ollama/llama3.2:3b-instruct-fp16]"
	if id := tree.TestIDOf("test_guardrails_with_tools[openai_client-txt=ollama/llama3.2:3b-instruct-fp16]"); id != want {
		t.Errorf("TestIDOf = %q, want %q", id, want)
	}
	if id := tree.TestIDOf("test_guardrails_with_tools"); id != "" {
		t.Errorf("TestIDOf of a name without its parameters = %q", id)
	}
}

func TestParseNotFound(t *testing.T) {
	const h = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	tests := []struct {
		name, text string
		want       NotFound
	}{
		{"current", "E   RuntimeError: Recording not found for request hash: " + h + "\nE   Model: gpt-4o | Request: POST https://api.openai.com/v1/v1/chat/completions\nE   \nE   Run './scripts/integration-tests.sh ...'\n" +
			"FAILED tests/integration/responses/test_basic.py::test_x[openai_client-txt=openai/gpt-4o] - RuntimeError: Recording not found\n",
			NotFound{Hash: h, Model: "gpt-4o", Method: "POST", URL: "https://api.openai.com/v1/v1/chat/completions", Endpoint: "/v1/v1/chat/completions",
				TestID: "tests/integration/responses/test_basic.py::test_x[openai_client-txt=openai/gpt-4o]", Form: "current"}},
		{"older", "No recorded response found for request hash: " + h + "\nRequest: POST http://localhost:11434/v1/chat/completions {'model': 'x'}\nModel: llama3.2:3b\nTo record this response, run with LLAMA_STACK_TEST_INFERENCE_MODE=record",
			NotFound{Hash: h, Model: "llama3.2:3b", Method: "POST", URL: "http://localhost:11434/v1/chat/completions", Endpoint: "/v1/chat/completions", Form: "older"}},
		{"older endpoint", "No recorded response found for request hash: " + h + "\nEndpoint: /api/generate\nModel: llama3.2:3b\n",
			NotFound{Hash: h, Model: "llama3.2:3b", Endpoint: "/api/generate", Form: "older"}},
		{"pytest header", "_____ TestChat.test_chat[txt=ollama/llama3.2:3b-instruct-fp16-inference:chat_completion:sample] _____\n\n    def test_chat(self):\n>       r = c.chat()\n\nE   RuntimeError: Recording not found for request hash: " + h + "\nE   Model: llama3.2:3b | Request: POST http://0.0.0.0:11434/v1/v1/chat/completions\n",
			NotFound{Hash: h, Model: "llama3.2:3b", Method: "POST", URL: "http://0.0.0.0:11434/v1/v1/chat/completions", Endpoint: "/v1/v1/chat/completions",
				TestName: "TestChat::test_chat[txt=ollama/llama3.2:3b-instruct-fp16-inference:chat_completion:sample]", Form: "current"}},
		// An <input> drops the line breaks of a pasted text.
		{"one line", "E   RuntimeError: Recording not found for request hash: " + h + "E   Model: gpt-4o | Request: POST https://api.openai.com/v1/v1/chat/completionsE   E   Run './scripts/integration-tests.sh ...'",
			NotFound{Hash: h, Model: "gpt-4o", Method: "POST", URL: "https://api.openai.com/v1/v1/chat/completions", Endpoint: "/v1/v1/chat/completions", Form: "current"}},
		// (The older form's model runs into the next line's words: not read.)
		{"older one line", "No recorded response found for request hash: " + h + "Request: POST http://localhost:11434/v1/chat/completions {'model': 'x'}Model: llama3.2:3bTo record",
			NotFound{Hash: h, Method: "POST", URL: "http://localhost:11434/v1/chat/completions", Endpoint: "/v1/chat/completions", Form: "older"}},
		{"genai", "Recording not found for genai request hash: " + h + "\nModel: gemini-2.5-flash | Endpoint: /generate_content\n",
			NotFound{Hash: h, Model: "gemini-2.5-flash", Endpoint: "/generate_content", Form: "genai"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseNotFound(tc.text)
			if err != nil || got != tc.want {
				t.Errorf("ParseNotFound = %+v, %v\nwant %+v", got, err, tc.want)
			}
		})
	}
	if _, err := ParseNotFound("Recording not found for tavily.web_search | Request: {}"); !errors.Is(err, ErrNoHash) {
		t.Errorf("a tool miss: %v", err)
	}
}

// FuzzParseNotFound: any text gives a NotFound with a 64-hex hash or
// ErrNoHash, never a panic.
func FuzzParseNotFound(f *testing.F) {
	f.Add("Recording not found for request hash: " + strings.Repeat("a", 64) + "\nModel: m | Request: POST http://h/v1/x\n")
	f.Add("No recorded response found for request hash: " + strings.Repeat("b", 64) + "\nEndpoint: /e\nModel: m")
	f.Add("FAILED tests/x/test_y.py::test_z[a] - x")
	f.Fuzz(func(t *testing.T, text string) {
		nf, err := ParseNotFound(text)
		if err != nil {
			if !errors.Is(err, ErrNoHash) {
				t.Fatal(err)
			}
			return
		}
		if len(nf.Hash) != 64 || strings.Trim(nf.Hash, "0123456789abcdef") != "" || !strings.Contains(strings.ToLower(text), nf.Hash) {
			t.Fatalf("hash %q", nf.Hash)
		}
	})
}

func mustParse(t *testing.T, s string) *fastjson.Value {
	t.Helper()
	v, err := fastjson.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// FuzzTree: any file, added beside a corpus recording, gives an entry of
// some kind and a report, never a panic.
func FuzzTree(f *testing.F) {
	f.Add("tests/integration/x/recordings/"+strings.Repeat("a", 64)+".json", []byte(`{"request": {"method": "POST", "url": "http://h/v1/models", "endpoint": "/v1/models", "body": {}}, "response": {"body": [{"id": 1}]}}`))
	f.Add("tsconfig.json", []byte("{ // x\n}"))
	f.Add("tests/x/test_a.py", []byte("def test_a():\n  pass\n"))
	seed := corpustest.Read(f, "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json")
	f.Fuzz(func(t *testing.T, p string, data []byte) {
		tree := New()
		tree.Add("tests/integration/agents/recordings/"+strings.Repeat("5", 64)+".json", seed)
		tree.Add(p, data)
		tree.Report(ReportOptions{Read: func(string) ([]byte, error) { return data, nil }})
		tree.Fixes()
		tree.Find(Query{Hash: strings.Repeat("5", 64), TestID: p})
		tree.ListTest(p, true)
	})
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KB", 1536: "1.5 KB", 5 << 20: "5.0 MB", 4.5 * (1 << 20): "4.5 MB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestReadAhead: ReadAhead is called once, before the first Read, with
// every file the comparison then reads, each once, on the corpus (whose
// heavy tests have groups of one recording too, left out of both); a
// report without Read calls it not at all.
func TestReadAhead(t *testing.T) {
	files := corpusTree(t, "")
	tree := Analyze(files)
	data := map[string][]byte{}
	for _, f := range files {
		data[f.Path] = f.Data
	}
	var want []string
	calls := 0
	read := map[string]int{}
	r := tree.Report(ReportOptions{Top: 5,
		ReadAhead: func(paths []string) {
			calls++
			if len(read) > 0 {
				t.Errorf("ReadAhead called after %d files were read", len(read))
			}
			want = paths
		},
		Read: func(p string) ([]byte, error) {
			read[p]++
			return data[p], nil
		},
	})
	single := 0
	for _, h := range r.Heavy {
		for _, g := range h.Groups {
			if len(g.Entries) == 1 {
				single++
			}
		}
	}
	if calls != 1 || len(want) < 10 || single == 0 {
		t.Fatalf("ReadAhead called %d times, with %d paths; %d groups of one: the corpus no longer tests this", calls, len(want), single)
	}
	for _, p := range want {
		if read[p] != 1 {
			t.Errorf("%s: read %d times, want once", p, read[p])
		}
		delete(read, p)
	}
	for p, n := range read {
		t.Errorf("%s: read %d times, not handed to ReadAhead", p, n)
	}
	tree.Report(ReportOptions{Top: 5, ReadAhead: func([]string) { calls++ }})
	if calls != 1 {
		t.Error("ReadAhead called by a report without Read")
	}
}
