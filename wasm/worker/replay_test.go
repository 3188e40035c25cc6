package main

import (
	"os"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/replayhtml"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// corpusFolder is the corpus laid out as an ogx tests/integration tree
// (corpustest.WriteTree's paths), with its files that are not recordings,
// handed to a folder as the page's index hands it: an Item line per file
// (a recording parsed and hashed by the page; the others marked
// NotRecording), read back by ParseItems.
func corpusFolder(t *testing.T, extra map[string]string) (*folder, map[string][]byte) {
	t.Helper()
	items, data := corpusItems(t, extra)
	f := newFolder(func(p string) ([]byte, error) {
		if d, ok := data[p]; ok {
			return d, nil
		}
		return nil, os.ErrNotExist
	})
	f.add(items)
	for p := range extra {
		if strings.HasSuffix(p, ".py") {
			f.addTest(p)
		}
	}
	return f, data
}

// corpusItems are corpusFolder's files, by path, and their Items as the
// page hands them over.
func corpusItems(t *testing.T, extra map[string]string) ([]pageworker.Item, map[string][]byte) {
	t.Helper()
	data := map[string][]byte{}
	for _, name := range corpustest.TopFiles(t) {
		data[corpustest.TreePath(name)] = corpustest.Read(t, name)
	}
	for p, s := range corpustest.Extras {
		data[p] = []byte(s)
	}
	for p, s := range extra {
		data[p] = []byte(s)
	}
	var lines []byte
	var parser recordings.Parser
	for p, d := range data {
		if !strings.HasSuffix(p, ".json") {
			continue
		}
		it := pageworker.Item{Path: p, Size: len(d), NotRecording: true}
		if rec, err := parser.Parse(path.Base(p), d); err == nil {
			c := reqhash.Verify(path.Base(p), rec.Doc)
			it = pageworker.ItemOf(p, len(d), rec, &c)
		}
		lines = pageworker.AppendItem(lines, &it)
	}
	var add pageworker.ReplayAdd // as the page posts it
	if err := pageworker.Decode(pageworker.KindReplayAdd, pageworker.ReplayAddBody(lines, nil), &add); err != nil {
		t.Fatal(err)
	}
	return add.Items, data
}

// The page's report of the corpus tree says what docs/replay.md's table
// says of it (held there by the core's tests to a table CPython computed
// from the recorder's rules), and what the core says when it parses the
// files itself: handing the index's items over loses nothing.
func TestFolderReport(t *testing.T) {
	f, data := corpusFolder(t, nil)
	got := f.report(true)
	want := replayhtml.Report{Recordings: 210, Skipped: 3, OK: 119, Stale: 82, Mismatch: 7, NotReplayed: 2, NeverN: 92, Leftovers: 6, DuplicatesN: 13, Copies: 17, RootKnown: true, Compared: true}
	trim := cmp.FilterPath(func(p cmp.Path) bool {
		switch p.Last().String() {
		case ".Recordings", ".Skipped", ".OK", ".Stale", ".Mismatch", ".NotReplayed", ".NeverN", ".Leftovers", ".DuplicatesN", ".Copies", ".RootKnown", ".Root", ".Broken", ".Unknown", ".Compared":
			return false
		}
		return true
	}, cmp.Ignore())
	if diff := cmp.Diff(want, got, trim); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	var size int64
	for _, e := range got.Never {
		size += int64(e.Size)
	}
	if mib := float64(got.NeverBytes) / (1 << 20); mib < 4.75 || mib > 4.85 || size != got.NeverBytes || len(got.Never) != 92 {
		t.Errorf("never found: %d listed, %d bytes (listed: %d); replay.md says 92 files, 4.8 MB", len(got.Never), got.NeverBytes, size)
	}
	// The same as the core's own reading of the files.
	var files []replay.File
	for p, d := range data {
		files = append(files, replay.File{Path: p, Data: d})
	}
	core := newFolder(f.read)
	core.tree = replay.Analyze(files)
	want = core.report(true)
	sorted := cmp.Transformer("sort", func(in []replayhtml.File) map[string]replayhtml.File {
		m := map[string]replayhtml.File{}
		for _, x := range in {
			m[x.Path] = x
		}
		return m
	})
	// The order of the tree's entries, which differ here (data is a map).
	sortedPaths := cmp.Transformer("sortPaths", func(in []replayhtml.Listed) map[string]replayhtml.Listed {
		m := map[string]replayhtml.Listed{}
		for _, x := range in {
			m[x.Path] = x
		}
		return m
	})
	if diff := cmp.Diff(want, got, sorted, sortedPaths); diff != "" {
		t.Errorf("the page's items vs the core's parse (-core +items):\n%s", diff)
	}
	if len(got.Heavy) == 0 || len(got.Heavy[0].Groups) == 0 || got.Heavy[0].Count < 2 {
		t.Errorf("heavy tests %+v", got.Heavy)
	}
	if got.Tests || got.Orphans != nil {
		t.Errorf("orphans without Python tests: %v", got.Orphans)
	}
	// The quick report is the same but for the request comparison.
	quick := f.report(false)
	for i := range got.Heavy {
		for j := range got.Heavy[i].Groups {
			got.Heavy[i].Groups[j].Fields, got.Heavy[i].Groups[j].OnlyMissed = nil, false
		}
	}
	got.Compared = false
	if diff := cmp.Diff(got, quick); diff != "" {
		t.Errorf("the quick report (-full +quick):\n%s", diff)
	}
}

// With the agents' test file in the folder, the recordings of its
// functions that are gone are orphans.
func TestFolderOrphans(t *testing.T) {
	f, _ := corpusFolder(t, map[string]string{"tests/integration/agents/test_openai_responses.py": "def test_guardrails_with_tools(c):\n    pass\n"})
	r := f.report(true)
	if !r.Tests || r.OrphansN == 0 || len(r.Orphans) == 0 {
		t.Fatalf("orphans: %v, %d", r.Tests, r.OrphansN)
	}
	for _, o := range r.Orphans {
		if strings.Contains(o.Path, "guardrails_with_tools") {
			t.Errorf("%s is an orphan: %s", o.Path, o.Why)
		}
	}
}

// A replay error as pytest prints it, for a request of the corpus seed's
// test with one parameter added (its text as api_recorder.py writes it),
// with the request body pasted below: the folder's candidates are the
// test's recordings, and the nearest differs in that parameter only.
func TestFolderLookup(t *testing.T) {
	seedPath := "tests/integration/agents/recordings/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"
	f, _ := corpusFolder(t, map[string]string{seedPath: string(corpustest.Read(t, "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"))})
	body := `{"model": "llama3.2:3b-instruct-fp16", "messages": [{"role": "system", "content": "You are a helpful assistant"}, {"role": "user", "content": [{"type": "text", "text": "Give me a sentence that contains the word: hello"}]}], "stream": true, "temperature": 0.7, "stream_options": {"include_usage": true}}`
	const testID = "tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]"
	in, err := reqhash.ForBody("POST", "/v1/v1/chat/completions", testID, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	text := "E       RuntimeError: Recording not found for request hash: " + in[0].Hash + "\n" +
		"E       Model: llama3.2:3b-instruct-fp16 | Request: POST http://0.0.0.0:11434/v1/v1/chat/completions\n" +
		"E       \n" +
		"E       Run './scripts/integration-tests.sh --inference-mode record-if-missing' with required API keys to generate.\n\n" +
		"src/ogx/testing/api_recorder.py:1111: RuntimeError\n" +
		"FAILED " + testID + " - RuntimeError: Recording not found for request hash: " + in[0].Hash + "\n\n" + body + "\n"
	l := f.lookup(text)
	if l.Err != "" || l.Hash != in[0].Hash || l.TestID != testID || l.Found != "" || len(l.Places) != 2 {
		t.Fatalf("lookup %+v", l)
	}
	if len(l.Candidates) == 0 || l.Candidates[0].Path != seedPath || l.Candidates[0].Why != "same test and endpoint" {
		t.Errorf("candidates %+v", l.Candidates)
	}
	if !l.Body || l.BodyHash != in[0].Hash || l.Nearest != seedPath {
		t.Errorf("body %v, hash %s, nearest %s (%s)", l.Body, l.BodyHash, l.Nearest, l.BodyErr)
	}
	if want := []replayhtml.Change{{Path: "body.temperature", Requested: "0.7"}}; !cmp.Equal(l.Changes, want) {
		t.Errorf("changes %+v, want %+v", l.Changes, want)
	}
	// The same error under pytest's failure header alone: the folder
	// completes the test's name.
	header := "____ test_agent_simple[ollama/llama3.2:3b-instruct-fp16] ____\n" + text[:strings.Index(text, "FAILED")]
	if l := f.lookup(header); l.TestID != testID || len(l.Candidates) == 0 {
		t.Errorf("under the header: test %q, %d candidates", l.TestID, len(l.Candidates))
	}
	if l := f.lookup("no error here"); l.Err == "" {
		t.Error("a text without the error: no Err")
	}
}
