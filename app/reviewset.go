package app

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/permalink"
)

// viewReview is what the main area shows for a change set: its table, one
// of its pairs, or, before a change set is read, the panel that asks for
// two folders (see viewDoc).
const viewReview = "review"

// reviewState is the Viewer's review page: the change set under review,
// and the folders picked for the next two-folder review.
type reviewState struct {
	set   *reviewSet
	picks [2]*pickedFolder // base, head: picked or dropped, not yet reviewed
	// failed is the error shown for each side's last pick that was not
	// taken ("" when none): a pick of the other side clears v.err unless
	// it is this.
	failed [2]string
	// pending is a two-folder review link opened without its folders
	// (folders=BASE/HEAD&file=PATH): the panel asks for them, and the
	// review opens at that pair once they are read.
	pending *permalink.Fragment
	// warm is a worker started ahead of a review (while the page is
	// idle: startSpare; at a drag over a folder's box; at the first of
	// two folders given), and given each folder as it comes, so that it
	// is up and has read the first by the time the second is: the
	// review takes it (setFolder; startGitHubAt when no folder was
	// given); nil when none waits.
	warm *pageWorker
	// given is closed once warm has been handed the last folder given
	// (setFolder hands each in a task of its own, in order); nil when
	// none is on its way.
	given chan struct{}
	// stir counts the reader's moves that end the warming of the page's
	// review code, while the second folder is awaited or the worker
	// reviews (warmReviewDrawing).
	stir warmStir
}

// pickedFolder is a folder picked or dropped for a two-folder review.
type pickedFolder struct {
	name  string         // the folder's own name
	files []browser.File // its .json files, Path relative to the folder
}

// reviewSet is one change set under review: where it comes from, its
// files (to open a pair), the worker's report, and the reviewer's
// place in it.
type reviewSet struct {
	ref permalink.Review
	// st is what the worker said last: what it does, the API
	// requests left, the pull request's title and head commit, the files
	// it could not fetch, why it failed.
	st pageworker.Status
	// worker is the worker reviewing the change set; once it has, it
	// keeps the review for its comment (copyReview) until another
	// review begins (end). nil when the review failed or ended.
	worker *pageWorker

	// The files of each side by path: fetched, or picked.
	files [2]map[string]reviewFile
	rep   *pageworker.Report
	// rowsHTML is each row's markup (writeRow), written as the report is
	// read; pieces is how many pieces of the table are drawn (tableHTML),
	// one more per task when the report comes in.
	rowsHTML []rowPieces
	pieces   int
	// rowsVer counts the changes to what the rows show (the report, the
	// viewed marks, the decisions), drawn the table pieces written for
	// a view of them (tableHTML).
	rowsVer int
	drawn   drawnTable

	table reviewTable
	// pair is the row shown, -1 for the table; the pair's recordings
	// while it is open.
	pair    int
	cmp     *comparison // both sides, once read
	single  *openDoc    // the one side of an added or deleted pair, once read
	pairErr string      // why a side could not be read

	// tableY is how far down the page was scrolled (CSS pixels) when a
	// pair was opened from the table, rowTop how far its row was from
	// the window's top (-1 when it was not drawn); seen the row last
	// opened, -1 for none; back that the table is to be brought back
	// there (scrolled, the seen row marked and focused) once drawn again.
	tableY int
	rowTop int
	seen   int
	back   bool

	viewed map[string]bool // by Row.Path
	// decisions are the reviewer's, by decisionKey; copied what Copy
	// review did, nil before or once a decision changed; storeErr why
	// localStorage could not keep the decisions, "" when it did.
	decisions map[string]pageworker.Decided
	copied    *copyState
	storeErr  string
	version   int // bumped on every change, so the page renders again
	// wantFile is the pair to open once the report is in (a link's file=).
	wantFile string
	// wantOpen is the side of that pair to show as a recording once it
	// is read (a link's open=): "base" or "head", "" for the pair.
	wantOpen string
}

// drawnTable is the table's pieces written for a view (table) of the
// rows at rowsVer: its visible rows, and its first pieces.
type drawnTable struct {
	table   reviewTable
	rows    int
	visible []int
	pieces  []string
}

// end stops rv's worker, which kept its review for its comment: another
// review begins. Nothing for a nil rv.
func (rv *reviewSet) end() {
	if rv != nil && rv.worker != nil {
		rv.worker.stop()
		rv.worker = nil
	}
}

// toTable leaves the pair shown for the table, to be brought back where
// the reviewer left it (back).
func (rv *reviewSet) toTable() {
	if rv.pair >= 0 {
		rv.back = true
	}
	rv.pair, rv.cmp, rv.single = -1, nil, nil
	rv.version++
}

// reviewFile is one file of a side: an ArrayBuffer the worker
// fetched from GitHub, or the File the user gave.
type reviewFile struct {
	buf  app.Value
	file *browser.File
}

// reviewTable is the table's view: its filter, verdict facet, order and
// folding. It belongs to the change set, so it is as the reviewer left it
// when they come back from a pair.
type reviewTable struct {
	filter  string
	verdict string // a verdict, "" for all
	// facet is another filter of the summary's: "severity:S" (the rows
	// of severity S), "name:N" (head names whose check says N: ok,
	// stale, mismatch), "growth" (the tests whose recordings
	// multiplied), "test:ID" (a test's pairs), "decision:D" (the pairs
	// flagged, accepted, or left to decide: inDecision), "" for all.
	facet  string
	sortBy string // a column key, "" for the report's order
	desc   bool
	unfold bool // show the folded rows (folded)
}

// newReviewSet is an empty change set of ref, showing its table.
func newReviewSet(ref permalink.Review) *reviewSet {
	return &reviewSet{ref: ref, pair: -1, seen: -1, viewed: map[string]bool{}, decisions: map[string]pageworker.Decided{}, pieces: maxReviewRows,
		files: [2]map[string]reviewFile{{}, {}}}
}

// folded reports whether a row is folded by default: one of no
// severity (environment noise, ids and timestamps, usage counters,
// unchanged files).
func folded(r *pageworker.Row) bool { return r.Severity == "none" }

// foldedCount is how many rows are folded by default.
func (rv *reviewSet) foldedCount() int {
	n := 0
	for i := range rv.rep.Rows {
		if folded(&rv.rep.Rows[i]) {
			n++
		}
	}
	return n
}

// matches reports whether row i holds every word of the filter (paths,
// test_id, endpoint, verdict, change, statuses, why; case-insensitive).
func (rv *reviewSet) matches(i int, words []string) bool {
	if len(words) == 0 {
		return true
	}
	r := &rv.rep.Rows[i]
	hay := strings.ToLower(strings.Join([]string{r.Base, r.Head, r.TestID, r.Endpoint, r.Severity, r.Verdict, r.Change, r.Request, r.Result, r.Name, r.Why}, "\x00"))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// inFacet reports whether row r is among those the table's facet keeps.
func (rv *reviewSet) inFacet(r *pageworker.Row) bool {
	k, v, _ := strings.Cut(rv.table.facet, ":")
	switch k {
	case "severity":
		return r.Severity == v
	case "name":
		return r.Head != "" && r.Name == v
	case "growth":
		for _, c := range rv.rep.Multiplied {
			if c.TestID == r.TestID {
				return true
			}
		}
		return false
	case "test":
		return r.TestID == v
	case "decision":
		return rv.inDecision(r, v)
	}
	return true
}

// visible lists the rows the table shows, in its order: those the filter,
// the verdict and the facet keep, without the folded ones unless unfolded
// or a verdict or facet is chosen.
func (rv *reviewSet) visible() []int {
	if rv.rep == nil {
		return nil
	}
	t := &rv.table
	words := strings.Fields(strings.ToLower(t.filter))
	var out []int
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		if (t.verdict == "" || r.Verdict == t.verdict) && rv.inFacet(r) && (t.unfold || t.verdict != "" || t.facet != "" || !folded(r)) && rv.matches(i, words) {
			out = append(out, i)
		}
	}
	if t.sortBy != "" {
		rows := rv.rep.Rows
		slices.SortStableFunc(out, func(a, b int) int {
			c := cmp.Compare(reviewKey(&rows[a], t.sortBy), reviewKey(&rows[b], t.sortBy))
			if t.desc {
				return -c
			}
			return c
		})
	}
	return out
}

// reviewColumns are the table's columns after the viewed box: the sort
// key and the heading.
var reviewColumns = [][2]string{
	{"verdict", "verdict"}, {"test_id", "test · file"}, {"endpoint", "endpoint"},
	{"change", "change"}, {"request", "request"}, {"result", "result"}, {"name", "name"}, {"why", "why"},
}

// reviewKey is a row's value in the column key, for sorting.
func reviewKey(r *pageworker.Row, key string) string {
	switch key {
	case "verdict":
		// By severity, the report's first order (a one-digit rank, the
		// last for none given), then the verdict's words.
		return strconv.Itoa(diff.Severity(r.Severity).Rank()) + r.Verdict
	case "test_id":
		return r.TestID + "\x00" + r.Path()
	case "endpoint":
		return r.Endpoint
	case "change":
		return r.Change
	case "request":
		return r.Request
	case "result":
		return r.Result
	case "name":
		return r.Name
	case "why":
		return r.Why
	}
	return r.Path()
}

// step is the row of the next (dir 1) or previous (dir -1) meaningful
// pair after the one shown, in the table's order, and whether there is
// one. A pair the table does not show (filtered out) steps in the
// report's order.
func (rv *reviewSet) step(dir int) (int, bool) { return rv.stepFrom(rv.pair, dir) }

// stepFrom is the next (dir 1) or previous (-1) meaningful row after
// row from in the table's order (visible), from -1 the first or last;
// from a row the table hides, the next in the report's order.
func (rv *reviewSet) stepFrom(from, dir int) (int, bool) {
	order := rv.visible()
	at := slices.Index(order, from)
	switch {
	case at < 0 && from >= 0:
		order = make([]int, len(rv.rep.Rows))
		for i := range order {
			order[i] = i
		}
		at = from
	case at < 0 && dir < 0:
		at = len(order)
	}
	for k := at + dir; k >= 0 && k < len(order); k += dir {
		if rv.rep.Rows[order[k]].Meaningful {
			return order[k], true
		}
	}
	return 0, false
}

// rowOf is the row of the pair known by path (Row.Path) and whether
// there is one.
func (rv *reviewSet) rowOf(path string) (int, bool) {
	if rv.rep == nil {
		return 0, false
	}
	for i := range rv.rep.Rows {
		if rv.rep.Rows[i].Path() == path {
			return i, true
		}
	}
	return 0, false
}

// place is where the pair shown is among the pairs to look at (of
// severity other than none: those n and p step through, and the viewed
// count counts) that the table shows, in its order: k from 1, 0 when the
// pair is not one of them; n how many there are; filtered whether a
// filter, verdict or facet narrows the table.
func (rv *reviewSet) place() (k, n int, filtered bool) {
	t := &rv.table
	filtered = t.filter != "" || t.verdict != "" || t.facet != ""
	for _, i := range rv.visible() {
		if folded(&rv.rep.Rows[i]) {
			continue
		}
		n++
		if i == rv.pair {
			k = n
		}
	}
	return k, n, filtered
}

// viewedCount is how many of the pairs to look at (all but the folded
// noise) are marked viewed, and how many there are.
func (rv *reviewSet) viewedCount() (n, of int) {
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		if folded(r) {
			continue
		}
		of++
		if rv.viewed[r.Path()] {
			n++
		}
	}
	return n, of
}

// viewedKey is the localStorage key of the viewed marks of a GitHub
// review: per pull request (or comparison) and head commit, so that a
// push starts them afresh; "" for two folders, whose marks are kept by
// the pairs' content (viewedDigestsKey).
func (rv *reviewSet) viewedKey() string {
	if rv.ref.Kind == permalink.ReviewFolders || rv.st.HeadSHA == "" {
		return ""
	}
	return "recview-viewed:" + rv.ref.String() + "@" + rv.st.HeadSHA
}

// label is what the page calls the change set: "ogx-ai/ogx#3681",
// "ogx-ai/ogx main...dev", "base → head".
func (rv *reviewSet) label() string {
	r := rv.ref
	switch r.Kind {
	case permalink.ReviewPR:
		return r.Owner + "/" + r.Repo + "#" + strconv.Itoa(r.Number)
	case permalink.ReviewCompare:
		return r.Owner + "/" + r.Repo + " " + r.Base + "..." + r.Head
	}
	return r.Base + " → " + r.Head
}
