package replay

import (
	"path"
	"slices"
	"strings"
	"testing"
)

// openresponsesModels is the corpus's one recording of
// tests/integration/openresponses/recordings/: a model list made outside a
// test (test_id null), which replay looks up in the fallback folder only.
const openresponsesModels = "tests/integration/openresponses/recordings/models-64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57-489e004e.json"

// TestRecordingDir: OGX_TEST_RECORDING_DIR moves replay's fallback folder
// to DIR/recordings and leaves a test's own folder where it is (the
// recorder's find_recording and _get_test_dir for a relative base
// folder). ogx's openresponses-conformance.yml sets it to
// tests/integration/openresponses.
func TestRecordingDir(t *testing.T) {
	const root = "/home/dev/ogx/"
	tree := Analyze(corpusTree(t, root))
	entry := func(p string) *Entry {
		for _, e := range tree.Entries() {
			if e.Path == root+p {
				return &e
			}
		}
		t.Fatalf("no entry %s", p)
		return nil
	}
	e := entry(openresponsesModels)
	if e.Found || !slices.Equal(e.ReplayDirs, []string{root + FallbackDir}) {
		t.Errorf("by default: found %v, replay looks in %q; want not found, in %s", e.Found, e.ReplayDirs, FallbackDir)
	}
	if ps := entry(commonPS); !ps.Found {
		t.Fatalf("%s: not found by default", commonPS)
	}
	// The recordings found in their test's own folder.
	var ownFound []string
	for _, e := range tree.Entries() {
		if e.Found && e.ReplayPath == e.Path && len(e.ReplayDirs) == 2 && e.ReplayDirs[0] == root+path.Dir(strings.TrimPrefix(e.Path, root)) {
			ownFound = append(ownFound, e.Path)
		}
	}
	if len(ownFound) < 50 {
		t.Fatalf("%d recordings found in their test's own folder", len(ownFound))
	}

	for _, dir := range []string{"tests/integration/openresponses", "./tests/integration/openresponses/"} {
		tree.SetRecordingDir(dir)
		e = entry(openresponsesModels)
		if !e.Found || !slices.Equal(e.ReplayDirs, []string{root + "tests/integration/openresponses/recordings"}) {
			t.Errorf("SetRecordingDir(%q): found %v, replay looks in %q", dir, e.Found, e.ReplayDirs)
		}
		// The request made outside a test in common/recordings is now
		// in no folder replay looks in; a test's own folder has not moved.
		if ps := entry(commonPS); ps.Found {
			t.Errorf("SetRecordingDir(%q): %s still found", dir, commonPS)
		}
		for _, p := range ownFound {
			if e := entry(strings.TrimPrefix(p, root)); !e.Found || e.ReplayDirs[0] != root+path.Dir(strings.TrimPrefix(p, root)) {
				t.Errorf("SetRecordingDir(%q): %s not found in its own folder: %q", dir, p, e.ReplayDirs)
			}
		}
	}
	tree.SetRecordingDir("")
	if e = entry(openresponsesModels); e.Found {
		t.Error("SetRecordingDir(\"\") did not restore the default")
	}
}

// TestFindModelList: a model list's hash is looked up as replay does
// (api_recorder.py: _model_list_responses globs models-{hash}-*.json in
// the test's folder and the fallback, _combine_model_list_responses
// merges them all): the six models-64a2277c…-*.json files of
// common/recordings (ls of the corpus) are read and merged; the plain
// 64a2277c….json beside them is never read.
func TestFindModelList(t *testing.T) {
	const (
		root = "/home/dev/ogx/"
		h    = "64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57"
		dir  = root + FallbackDir + "/"
	)
	tree := Analyze(corpusTree(t, root))
	l, err := tree.Find(Query{Hash: h})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range []string{"44869b1b", "79be7c70", "7becc84f", "cf0b7036", "e3b0c442", "e8733dec"} {
		want = append(want, dir+"models-"+h+"-"+d+".json")
	}
	if !l.ModelList || !slices.Equal(l.Merged, want) || l.Found != want[0] {
		t.Errorf("model list %v, found %s, merged %q; want %q", l.ModelList, l.Found, l.Merged, want)
	}
	if len(l.Places) != 1 || l.Places[0].Want != dir+"models-"+h+"-*.json" || slices.Contains(l.Places[0].Present, dir+h+".json") {
		t.Errorf("places %+v", l.Places)
	}
	for _, e := range tree.Entries() {
		if e.Path == dir+h+".json" && (e.Found || !e.Never() || !e.UnreadModelList()) {
			t.Errorf("%s: found %v, never %v: replay never reads a model list not named models-…", e.Path, e.Found, e.Never())
		}
	}
}
