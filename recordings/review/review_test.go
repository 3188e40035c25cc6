package review

import (
	"cmp"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// The change sets in testdata: a few recordings of four ogx commits each
// (see testdata/NOTICE and testdata/README.md), and the whole of #3681.
var subsets = []string{"instructions-param-3741", "normalize-ids-3676", "qwen3-rerecord-3978", "test-isolation-3681"}

// Three change sets kept whole (or nearly) as .tar.gz of base/, head/,
// CHANGES.tsv and COMMIT.txt: all of #3681; #3737's every file git
// renamed, added or deleted (what pairing reads) and ten of its 147
// modified ones; all of #4103.
const (
	full3681 = "testdata/changesets/test-isolation-3681.tar.gz"
	full3737 = "testdata/changesets/server-isolation-3737.tar.gz"
	full4103 = "testdata/changesets/web-search-4103.tar.gz"
)

// sharedSets is where the whole change sets are kept next to the
// repository, on the machines they were taken on; tests that read them
// skip them when they are not there (as on CI).
const sharedSets = "../../../shared/changesets"

// sharedSet reads the whole change set name from sharedSets; ok is false
// when it is not there.
func sharedSet(t testing.TB, name string) (base, head []File, ok bool) {
	t.Helper()
	dir := filepath.Join(sharedSets, name)
	if _, err := os.Stat(filepath.Join(dir, "CHANGES.tsv")); err != nil {
		return nil, nil, false
	}
	return readTree(t, filepath.Join(dir, "base")), readTree(t, filepath.Join(dir, "head")), true
}

// readTree reads every *.json file under dir as a tree.
func readTree(t testing.TB, dir string) []File {
	t.Helper()
	var files []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, File{Path: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// subset reads the two trees of a change set of testdata.
func subset(t testing.TB, name string) (base, head []File) {
	t.Helper()
	return readTree(t, filepath.Join("testdata", name, "base")), readTree(t, filepath.Join("testdata", name, "head"))
}

// gitChange is a line of CHANGES.tsv: git's name-status of a commit.
type gitChange struct{ status, base, head string }

// readChangeSet reads a change set kept as a .tar.gz of base/, head/ and
// CHANGES.tsv (corpustest.ReadChangeSet), its files sorted by path.
func readChangeSet(t testing.TB, file string) (base, head []File, changes []gitChange) {
	t.Helper()
	cs := corpustest.ReadChangeSet(t, file)
	files := func(m map[string][]byte) []File {
		var out []File
		for _, p := range slices.Sorted(maps.Keys(m)) {
			out = append(out, File{Path: p, Data: m[p]})
		}
		return out
	}
	for _, c := range cs.Changes {
		changes = append(changes, gitChange{c[0], c[1], c[2]})
	}
	return files(cs.Base), files(cs.Head), changes
}

func review(t testing.TB, base, head []File) *Result {
	t.Helper()
	res, err := Review(base, head, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkOnce checks that every file of base and head is in exactly one
// pair or skipped, and that no pair names a file that was not given.
func checkOnce(t testing.TB, base, head []File, res *Result) {
	t.Helper()
	seen := map[string]int{}
	for _, p := range res.Pairs {
		if p.Base == "" && p.Head == "" {
			t.Errorf("a pair with neither side: %+v", p)
		}
		if p.Base != "" {
			seen["base:"+p.Base]++
		}
		if p.Head != "" {
			seen["head:"+p.Head]++
		}
	}
	for _, s := range res.Skipped {
		seen[string(s.Side)+":"+s.Path]++
	}
	want := map[string]bool{}
	for _, f := range base {
		want["base:"+f.Path] = true
	}
	for _, f := range head {
		want["head:"+f.Path] = true
	}
	for k := range want {
		if seen[k] != 1 {
			t.Errorf("%s is in %d pairs or skips, want 1", k, seen[k])
		}
	}
	for k := range seen {
		if !want[k] {
			t.Errorf("%s is in the result but was not given", k)
		}
	}
}

// find returns the pair whose base or head path ends with suffix.
func find(t testing.TB, res *Result, suffix string) Pair {
	t.Helper()
	var found []Pair
	for _, p := range res.Pairs {
		if p.Base != "" && strings.HasSuffix(p.Base, suffix) || p.Head != "" && strings.HasSuffix(p.Head, suffix) {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d pairs with a path ending in %s, want 1", len(found), suffix)
	}
	return found[0]
}

// TestSubsetsEveryFileOnce: in every change set, each file is in exactly
// one pair, and the pairs come sorted by severity (most severe first),
// then the concern of their first finding, then test_id (pairs without
// one last), then path.
func TestSubsetsEveryFileOnce(t *testing.T) {
	for _, name := range subsets {
		t.Run(name, func(t *testing.T) {
			base, head := subset(t, name)
			res := review(t, base, head)
			checkOnce(t, base, head, res)
			if !slices.IsSortedFunc(res.Pairs, func(a, b Pair) int {
				return cmp.Or(a.Severity.Rank()-b.Severity.Rank(), a.concern().Rank()-b.concern().Rank(), cmp.Compare(noTest(a), noTest(b)),
					cmp.Compare(a.TestID, b.TestID), cmp.Compare(a.sortPath(), b.sortPath()))
			}) {
				t.Error("pairs are not sorted by severity, concern, test_id and path")
			}
		})
	}
}
