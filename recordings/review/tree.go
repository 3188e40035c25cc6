package review

import (
	"fmt"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/fixturepath"
)

// Tree is one side of a change set read as its files come: each file is
// parsed and its name checked against its request (reqhash.Verify) when it
// is added, before the other side is known, so that ReviewTrees has only
// the pairing and the comparisons left. A caller that gets its files one
// at a time (the page's worker, reading a dropped folder while the next is
// picked) spends the reading while it waits. A Tree is not safe for
// concurrent use.
type Tree struct {
	side  Side
	files []File
	seen  map[string]bool
	read  map[string]*entry // by path; none for a cassette's file
	err   error             // the first bad path (ErrBadTree)
	p     recordings.Parser
}

// NewTree returns an empty Tree of side (Base or Head).
func NewTree(side Side) *Tree {
	return &Tree{side: side, seen: map[string]bool{}, read: map[string]*entry{}}
}

// Add reads f into the tree: the file is parsed and checked at once (a
// cassette's file is only kept: its interactions are read when the trees
// are reviewed). f.Data is kept, not copied. The error wraps ErrBadTree
// for a path Review would refuse (see ErrBadTree); the tree then refuses
// to be reviewed, and the file is not added.
func (t *Tree) Add(f File) error {
	if err := badPath(t.side, f.Path, t.seen); err != nil {
		if t.err == nil {
			t.err = err
		}
		return err
	}
	t.files = append(t.files, f)
	if !fixturepath.Cassette(f.Path) {
		e := read(t.side, f.Path, f.Data, t.p.Parse)
		e.rec = nil
		t.read[f.Path] = e
	}
	return nil
}

// Len is how many files were added.
func (t *Tree) Len() int { return len(t.files) }

// ReviewTrees is Review of the files added to base and head, in the order
// added: the same Result, with the reading already done. The error is the
// first ErrBadTree either tree met, or an error when base is not a Base
// tree or head not a Head one.
func ReviewTrees(base, head *Tree, opt *Options) (*Result, error) {
	if base.side != Base || head.side != Head {
		return nil, fmt.Errorf("review: trees of sides %s and %s, want base and head", base.side, head.side)
	}
	for _, t := range []*Tree{base, head} {
		if t.err != nil {
			return nil, t.err
		}
	}
	rv := newReviewer(opt)
	rv.pre = map[Side]map[string]*entry{Base: base.read, Head: head.read}
	return rv.review(base.files, head.files), nil
}
