package replay

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/reqhash"
)

// Report is what `recview doctor` tells of a tree.
type Report struct {
	// Recordings, Skipped and Broken count the .json files by Kind;
	// Bytes is the recordings' total size.
	Recordings, Skipped, Broken int
	Bytes                       int64
	// Statuses counts the recordings by reqhash status.
	Statuses map[reqhash.Status]int
	// Never lists the recordings replay never opens by their name (stale
	// and mismatch, see Entry.Never), NeverBytes their total size, and
	// Leftovers how many of them are stale copies of a request another
	// file holds under today's name.
	Never      []*Entry
	NeverBytes int64
	Leftovers  int
	// Misplaced lists ok recordings outside the folders replay looks in
	// for their test (Entry.ReplayDirs); nil when the root is not known.
	Misplaced []*Entry
	// Duplicates are the groups of files holding the same request as
	// hashed (see Tree.Duplicates); DuplicateBytes is what dropping the
	// copies frees.
	Duplicates     []Duplicate
	DuplicateBytes int64
	// Heavy are the tests with the most recordings, most first.
	Heavy []HeavyTest
	// Orphans are recordings whose test_id names a test file or function
	// that the tree's .py files do not define; nil when the tree holds no
	// Python test under tests/.
	Orphans []Orphan
	// Fixes are the renames doctor --fix would do (Tree.Fixes).
	Fixes []Fix
}

// Duplicate is a group of files holding the same request: the same
// reqhash.Check.ReplayHash (and, for model lists, the same models).
type Duplicate struct {
	// Keep is the file to keep: the one replay opens, else an ok one,
	// else the first by path.
	Keep *Entry
	// Drop are the copies, sorted by path.
	Drop []*Entry
}

// Orphan is a recording of a test that no longer exists.
type Orphan struct {
	Entry *Entry
	// Why is "no test file tests/x/test_y.py" or "no function test_z in
	// tests/x/test_y.py" (or "no class ...").
	Why string
}

// ReportOptions tune Report.
type ReportOptions struct {
	// Top is how many of the tests with the most recordings to give
	// (default 10); only tests with at least two recordings count.
	Top int
	// Read returns the bytes of a tree file, for comparing the requests of
	// the Heavy tests; when nil (or failing), their Groups have no Fields.
	Read func(path string) ([]byte, error)
	// ReadAhead, when not nil and Read is not, is called once before the
	// comparison's first Read with every path Read may then be asked for
	// (each at most once): a caller that reads files slowly one by one
	// (the browser's worker) reads them all at once first.
	ReadAhead func(paths []string)
}

// Report gathers the tree's health (see Report's fields).
func (t *Tree) Report(opt ReportOptions) *Report {
	t.resolve()
	r := &Report{Statuses: map[reqhash.Status]int{}}
	for i := range t.entries {
		e := &t.entries[i]
		switch e.Kind {
		case Skipped:
			r.Skipped++
			continue
		case Broken:
			r.Broken++
			continue
		}
		r.Recordings++
		r.Bytes += int64(e.Size)
		r.Statuses[e.Check.Status]++
		if e.Never() {
			r.Never = append(r.Never, e)
			r.NeverBytes += int64(e.Size)
			if e.Leftover {
				r.Leftovers++
			}
		}
		if e.Check.Status == reqhash.OK && e.ReplayDirs != nil && !e.Found {
			r.Misplaced = append(r.Misplaced, e)
		}
	}
	r.Duplicates = t.Duplicates()
	for _, d := range r.Duplicates {
		for _, e := range d.Drop {
			r.DuplicateBytes += int64(e.Size)
		}
	}
	top := opt.Top
	if top <= 0 {
		top = 10
	}
	r.Heavy = t.heavy(top, opt.Read, opt.ReadAhead)
	r.Orphans = t.orphans()
	r.Fixes = t.Fixes()
	return r
}

// Duplicates returns the groups of two or more recordings holding the same
// request as hashed today (the same ReplayHash; for a model list the same
// ReplayName, as lists of other models are merged, not duplicated), in
// path order of their first file.
func (t *Tree) Duplicates() []Duplicate {
	t.resolve()
	groups := map[string][]*Entry{}
	for i := range t.entries {
		e := &t.entries[i]
		if e.Kind != Recording || e.Check.ReplayHash == "" {
			continue
		}
		key := e.Check.ReplayHash
		if e.Check.ModelList {
			key = e.Check.ReplayName
			if key == "" {
				continue
			}
		}
		groups[key] = append(groups[key], e)
	}
	var out []Duplicate
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		slices.SortFunc(g, func(a, b *Entry) int { return strings.Compare(a.Path, b.Path) })
		keep := g[0]
		for _, e := range g {
			if rank(e) < rank(keep) {
				keep = e
			}
		}
		d := Duplicate{Keep: keep}
		for _, e := range g {
			if e != keep {
				d.Drop = append(d.Drop, e)
			}
		}
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b Duplicate) int { return strings.Compare(a.Keep.Path, b.Keep.Path) })
	return out
}

// rank orders the copies of a request: found by replay, ok, stale, other.
func rank(e *Entry) int {
	switch {
	case e.Found:
		return 0
	case e.Check.Status == reqhash.OK:
		return 1
	case e.Check.Status == reqhash.Stale:
		return 2
	}
	return 3
}

// Fix is one rename of doctor --fix: a stale file to the name today's
// recorder computes for its request, in the same folder.
type Fix struct {
	Entry *Entry
	// To is the new path; "" when the file is not renamed, and Skip says
	// why: "NAME exists" (a file of the folder holds the name already, a
	// copy of the request) or "NAME is another stale file's new name" (two
	// stale copies of one request in one folder).
	To, Skip string
}

// Fixes returns a Fix for every stale recording, in tree order. A rename
// never goes over a file of the tree nor over another rename's target; the
// caller must still check the disk (and refuse an existing file) when it
// renames.
func (t *Tree) Fixes() []Fix {
	t.resolve()
	taken := map[string]bool{} // path -> a rename's target (true) or a file (false)
	exists := map[string]bool{}
	for i := range t.entries {
		exists[t.entries[i].Path] = true
	}
	var out []Fix
	for i := range t.entries {
		e := &t.entries[i]
		if e.Kind != Recording || e.Check.Status != reqhash.Stale {
			continue
		}
		f := Fix{Entry: e}
		to := path.Join(path.Dir(e.Path), e.Check.ReplayName)
		switch {
		case e.Check.ReplayName == "":
			f.Skip = "no name: the recorded model list gives no digest"
		case exists[to]:
			f.Skip = path.Base(to) + " exists"
		case taken[to]:
			f.Skip = path.Base(to) + " is another stale file's new name"
		default:
			f.To, taken[to] = to, true
		}
		out = append(out, f)
	}
	return out
}

// HeavyTest is a test with many recordings.
type HeavyTest struct {
	TestID string
	Count  int
	// Groups split the recordings by endpoint and model, most first.
	Groups []RequestGroup
}

// RequestGroup is the recordings of one test to one endpoint and model.
type RequestGroup struct {
	Endpoint, Model string
	Entries         []*Entry
	// Fields are the JSON paths of the request body (as the current
	// scheme normalizes it, array indices as "[]") whose values differ
	// between the group's recordings, most often differing first; nil
	// when the group has one recording or its bodies could not be read.
	Fields []string
	// OnlyMissed reports that the requests differ only in ways
	// Normalizations undo: Fields are then candidates for a new
	// normalization of the recorder's hash.
	OnlyMissed bool
}

// compared reports whether a report made with ReportOptions.Read
// compares the group's requests, reading each of its recordings: a group
// of more than one.
func (g *RequestGroup) compared() bool { return len(g.Entries) > 1 }

// heavy returns the top tests by number of recordings (two or more),
// their groups' requests compared when read is not nil (all of the files
// compared handed to ahead first, when not nil).
func (t *Tree) heavy(top int, read func(string) ([]byte, error), ahead func([]string)) []HeavyTest {
	count := map[string]int{}
	for i := range t.entries {
		if e := &t.entries[i]; e.Kind == Recording && e.HasTestID {
			count[e.TestID]++
		}
	}
	var out []HeavyTest
	for id, n := range count {
		if n >= 2 {
			out = append(out, HeavyTest{TestID: id, Count: n})
		}
	}
	slices.SortFunc(out, func(a, b HeavyTest) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.TestID, b.TestID))
	})
	if len(out) > top {
		out = out[:top]
	}
	for i := range out {
		groups := map[[2]string][]*Entry{}
		for _, e := range t.recordingsOf(out[i].TestID) {
			k := [2]string{e.Endpoint, e.Model}
			groups[k] = append(groups[k], e)
		}
		for k, es := range groups {
			out[i].Groups = append(out[i].Groups, RequestGroup{Endpoint: k[0], Model: k[1], Entries: es})
		}
		slices.SortFunc(out[i].Groups, func(a, b RequestGroup) int {
			return cmp.Or(cmp.Compare(len(b.Entries), len(a.Entries)), strings.Compare(a.Endpoint+a.Model, b.Endpoint+b.Model))
		})
	}
	if read == nil {
		return out
	}
	var compared []*RequestGroup
	var paths []string
	for i := range out {
		for j := range out[i].Groups {
			if g := &out[i].Groups[j]; g.compared() {
				compared = append(compared, g)
				for _, e := range g.Entries {
					paths = append(paths, e.Path)
				}
			}
		}
	}
	if ahead != nil {
		ahead(paths)
	}
	for _, g := range compared {
		g.Fields, g.OnlyMissed = compareRequests(g.Entries, read)
	}
	return out
}

// orphans returns the recordings whose test is gone (see Orphan), nil
// when the tree holds no .py file under the root's tests/.
func (t *Tree) orphans() []Orphan {
	if !t.rootOK {
		return nil
	}
	has := false
	for p := range t.tests {
		has = has || strings.HasPrefix(p, t.at("tests/"))
	}
	if !has {
		return nil
	}
	var out []Orphan
	for i := range t.entries {
		e := &t.entries[i]
		if e.Kind != Recording || !e.HasTestID {
			continue
		}
		if why := t.missingTest(e.TestID); why != "" {
			out = append(out, Orphan{e, why})
		}
	}
	return out
}

// Size writes a byte count for people, in units of 1,024: "512 B",
// "12.3 KB", "4.5 MB", as recview doctor and the viewer's replay panel
// print a report's sizes.
func Size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
