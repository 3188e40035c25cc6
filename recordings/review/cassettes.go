package review

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/fixturepath"
)

// cassettes reviews the cassettes of the two trees: a cassette pairs with
// the cassette of the same path, and each of its interactions is a
// recording (cassette.Interaction.Recording) paired with an interaction
// of the other side (alignInteractions) and triaged as recordings are;
// an interaction whose recording is the same on both sides but whose
// headers differ is metadata only. A head interaction that keeps a
// credential (cassette.Interaction.Secrets) is of high severity: a
// cassette must never leak a key.
func (rv *reviewer) cassettes(base, head []File) {
	inHead := make(map[string]File, len(head))
	for _, f := range head {
		inHead[f.Path] = f
	}
	for _, fb := range base {
		fh, ok := inHead[fb.Path]
		delete(inHead, fb.Path)
		if !ok {
			rv.cassettePair(&fb, nil)
			continue
		}
		rv.cassettePair(&fb, &fh)
	}
	for _, p := range slices.Sorted(maps.Keys(inHead)) {
		fh := inHead[p]
		rv.cassettePair(nil, &fh)
	}
}

// side is one side's cassette, read: its interactions as entries (their
// recordings dropped); c is nil when the side has no such file or it is
// not a cassette.
type side struct {
	c       *cassette.Cassette
	entries []*entry
}

// readCassette reads one side's cassette. ok is false when the file is
// not one: a JSON file is then left to the recordings' review (plain),
// another skipped. bad is the entry of a file that does not parse.
func (rv *reviewer) readCassette(s Side, f *File) (out side, ok bool, bad *entry) {
	c, err := cassette.Parse(f.Path, f.Data)
	switch {
	case errors.Is(err, cassette.ErrNotCassette) && strings.EqualFold(path.Ext(f.Path), ".json"):
		rv.plain[s] = append(rv.plain[s], *f)
		return side{}, false, nil
	case errors.Is(err, cassette.ErrNotCassette):
		rv.skipped = append(rv.skipped, Skipped{Side: s, Path: f.Path, Reason: "not a cassette"})
		return side{}, false, nil
	case err != nil:
		return side{}, false, &entry{side: s, path: f.Path, err: err}
	}
	out.c = c
	test := fixturepath.CassetteTest(f.Path)
	for k := range c.Interactions {
		it := &c.Interactions[k]
		e := readUnnamed(s, fixturepath.Interaction(f.Path, k+1), it.Recording(), rv.pl.Parse)
		e.rec = nil
		if e.skip != "" { // in a cassette, never skipped
			e.err, e.skip = errors.New(e.skip), ""
		}
		if e.err == nil && e.testID == "" {
			e.testID = test
		}
		e.it = it
		if u, err := url.Parse(it.URI); err == nil {
			e.host = u.Host
		}
		out.entries = append(out.entries, e)
		rv.between()
	}
	return out, true, nil
}

// cassettePair reviews one cassette path: fb, fh or both (nil for a side
// without the file). A side that does not parse makes one unreadable
// pair of the two files.
func (rv *reviewer) cassettePair(fb, fh *File) {
	var b, h side
	var badB, badH *entry
	okb, okh := false, false
	if fb != nil {
		b, okb, badB = rv.readCassette(Base, fb)
	}
	if fh != nil {
		h, okh, badH = rv.readCassette(Head, fh)
	}
	if badB != nil || badH != nil {
		if badB == nil && okb {
			badB = &entry{side: Base, path: fb.Path}
		}
		if badH == nil && okh {
			badH = &entry{side: Head, path: fh.Path}
		}
		rv.unreadable(badB, badH)
		rv.pairs[len(rv.pairs)-1].cassette = true
		return
	}
	for _, e := range append(slices.Clip(b.entries), h.entries...) {
		if e.err == nil {
			rv.count(e)
		}
	}
	for _, m := range alignInteractions(b.entries, h.entries) {
		var p Pair
		switch {
		case m.base != nil && m.base.err != nil, m.head != nil && m.head.err != nil,
			m.base != nil && m.head != nil && (!m.base.reparse(&rv.pb) || !m.head.reparse(&rv.ph)):
			rv.unreadable(m.base, m.head)
			rv.pairs[len(rv.pairs)-1].cassette = true
			continue
		case m.base == nil:
			p = rv.alone(m.head)
			if b.c != nil {
				p.Findings = append(p.Findings, diff.Finding{Severity: SeverityLow, Text: fmt.Sprintf("interaction added to the cassette (%d in base, %d in head)", len(b.entries), len(h.entries))})
			}
		case m.head == nil:
			p = rv.alone(m.base)
			if h.c != nil {
				p.Findings = append(p.Findings, diff.Finding{Severity: SeverityLow, Text: fmt.Sprintf("interaction gone from the cassette (%d in base, %d in head)", len(b.entries), len(h.entries))})
			}
		default:
			change := Modified
			if bytes.Equal(m.base.data, m.head.data) {
				change = Unchanged
			}
			p = triage(m.base, m.head, change)
			m.base.rec, m.head.rec = nil, nil
			if change == Unchanged && headersDiffer(m.base.it, m.head.it) {
				p.Change, p.Verdict, p.MetadataOnly = Modified, VerdictMetadata, true
				p.Findings = append(p.Findings, diff.Finding{Severity: SeverityNone, Text: "only the recorded headers changed"})
			}
		}
		if m.head != nil {
			for _, sec := range m.head.it.Secrets() {
				p.Findings = append(p.Findings, diff.Finding{Severity: SeverityHigh, Concern: diff.ConcernSecret, Text: "credential recorded in " + sec.Where})
				p.Severity = SeverityHigh
			}
		}
		p.Name = "" // a cassette's name holds no request hash
		p.cassette = true
		rv.pairs = append(rv.pairs, p)
		rv.between()
	}
}

// headersDiffer reports that two interactions differ in their recorded
// headers.
func headersDiffer(b, h *cassette.Interaction) bool {
	return !equalHeaders(b.RequestHeaders, h.RequestHeaders) || !equalHeaders(b.ResponseHeaders, h.ResponseHeaders)
}

func equalHeaders(a, b map[string][]string) bool {
	return maps.EqualFunc(a, b, slices.Equal)
}

// maxAlign bounds the interactions two cassettes' alignment compares
// (base × head); beyond it none pair by request or call.
const maxAlign = 1 << 20

// alignInteractions pairs the interactions of two versions of a cassette
// by request and order, never two calls of different endpoints or hosts:
// the longest run, in order, of interactions to one host whose requests
// are the same as the recorder hashes them (entry.ident: the headers
// apart) pair; between two such pairs, the longest run of calls to the
// same host and endpoint with the same method (entry.call) pair, each
// the earliest it can; between those, unreadable interactions pair by
// order. The rest are added or deleted.
func alignInteractions(b, h []*entry) []matched {
	readable := func(x, y *entry) bool { return x.err == nil && y.err == nil && x.host == y.host }
	return align(b, h, []func(x, y *entry) bool{
		func(x, y *entry) bool { return readable(x, y) && x.ident == y.ident },
		func(x, y *entry) bool { return readable(x, y) && x.call == y.call },
		func(x, y *entry) bool { return x.err != nil && y.err != nil },
	})
}

// align pairs b and h by the longest common run under levels[0], and
// what lies between two pairs of it under levels[1:].
func align(b, h []*entry, levels []func(x, y *entry) bool) []matched {
	var out []matched
	if len(levels) == 0 {
		for _, e := range b {
			out = append(out, matched{base: e})
		}
		for _, e := range h {
			out = append(out, matched{head: e})
		}
		return out
	}
	i, j := 0, 0
	for _, a := range append(commonRun(b, h, levels[0]), [2]int{len(b), len(h)}) {
		out = append(out, align(b[i:a[0]], h[j:a[1]], levels[1:])...)
		if a[0] < len(b) {
			out = append(out, matched{b[a[0]], h[a[1]]})
		}
		i, j = a[0]+1, a[1]+1
	}
	return out
}

// commonRun is the longest common subsequence of b and h under same, as
// index pairs in order, each element matched as early as it can be;
// none when len(b)×len(h) passes maxAlign.
func commonRun(b, h []*entry, same func(x, y *entry) bool) [][2]int {
	n, m := len(b), len(h)
	if n == 0 || m == 0 || n*m > maxAlign {
		return nil
	}
	// lcs[i][j] is the length of the longest common run of b[i:] and h[j:].
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if same(b[i], h[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var run [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case same(b[i], h[j]) && lcs[i][j] == lcs[i+1][j+1]+1:
			run = append(run, [2]int{i, j})
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return run
}
