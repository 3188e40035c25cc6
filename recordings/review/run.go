package review

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// reviewer holds one Review's state.
type reviewer struct {
	opt     *Options
	pairs   []Pair
	skipped []Skipped
	counts  map[string]*TestCount
	// Parsers for the two sides of a pair, reused from pair to pair:
	// their recordings live until the pair is triaged.
	pb, ph recordings.Parser
	// pl reads the files on one side only, for what pairing needs of
	// them; their recordings are dropped at once.
	pl recordings.Parser
	// plain holds, per side, the JSON files of a cassettes folder that
	// are not cassettes: the recordings' review reads them.
	plain map[Side][]File
	// pre holds, per side, the entries a Tree read as its files came (by
	// path, their recordings dropped); nil for Review.
	pre map[Side]map[string]*entry
}

func (rv *reviewer) between() {
	if rv.opt.Between != nil {
		rv.opt.Between()
	}
}

// run reviews the two trees: same-path pairs first, each parsed once with
// the reused parsers and triaged at once; then the files on one side
// only, read for what pairing needs (see match), then the pairs found
// parsed again and triaged. Every parse is in a reused parser: a fresh
// one grows its memory again for each file, which takes longer than a
// second parse in a grown one, and leaves far more to collect.
func (rv *reviewer) run(base, head []File) {
	inHead := make(map[string]int, len(head))
	for i, f := range head {
		inHead[f.Path] = i
	}
	inBase := make(map[string]bool, len(base))
	var lonely []*entry // files on one side only, base first
	for _, f := range base {
		inBase[f.Path] = true
		j, ok := inHead[f.Path]
		if !ok {
			lonely = append(lonely, rv.readLonely(Base, f.Path, f.Data))
			rv.between()
			continue
		}
		lonely = rv.samePath(f, head[j], lonely)
		rv.between()
	}
	for _, f := range head {
		if !inBase[f.Path] {
			lonely = append(lonely, rv.readLonely(Head, f.Path, f.Data))
			rv.between()
		}
	}

	var dels, adds []*entry
	for _, e := range lonely {
		switch {
		case e.skip != "":
			rv.skip(e)
		case e.err != nil:
			rv.unreadable(e, nil)
		case e.side == Base:
			dels = append(dels, e)
		default:
			adds = append(adds, e)
		}
	}
	for _, e := range append(slices.Clip(dels), adds...) {
		rv.count(e)
	}
	for _, m := range match(dels, adds, &rv.pl) {
		switch {
		case m.base == nil:
			rv.pairs = append(rv.pairs, rv.alone(m.head))
		case m.head == nil:
			rv.pairs = append(rv.pairs, rv.alone(m.base))
		case !m.base.reparse(&rv.pb) || !m.head.reparse(&rv.ph):
			rv.unreadable(m.base, m.head)
		default:
			rv.pairs = append(rv.pairs, triage(m.base, m.head, Renamed))
			m.base.rec, m.head.rec = nil, nil
			rv.between()
		}
	}
}

// readLonely reads a file found on one side only, keeping what pairing
// needs but not its recording.
func (rv *reviewer) readLonely(side Side, p string, data []byte) *entry {
	if e := rv.readBefore(side, p); e != nil {
		return e
	}
	e := read(side, p, data, rv.pl.Parse)
	e.rec = nil
	return e
}

// readBefore returns a copy of the entry a Tree read for the file of side
// at p, nil when none did; its recording is not kept (see reparse).
func (rv *reviewer) readBefore(side Side, p string) *entry {
	e := rv.pre[side][p]
	if e == nil {
		return nil
	}
	c := *e
	return &c
}

// readPair reads a file of a same-path pair with parse, as read does, or
// takes the entry a Tree read and parses the file again with p for its
// recording.
func (rv *reviewer) readPair(side Side, f File, p *recordings.Parser) *entry {
	e := rv.readBefore(side, f.Path)
	switch {
	case e == nil:
		return read(side, f.Path, f.Data, p.Parse)
	case e.skip == "" && e.err == nil:
		e.reparse(p)
	}
	return e
}

// samePath reads and triages a file present under the same path in both
// trees, and returns lonely with any side that turned out to be a
// recording on one side only.
func (rv *reviewer) samePath(fb, fh File, lonely []*entry) []*entry {
	same := bytes.Equal(fb.Data, fh.Data)
	eb := rv.readPair(Base, fb, &rv.pb)
	var eh *entry
	if same {
		c := *eb
		c.side = Head
		eh = &c
	} else {
		eh = rv.readPair(Head, fh, &rv.ph)
	}
	switch {
	case eb.err != nil || eh.err != nil:
		for _, e := range []*entry{eb, eh} {
			if e.skip != "" {
				rv.skip(e)
			}
		}
		rv.unreadable(eb, eh)
		return lonely
	case eb.skip != "" && eh.skip != "":
		rv.skip(eb)
		rv.skip(eh)
		return lonely
	case eb.skip != "":
		// Not a recording before, one now: an added file, perhaps the
		// twin of a deleted one. Read it again with a parser of its own.
		rv.skip(eb)
		eh.rec = nil
		return append(lonely, eh)
	case eh.skip != "":
		rv.skip(eh)
		eb.rec = nil
		return append(lonely, eb)
	}
	rv.count(eb)
	rv.count(eh)
	change := Modified
	if same {
		change = Unchanged
	}
	rv.pairs = append(rv.pairs, triage(eb, eh, change))
	eb.rec, eh.rec = nil, nil
	return lonely
}

// count adds a recording to its test's count.
func (rv *reviewer) count(e *entry) {
	if e.testID == "" {
		return
	}
	c := rv.counts[e.testID]
	if c == nil {
		c = &TestCount{TestID: e.testID}
		rv.counts[e.testID] = c
	}
	if e.side == Base {
		c.Base++
	} else {
		c.Head++
	}
}

func (rv *reviewer) skip(e *entry) {
	rv.skipped = append(rv.skipped, Skipped{Side: e.side, Path: e.path, Reason: e.skip})
}

// unreadable adds the pair of a file that looks like a recording but does
// not parse; b or h may be nil, or a side that did parse.
func (rv *reviewer) unreadable(b, h *entry) {
	p := Pair{Verdict: VerdictUnreadable, Severity: SeverityHigh, Change: Modified}
	var msgs []string
	for _, e := range []*entry{b, h} {
		if e == nil || e.skip != "" {
			continue
		}
		if e.side == Base {
			p.Base = e.path
		} else {
			p.Head = e.path
			if e.err == nil {
				p.Name = e.name()
			}
		}
		if e.err != nil {
			msgs = append(msgs, string(e.side)+": "+e.err.Error())
		} else {
			p.TestID, p.Endpoint = e.testID, e.endpoint
			rv.count(e)
		}
	}
	switch {
	case p.Base == "":
		p.Change = Added
	case p.Head == "":
		p.Change = Deleted
	}
	p.Err = strings.Join(msgs, "; ")
	rv.pairs = append(rv.pairs, p)
}

// alone is the pair of a recording found on one side only: low
// severity, none for an environment recording.
func (rv *reviewer) alone(e *entry) Pair {
	p := Pair{TestID: e.testID, Endpoint: e.endpoint, Severity: SeverityLow}
	if e.side == Base {
		p.Base, p.Change, p.Verdict = e.path, Deleted, VerdictDeleted
	} else {
		p.Head, p.Change, p.Verdict = e.path, Added, VerdictAdded
		p.Name = e.name()
		if p.Name == NameMismatch {
			p.Findings = append(p.Findings, mismatchFinding(e))
		}
	}
	if e.family.Environment() {
		p.Verdict, p.Severity = VerdictEnvironment, SeverityNone
		p.Findings = append(p.Findings, diff.Finding{Severity: SeverityNone, Text: "environment (the answer describes the machine)"})
	}
	return p
}

// result sorts the pairs (comparePairs), fills in the test counts and the
// why texts, and lists the tests.
func (rv *reviewer) result() *Result {
	res := &Result{Pairs: rv.pairs, Skipped: rv.skipped}
	for _, c := range rv.counts {
		res.Tests = append(res.Tests, *c)
	}
	slices.SortFunc(res.Tests, func(a, b TestCount) int {
		return cmp.Or(cmp.Compare(b.Head-b.Base, a.Head-a.Base), cmp.Compare(a.TestID, b.TestID))
	})
	for i := range res.Pairs {
		p := &res.Pairs[i]
		if c := rv.counts[p.TestID]; c != nil {
			p.Tests = *c
		}
		finish(p)
	}
	slices.SortStableFunc(res.Pairs, comparePairs)
	slices.SortStableFunc(res.Skipped, func(a, b Skipped) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Side, b.Side))
	})
	return res
}

// comparePairs is the order of a review's pairs, which the terminal
// output, --json, the pull-request comment and the review page all keep:
// by severity, most severe first; then by what the pair's first finding
// is about (diff.Concern: a credential, then what a test acts on, a
// claim, another question under one name, the request's content, a
// rewording, the rest); then by test_id, pairs without one last; then by
// path.
func comparePairs(a, b Pair) int {
	return cmp.Or(cmp.Compare(a.Severity.Rank(), b.Severity.Rank()),
		cmp.Compare(a.concern().Rank(), b.concern().Rank()),
		cmp.Compare(noTest(a), noTest(b)), cmp.Compare(a.TestID, b.TestID),
		cmp.Compare(a.sortPath(), b.sortPath()), cmp.Compare(a.Base, b.Base))
}

// concern is what p's first finding is about (ConcernOther without one).
func (p *Pair) concern() diff.Concern {
	if len(p.Findings) == 0 {
		return diff.ConcernOther
	}
	return p.Findings[0].Concern
}

// noTest is 1 for a pair without a test_id, which sorts after the others.
func noTest(p Pair) int {
	if p.TestID == "" {
		return 1
	}
	return 0
}

// sortPath is the path a pair sorts by: its head's, else its base's.
func (p *Pair) sortPath() string {
	if p.Head != "" {
		return p.Head
	}
	return p.Base
}
