package review

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// trees adds base and head, in their order, to a Tree each.
func trees(t testing.TB, base, head []File) (*Tree, *Tree) {
	t.Helper()
	tb, th := NewTree(Base), NewTree(Head)
	for _, f := range base {
		if err := tb.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range head {
		if err := th.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	return tb, th
}

// TestTreesSameAsReview: the review of two Trees, each file read as it
// was added, is Review's, pair for pair, on every change set of testdata
// (renames, same-path changes, identical files, cassettes and the plain
// JSON of their folders, files that are not recordings); and a Tree can
// be reviewed again, with another tree, to the same result.
func TestTreesSameAsReview(t *testing.T) {
	sets := map[string][2][]File{}
	for _, name := range subsets {
		b, h := subset(t, name)
		sets[name] = [2][]File{b, h}
	}
	for _, file := range []string{full3681, full3737, full4103, cassettes3278, cassettes6793} {
		b, h, _ := readChangeSet(t, file)
		sets[file] = [2][]File{b, h}
	}
	for name, s := range sets {
		want := review(t, s[0], s[1])
		tb, th := trees(t, s[0], s[1])
		for range 2 {
			got, err := ReviewTrees(tb, th, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got, cmp.AllowUnexported(Pair{})); d != "" {
				t.Errorf("%s: ReviewTrees differs from Review (-Review +ReviewTrees):\n%s", name, d)
			}
		}
	}
}

// TestTreeBadPath: a Tree refuses what Review refuses, naming the file,
// and refuses then to be reviewed.
func TestTreeBadPath(t *testing.T) {
	for _, bad := range [][]File{
		{{Path: "/abs.json"}},
		{{Path: "a/../b.json"}},
		{{Path: "a.json", Data: []byte("{}")}, {Path: "a.json", Data: []byte("{}")}},
	} {
		_, want := Review(bad, nil, nil)
		tb := NewTree(Base)
		var err error
		for _, f := range bad {
			err = tb.Add(f)
		}
		if !errors.Is(err, ErrBadTree) || err.Error() != want.Error() {
			t.Errorf("%q: Add says %v, want %v", bad[len(bad)-1].Path, err, want)
		}
		if _, err := ReviewTrees(tb, NewTree(Head), nil); !errors.Is(err, ErrBadTree) {
			t.Errorf("%q: ReviewTrees says %v, want ErrBadTree", bad[len(bad)-1].Path, err)
		}
	}
	if _, err := ReviewTrees(NewTree(Head), NewTree(Base), nil); err == nil {
		t.Error("ReviewTrees took a head tree as the base")
	}
}
