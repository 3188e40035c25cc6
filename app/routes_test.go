package app

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/replayhtml"
)

// actsIn lists the data-act names markup emits, each once, sorted.
func actsIn(markup string) []string {
	var acts []string
	for _, m := range regexp.MustCompile(`data-act="([^"]*)"`).FindAllStringSubmatch(markup, -1) {
		acts = append(acts, m[1])
	}
	slices.Sort(acts)
	return slices.Compact(acts)
}

// keys lists a route table's names, sorted.
func (routes clickRoutes) keys() []string {
	var k []string
	for name := range routes {
		k = append(k, name)
	}
	slices.Sort(k)
	return k
}

// TestClickRoutes: every data-act a writer of text HTML emits has a route
// in the handler of the part of the page that shows it, and every route
// is emitted by some writer.
func TestClickRoutes(t *testing.T) {
	// The review page: a change set with pairs of every kind, unfolded,
	// at its table and at a pair.
	rv := testSet()
	rv.rep.Verdicts = []pageworker.Count{{Of: "changed result", N: 1}, {Of: "added", N: 1}}
	rv.table.unfold = true
	head, pieces, note := tableHTML(rv)
	review := headHTML(rv) + summaryHTML(rv) + copyHTML(rv) + unfoldHTML(rv) + head + strings.Join(pieces, "") + note
	rv.st.Phase, rv.st.Done, rv.st.Total = "Fetching the recordings", 1, 2 // under way: its Stop button
	review += headHTML(rv)
	rv.st.Phase = ""
	for i := range rv.rep.Rows {
		row := writeRow(&rv.rep.Rows[i], i)
		review += strings.Join(row[:], "")
	}
	rv.pair = 1
	review += pairHTML(rv) + decideButtonsHTML(1, pageworker.Decided{})

	// The replay panels, with every list filled.
	file := replayhtml.File{Path: "t/recordings/a.json", Status: "stale", Replay: "b.json"}
	rep := replayhtml.Report{Recordings: 3, Stale: 1, Mismatch: 1, NeverN: 1, Never: []replayhtml.File{file},
		DuplicatesN: 1, Copies: 1, Duplicates: []replayhtml.Duplicate{{Keep: "a.json", Drop: []string{"c.json"}}},
		Heavy: []replayhtml.Heavy{{TestID: "t", Count: 2, Groups: []replayhtml.Group{{Endpoint: "/e", N: 2, Fields: []string{"body.x"}}}}},
		Tests: true, OrphansN: 1, Orphans: []replayhtml.Listed{{Path: "o.json", Why: "no test file"}},
		RootKnown: true, Compared: true}
	look := replayhtml.Lookup{Hash: strings.Repeat("a", 64), Found: "a.json", Places: []replayhtml.Place{{Dir: "d", Want: "a.json", Present: []string{"a.json"}}},
		Named: []replayhtml.File{file}, Held: []replayhtml.File{file}, Candidates: []replayhtml.Candidate{{File: file, Why: "same test"}}}
	lookup := look.HTML() + errorPanel("notfound-panel", "The lookup failed")
	panel, folds := rep.Panel()
	for _, f := range folds {
		panel += f.Summary + f.Body
	}

	for _, part := range []struct {
		name   string
		markup string
		routes clickRoutes
		want   int // the names it must emit at least
	}{
		{"review page", review, (&reviewView{Iset: rv}).routes(), 7},
		{"index's replay panels", panel + errorPanel("replay-report", "failed") + lookup, (&index{}).replayRoutes(), 3},
		{"playground's lookup panel", lookup, lookupRoutes, 2},
	} {
		emitted := actsIn(part.markup)
		if len(emitted) < part.want {
			t.Errorf("%s: the writers emit %q, want at least %d names: the sample is too thin", part.name, emitted, part.want)
		}
		for _, act := range emitted {
			if part.routes[act] == nil {
				t.Errorf("%s: data-act=%q has no route (routes: %q)", part.name, act, part.routes.keys())
			}
		}
		for _, act := range part.routes.keys() {
			if !slices.Contains(emitted, act) {
				t.Errorf("%s: the route %q is emitted by no writer (emitted: %q)", part.name, act, emitted)
			}
		}
	}
}
