package review

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/fixturepath"
)

// File is one file of a tree.
type File struct {
	// Path is the file's path relative to the tree's root, with "/"
	// separators: "tests/integration/agents/recordings/0f54….json". It
	// pairs the file with the file of the same path in the other tree.
	Path string
	// Data is the file's content. Review reads it and does not keep it
	// past its return, except in the strings it returns.
	Data []byte
}

// Options tunes Review. The zero value (or a nil *Options) is ready to use.
type Options struct {
	// Between, when not nil, is called after each file is read and after
	// each pair is compared: a caller that must not be blocked for long
	// (the browser page, whose one thread also draws) can let other work
	// run there.
	Between func()
}

// Result is a reviewed change set.
type Result struct {
	// Pairs holds one Pair per recording: every recording of the base tree
	// and every recording of the head tree is in exactly one Pair. They
	// are sorted by Verdict (meaningful first, in the order of Verdicts),
	// then by path.
	Pairs []Pair
	// Skipped lists the files that are not recordings, by path, the base
	// file before the head file of the same path.
	Skipped []Skipped
	// Tests counts the recordings of each test_id on each side, for every
	// test_id that at least one recording has; sorted by growth (Head -
	// Base) from most grown, then by test_id.
	Tests []TestCount
}

// Side says which tree a file comes from.
type Side string

// The two sides of a change set.
const (
	Base Side = "base"
	Head Side = "head"
)

// Skipped is a file Review did not take as a recording: JSON that is not
// a recording (tsconfig.json, a test's data file), or not JSON at all, in
// a place where recordings are not kept (see Review).
type Skipped struct {
	Side Side
	Path string
	// Reason says why, in lowercase: "not a recording", "not JSON"
	// (reqhash.Skip), or "not a cassette" (a file other than .json at a
	// cassette's path, fixturepath.Cassette, that is not one).
	Reason string
}

// TestCount is how many recordings one test has on each side.
type TestCount struct {
	TestID     string
	Base, Head int
}

// ErrBadTree reports a tree Review cannot read: a file with an empty or
// absolute path, a path with "." or ".." components or a "\", or two
// files with the same path.
var ErrBadTree = errors.New("review: bad tree")

// Review pairs the recordings of base (the tree before the change) with
// those of head (after) and triages each pair; see the package doc for
// the model.
//
// A file is a recording when recordings.Parse takes it. A file it refuses
// is skipped (Result.Skipped, "not JSON" or "not a recording"), unless it
// looks like a recording: its name holds a request hash
// (reqhash.FromName) or it lies in a folder named "recordings" (or Parse
// did not read it: too large). Such a file is a Pair of
// VerdictUnreadable whose Err says why. The rule is reqhash.Skip's, which
// the viewer's folder index follows too.
//
// The error wraps ErrBadTree and names the path, for paths that cannot be
// paired (see ErrBadTree); Review never fails on a file's content.
func Review(base, head []File, opt *Options) (*Result, error) {
	for _, t := range []struct {
		side  Side
		files []File
	}{{Base, base}, {Head, head}} {
		seen := make(map[string]bool, len(t.files))
		for _, f := range t.files {
			if err := badPath(t.side, f.Path, seen); err != nil {
				return nil, err
			}
		}
	}
	return newReviewer(opt).review(base, head), nil
}

// badPath is the error, wrapping ErrBadTree, for a path of side that
// cannot be paired (checkPath) or was seen already in its tree; nil for
// a good one, which it marks seen.
func badPath(side Side, p string, seen map[string]bool) error {
	if err := checkPath(p); err != nil {
		return fmt.Errorf("%w: %s: %q: %s", ErrBadTree, side, p, err)
	}
	if seen[p] {
		return fmt.Errorf("%w: %s: %q given twice", ErrBadTree, side, p)
	}
	seen[p] = true
	return nil
}

// newReviewer returns a reviewer with opt (nil for the zero Options).
func newReviewer(opt *Options) *reviewer {
	if opt == nil {
		opt = &Options{}
	}
	return &reviewer{opt: opt, counts: map[string]*TestCount{}, plain: map[Side][]File{}}
}

// review reviews the two trees, whose paths were checked: cassettes
// first, then the recordings (the JSON files of a cassettes folder that
// are not cassettes among them).
func (rv *reviewer) review(base, head []File) *Result {
	isCassette := func(f File) bool { return fixturepath.Cassette(f.Path) }
	rv.cassettes(slices.DeleteFunc(slices.Clone(base), func(f File) bool { return !isCassette(f) }),
		slices.DeleteFunc(slices.Clone(head), func(f File) bool { return !isCassette(f) }))
	rv.run(append(slices.DeleteFunc(slices.Clone(base), isCassette), rv.plain[Base]...),
		append(slices.DeleteFunc(slices.Clone(head), isCassette), rv.plain[Head]...))
	return rv.result()
}

// checkPath says what is wrong with a tree path, "" when nothing is.
func checkPath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case strings.HasPrefix(p, "/"):
		return errors.New("absolute path")
	case strings.Contains(p, `\`):
		return errors.New(`"\" in path`)
	case path.Clean(p) != p || p == ".":
		return errors.New(`"." or ".." or empty component`)
	}
	return nil
}
