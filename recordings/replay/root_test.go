package replay

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pickedIntegration is the corpus tree as the browser names a picked
// tests/integration folder's files, under prefix: from the folder's own
// name, "integration/…", tests/ left out; with the agents test file of
// TestOrphans.
func pickedIntegration(t *testing.T, prefix string) []File {
	t.Helper()
	py := File{"tests/integration/agents/test_openai_responses.py", []byte("def test_guardrails_with_tools(c):\n    pass\n")}
	var out []File
	for _, f := range append(corpusTree(t, ""), py) {
		p, ok := strings.CutPrefix(f.Path, "tests/")
		if !ok || !strings.HasPrefix(p, "integration/") {
			t.Fatalf("%s is not under tests/integration", f.Path)
		}
		out = append(out, File{prefix + p, f.Data})
	}
	return out
}

// TestRootOfIntegration: tests/integration given by itself (a picked
// folder: "integration/agents/recordings/….json") is the repository's
// tests/integration: replay looks in the same folders, tests/ left out,
// as in the whole repository, finds the same files, and the report and
// lookups say the same, for a tree named from the folder ("", the
// browser's) or under an absolute path outside any tests/ folder. The
// recorder's folder set by OGX_TEST_RECORDING_DIR moves the fallback
// folder with it, into the tree or above it.
func TestRootOfIntegration(t *testing.T) {
	py := File{"tests/integration/agents/test_openai_responses.py", []byte("def test_guardrails_with_tools(c):\n    pass\n")}
	whole := Analyze(append(corpusTree(t, ""), py))
	wholeReport := whole.Report(ReportOptions{})
	const h = "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc"
	const agentsTest = "tests/integration/agents/test_agents.py::test_x"
	for _, prefix := range []string{"", "/home/dev/picked/"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			tree := Analyze(pickedIntegration(t, prefix))
			if root, ok := tree.Root(); !ok || root != prefix+"../" {
				t.Errorf("Root() = %q, %v, want %q", root, ok, prefix+"../")
			}
			// Every entry as in the whole tree, tests/ replaced by prefix.
			tr := func(p string) string {
				if p == "" {
					return ""
				}
				return prefix + strings.TrimPrefix(p, "tests/")
			}
			wholeBy := map[string]Entry{}
			for _, e := range whole.Entries() {
				wholeBy[tr(e.Path)] = e
			}
			for _, e := range tree.Entries() {
				w, ok := wholeBy[e.Path]
				if !ok {
					t.Fatalf("%s is not in the whole tree", e.Path)
				}
				var dirs []string
				for _, d := range w.ReplayDirs {
					dirs = append(dirs, tr(d))
				}
				if !slices.Equal(e.ReplayDirs, dirs) || e.ReplayPath != tr(w.ReplayPath) || e.Found != w.Found || e.Leftover != w.Leftover {
					t.Errorf("%s: looks in %q, opens %q (found %v, leftover %v); the whole tree's: %q, %q (%v, %v)",
						e.Path, e.ReplayDirs, e.ReplayPath, e.Found, e.Leftover, dirs, tr(w.ReplayPath), w.Found, w.Leftover)
				}
			}
			r := tree.Report(ReportOptions{})
			if len(r.Misplaced) == 0 || len(r.Misplaced) != len(wholeReport.Misplaced) || len(r.Never) != len(wholeReport.Never) ||
				len(r.Orphans) == 0 || len(r.Orphans) != len(wholeReport.Orphans) || r.Skipped != wholeReport.Skipped {
				t.Errorf("report: %d misplaced, %d never, %d orphans, %d skipped; the whole tree's %d, %d, %d, %d",
					len(r.Misplaced), len(r.Never), len(r.Orphans), r.Skipped,
					len(wholeReport.Misplaced), len(wholeReport.Never), len(wholeReport.Orphans), wholeReport.Skipped)
			}
			l, err := tree.Find(Query{Hash: h, TestID: agentsTest})
			want := []string{prefix + "integration/agents/recordings", prefix + "integration/common/recordings"}
			if err != nil || len(l.Places) != 2 || l.Places[0].Dir != want[0] || l.Places[1].Dir != want[1] || l.Found != want[1]+"/"+h+".json" {
				t.Errorf("Find from an agents test: %+v, %v; want it looked up in %q, found in the second", l, err, want)
			}

			tree.SetRecordingDir("tests/integration/openresponses")
			e := entryAt(t, tree, prefix+strings.TrimPrefix(openresponsesModels, "tests/"))
			if !e.Found || !slices.Equal(e.ReplayDirs, []string{prefix + "integration/openresponses/recordings"}) {
				t.Errorf("recording folder tests/integration/openresponses: found %v, replay looks in %q", e.Found, e.ReplayDirs)
			}
			tree.SetRecordingDir("build/recordings-elsewhere")
			above := map[string]string{"": "../build/recordings-elsewhere/recordings",
				"/home/dev/picked/": "/home/dev/build/recordings-elsewhere/recordings"}[prefix]
			if e := entryAt(t, tree, prefix+strings.TrimPrefix(openresponsesModels, "tests/")); e.Found || !slices.Equal(e.ReplayDirs, []string{above}) {
				t.Errorf("recording folder outside tests/: found %v, replay looks in %q, want %s", e.Found, e.ReplayDirs, above)
			}
		})
	}
}

// entryAt is the tree's entry of path p.
func entryAt(t *testing.T, tree *Tree, p string) Entry {
	t.Helper()
	for _, e := range tree.Entries() {
		if e.Path == p {
			return e
		}
	}
	t.Fatalf("no entry %s", p)
	return Entry{}
}

// TestRootInferred: where the root is, and the cut (the tests/ a tree
// given from tests/integration leaves out), from the paths alone (files
// without test_ids: the 2025 layout, a request made outside a test) or
// from the test_ids; a lone recordings folder, or an "integration"
// folder that holds no recordings, tells nothing.
func TestRootInferred(t *testing.T) {
	rec := func(p, testID string) Entry {
		return Entry{Path: p, Kind: Recording, TestID: testID, HasTestID: testID != ""}
	}
	const agents = "tests/integration/agents/test_agents.py::test_x"
	for _, c := range []struct {
		name      string
		entries   []Entry
		root, cut string
		ok        bool
	}{
		{"the repository", []Entry{rec("tests/integration/agents/recordings/a.json", agents)}, "", "", true},
		{"tests/integration by itself", []Entry{rec("integration/agents/recordings/a.json", agents)}, "", testsCut, true},
		{"under a folder", []Entry{rec("x/integration/agents/recordings/a.json", agents)}, "x/", testsCut, true},
		{"the 2025 layout by itself", []Entry{rec("integration/recordings/responses/abcdefabcdef.json", "")}, "", testsCut, true},
		{"outside a test, by itself", []Entry{rec("integration/common/recordings/a.json", "")}, "", testsCut, true},
		{"outside a test, in the repository", []Entry{rec("r/tests/integration/common/recordings/a.json", "")}, "r/", "", true},
		{"the repository outvotes", []Entry{rec("tests/integration/agents/recordings/a.json", agents), rec("tests/integration/agents/recordings/b.json", agents), rec("old/integration/agents/recordings/c.json", agents)}, "", "", true},
		{"a lone recordings folder", []Entry{rec("recordings/a.json", agents)}, "", "", false},
		{"integration without recordings", []Entry{rec("integration/ci_matrix.json", ""), rec("integration/test_cases/inference/completion.json", "")}, "", "", false},
		{"a test_id elsewhere than tests/integration", []Entry{rec("unit/recordings/a.json", "tests/unit/test_a.py::test_b")}, "", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tree := New()
			for _, e := range c.entries {
				tree.AddEntry(e)
			}
			tree.resolve()
			if got, want := []any{tree.root, tree.cut, tree.rootOK}, []any{c.root, c.cut, c.ok}; !cmp.Equal(got, want) {
				t.Errorf("root, cut, ok = %q, want %q", got, want)
			}
		})
	}
}
