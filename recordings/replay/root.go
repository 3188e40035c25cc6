package replay

import (
	"path"
	"strings"
)

// Where replay looks, as the ogx recorder resolves it
// (src/ogx/testing/api_recorder.py, ogx at 5a9cb55d8): its base folder is
// os.environ.get("OGX_TEST_RECORDING_DIR", DEFAULT_STORAGE_DIR), with
// DEFAULT_STORAGE_DIR = REPO_ROOT / "tests/integration/common";
// ResponseStorage._get_test_dir makes a test's own folder from its test_id,
// relative to the repository root ("tests/integration/inference/test_foo.py
// ::test_bar" gives tests/integration/inference/recordings: the repository
// root is base_dir.parent.parent.parent for an absolute base folder, the
// working folder pytest runs in for a relative one); find_recording falls
// back to base_dir / "recordings". Every folder is thus a repository
// path, and the tree's paths are the repository's under its Root.

// Root returns the repository root the tree's paths are under, with a
// trailing '/' ("" for paths relative to it): the prefix before
// "tests/integration/x/recordings/" of the files whose test_id names
// tests/integration/x/, else before the first "tests/integration/" of any
// path. ok is false when neither tells, nor the folder below: a lone
// recordings folder given by a relative path; ReplayDirs are nil then.
//
// The tree may be tests/integration given by itself, without tests/
// above it (the browser names a picked folder's files from the folder's
// own name: "integration/agents/recordings/….json"): its paths then run
// "integration/x/recordings/" where the test_ids name
// tests/integration/x/, or else a folder named "integration" holds
// "recordings" folders (in its subfolders, or itself: the 2025 layout,
// tests/integration/recordings/). The folder holding integration/ is then
// tests/, whatever its name, and the root the folder above it: the
// prefix before "integration/" joined with "../" ("../" for
// "integration/…"). Replay's folders under tests/ are in the tree, the
// others (a recording folder set outside tests/) above it.
func (t *Tree) Root() (root string, ok bool) {
	t.resolve()
	if t.cut != "" {
		return t.root + "../", t.rootOK
	}
	return t.root, t.rootOK
}

// at is the tree path of the repository path p: under the root, less
// the cut ("tests/integration/x" is "integration/x" in a tree that is
// tests/integration by itself); a path outside the cut is above the
// tree's top ("../other", cleaned).
func (t *Tree) at(p string) string {
	if rest, ok := strings.CutPrefix(p, t.cut); ok {
		return t.root + rest
	}
	return path.Clean(t.root + "../" + p)
}

// replayDirs are the folders replay looks in for a request of testID
// (has false: outside a test), as tree paths.
func (t *Tree) replayDirs(testID string, has bool) []string {
	if !t.rootOK {
		return nil
	}
	fallback := t.at(FallbackDir)
	if t.storage != "" {
		fallback = t.at(t.storage + "/recordings")
	}
	if !has || testID == "" {
		return []string{fallback}
	}
	file, _, _ := strings.Cut(testID, "::")
	own := t.at(path.Join(path.Dir(file), "recordings"))
	if own == fallback {
		return []string{fallback}
	}
	return []string{own, fallback}
}

// testsCut is the cut of a tree that is tests/integration by itself.
const testsCut = "tests/"

// inferRoot finds the tree's root and cut (see Root): by the votes of the
// recordings whose test_id names their folder, the whole repository path
// before a cut one, the nearer root first; else by where
// "tests/integration/", then an "integration" folder of recordings
// folders, is.
func (t *Tree) inferRoot() {
	type place struct{ root, cut string }
	votes := map[place]int{}
	for i := range t.entries {
		e := &t.entries[i]
		if !e.HasTestID {
			continue
		}
		file, _, _ := strings.Cut(e.TestID, "::")
		want := path.Join(path.Dir(file), "recordings")
		d := path.Dir(e.Path)
		for _, cut := range []string{"", testsCut} {
			w, ok := strings.CutPrefix(want, cut)
			if !ok || cut != "" && !strings.HasPrefix(w, "integration/") {
				continue
			}
			if d == w {
				votes[place{"", cut}]++
			} else if strings.HasSuffix(d, "/"+w) {
				votes[place{d[:len(d)-len(w)], cut}]++
			}
		}
	}
	t.root, t.cut, t.rootOK = "", "", false
	best := -1
	for p, n := range votes {
		if n > best || n == best && (p.cut < t.cut || p.cut == t.cut && p.root < t.root) {
			t.root, t.cut, t.rootOK, best = p.root, p.cut, true, n
		}
	}
	if t.rootOK {
		return
	}
	for i := range t.entries {
		p := "/" + t.entries[i].Path
		if j := strings.Index(p, "/tests/integration/"); j >= 0 {
			t.root, t.rootOK = p[1:j+1], true
			return
		}
	}
	for i := range t.entries {
		if j := integrationAt("/" + t.entries[i].Path); j >= 0 {
			t.root, t.cut, t.rootOK = t.entries[i].Path[:j], testsCut, true
			return
		}
	}
}

// integrationAt is where, in p (which begins with '/'), a folder named
// "integration" begins ("/integration/"'s index) that holds recordings
// folders: p runs on "integration/recordings/…" or
// "integration/x/recordings/…". -1 when there is none.
func integrationAt(p string) int {
	const dir = "/integration/"
	for from := 0; ; {
		j := strings.Index(p[from:], dir)
		if j < 0 {
			return -1
		}
		j += from
		parts := strings.Split(p[j+len(dir):], "/")
		if len(parts) >= 2 && parts[0] == "recordings" || len(parts) >= 3 && parts[1] == "recordings" {
			return j
		}
		from = j + 1
	}
}
