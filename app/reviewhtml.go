package app

import (
	"path"
	"strconv"
	"strings"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/github"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/testid"
)

// The review page is written as HTML (reviewView shows it with app.Raw
// and handles its clicks by their data-act attributes): built element by
// element in go-app, its table and bars made app.wasm about 60 KB larger
// after brotli. Every value from a recording, a path or GitHub is
// escaped (html.EscapeString); the rest is this file's own text.

// maxReviewRows caps the rows written at once; the filter narrows the
// rest.
const maxReviewRows = 500

// startHTML is the panel that asks for a change set: the two folders'
// targets (data-review-drop, caught by listenReview) and pickers
// (data-pick), the folders picked so far, and the folders a link names.
func startHTML(picks [2]*pickedFolder, pending *permalink.Fragment) string {
	var w htmlw.Writer
	w.Raw(`<div><h2>Review a change set</h2><p class="muted">Paste a pull request's address (https://github.com/OWNER/REPO/pull/N) or a comparison's (…/compare/BASE...HEAD) in the box above, or pick two folders of recordings: the base (before) and the head (after). Each changed recording is paired with its other version, across renames, and sorted by what changed.</p>`)
	if pending != nil {
		w.Raw(`<p class="notice" data-testid="review-pending">This link is the review of two folders, `)
		w.Text(pending.Review.Base)
		w.Raw(` and `)
		w.Text(pending.Review.Head)
		w.Raw(`: their files are on the computer it was made on, not in the link. Pick or drop them to open it.</p>`)
	}
	w.Raw(`<div class="review-drops">`)
	for side, name := range [2]string{"base", "head"} {
		w.Raw(`<label class="review-drop" data-review-drop="`, name, `" data-testid="review-drop-`, name, `"><strong>`,
			[2]string{"Base folder (before)", "Head folder (after)"}[side], `</strong><span class="muted">`)
		if p := picks[side]; p != nil {
			w.Text(p.name)
			w.Raw(": ", p.count())
		} else {
			w.Raw("drop a folder here, or pick one")
		}
		w.Raw(`</span><span class="button ghost">Pick…</span><input type="file" webkitdirectory class="sr-only" data-pick="`, strconv.Itoa(side),
			`" data-testid="review-`, name, `-input" aria-label="Pick the `, name, ` folder"></label>`)
	}
	w.Raw(`</div></div>`)
	return w.String()
}

// headHTML is the review's head: its name (a link to GitHub), the pull
// request's title, the API requests left (rate-limit), what is being
// done, why it failed, and the files not reviewed.
func headHTML(rv *reviewSet) string {
	var w htmlw.Writer
	w.Raw(`<div class="review-head"><h2>Review of `)
	if u := github.PageURL(rv.ref); u != "" {
		w.Raw(`<a href="`)
		w.Text(u)
		w.Raw(`" rel="noreferrer">`)
		w.Text(rv.label())
		w.Raw(`</a>`)
	} else {
		w.Raw(`<code>`)
		w.Text(rv.label())
		w.Raw(`</code>`)
	}
	w.Raw(`</h2>`)
	st := &rv.st
	if st.Title != "" {
		w.Raw(`<span class="muted">`)
		w.Text(st.Title)
		w.Raw(`</span>`)
	}
	if st.Rate != "" {
		w.Raw(`<span class="chip rate" data-testid="rate-limit" title="GitHub allows 60 API requests an hour without signing in; a pull request takes one, and one more per 100 files">`)
		w.Text(st.Rate)
		w.Raw(`</span>`)
	}
	if st.Phase != "" {
		w.Raw(`<div class="review-progress" role="status"><span>`)
		w.Text(st.Phase)
		if st.Total > 1 {
			w.Raw(": ")
			w.Num(st.Done)
			w.Raw(" of ")
			w.Num(st.Total)
		}
		w.Raw(`…</span><progress data-testid="review-progress" max="`)
		w.Num(max(st.Total, 1))
		w.Raw(`" value="`)
		w.Num(st.Done)
		w.Raw(`"></progress><button class="button ghost small" data-act="`, pageworker.ActStop, `" data-testid="review-stop" title="Stop the review: every download stops at once">Stop</button></div>`)
	}
	w.Raw(`</div>`)
	if st.Failed != "" {
		w.Raw(`<p class="warn" role="alert" data-testid="review-error">`)
		w.Text(st.Failed)
		w.Raw(`</p>`)
	}
	if len(st.Notes) > 0 {
		w.Raw(`<details class="missed"><summary>`, plural(len(st.Notes), "note"), `: files not reviewed</summary><ul>`)
		for _, m := range st.Notes {
			w.Raw(`<li>`)
			w.Text(m)
			w.Raw(`</li>`)
		}
		w.Raw(`</ul></details>`)
	}
	return `<div>` + w.String() + `</div>`
}

// summaryHTML leads with the findings, as the CLI's summary does: how
// many pairs to look at by severity (data-testid="review-severity"), the
// tests whose recordings multiplied (data-testid="review-multiplied", its
// button data-testid="review-growth" showing their pairs), the head
// names' check (data-testid="review-names"), each count a chip that
// filters the table (data-act="facet", data-facet); then the count of
// each verdict, most meaningful first, as chips that filter the table
// (data-verdict, data-count), how many pairs are viewed, and the changes.
func summaryHTML(rv *reviewSet) string {
	var w htmlw.Writer
	t := &rv.table
	w.Raw(`<div class="review-summary" data-testid="review-summary">`)
	findingsHTML(&w, rv)
	// The rest, folded on a phone so that the first rows show in its
	// first screen.
	w.Raw(`<details class="review-more" data-testid="review-more"`, iff(browser.Narrow(), "", " open"), `><summary>names, verdicts, tests and counts</summary>`)
	// The head names and the verdicts share a line.
	w.Raw(`<div class="review-findings">`)
	namesHTML(&w, rv)
	w.Raw(`<span class="facet" role="group" aria-label="Verdicts">`)
	for _, c := range rv.rep.Verdicts {
		on := t.verdict == c.Of
		w.Raw(`<button class="chip verdict-`, verdictClass(c.Of), iff(on, " active", ""), `" aria-pressed="`, strconv.FormatBool(on),
			`" data-act="`+pageworker.ActVerdict+`" data-verdict="`)
		w.Text(c.Of)
		w.Raw(`" data-count="`)
		w.Num(c.N)
		w.Raw(`">`)
		w.Num(c.N)
		w.Raw(" ")
		w.Text(c.Of)
		w.Raw(`</button>`)
	}
	w.Raw(`</span></div>`)
	if m := rv.rep.Multiplied; len(m) > 0 {
		added := 0
		for _, c := range rv.rep.Changes {
			if c.Of == "added" {
				added = c.N
			}
		}
		w.Raw(`<div class="notice review-multiplied" data-testid="review-multiplied"><span><strong>`, plural(len(m), "test"),
			` multiplied their recordings: `)
		w.Num(rv.rep.MultipliedAdded)
		w.Raw(` of the `)
		w.Num(added)
		w.Raw(` added files.</strong> Such a test records its call under a new name on each run. `)
		facetChip(&w, t, "growth", "review-growth", "Show their pairs", "")
		w.Raw(`</span>`)
		testsHTML(&w, rv, m)
		w.Raw(`</div>`)
	}
	if g := rv.rep.Grown; len(g) > 0 {
		w.Raw(`<div class="notice review-grown" data-testid="review-grown"><span><strong>`, plural(len(g), "test"), ` with more recordings than before</strong> (new tests among them):</span>`)
		testsHTML(&w, rv, g)
		w.Raw(`</div>`)
	}
	w.Raw(`<p class="muted"><span data-testid="viewed-count">`)
	viewedCount(&w, rv)
	w.Raw(`</span>`)
	for i, c := range rv.rep.Changes {
		w.Raw(iff(i == 0, " · ", ", "))
		w.Num(c.N)
		w.Raw(" ")
		w.Text(c.Of)
	}
	if rv.rep.Skipped > 0 {
		w.Raw(" · ")
		w.Num(rv.rep.Skipped)
		w.Raw(" files that are not recordings skipped")
	}
	w.Raw(`</p></details></div>`)
	return w.String()
}

// maxListedTests is how many tests a list of the summary shows before
// "and N more", which unfolds the rest; maxChipTest how long a test's
// chip is, in bytes (testid.Short: the whole test_id in its title).
const (
	maxListedTests = 5
	maxChipTest    = 64
)

// testsHTML lists tests with their counts, base → head, each a chip that
// filters the table to its pairs (facet "test:ID"), the first
// maxListedTests shown and the rest folded under "and N more".
func testsHTML(w *htmlw.Writer, rv *reviewSet, tests []pageworker.TestCount) {
	item := func(c pageworker.TestCount) {
		w.Raw(`<li title="`)
		w.Text(c.TestID)
		w.Raw(`">`)
		facetChip(w, &rv.table, "test:"+c.TestID, "review-test", testid.Short(c.TestID, maxChipTest), "test-chip")
		w.Raw(` `)
		w.Num(c.Base)
		w.Raw(` → `)
		w.Num(c.Head)
		w.Raw(`</li>`)
	}
	// The tests flow on the notice's lines after its words, "and N
	// more" last (unfolded: its tests on lines of their own).
	w.Raw(`<ul class="tests">`)
	for _, c := range tests[:min(len(tests), maxListedTests)] {
		item(c)
	}
	if len(tests) > maxListedTests {
		w.Raw(`<li class="more-tests"><details><summary data-testid="review-more-tests">and `)
		w.Num(len(tests) - maxListedTests)
		w.Raw(` more</summary><ul>`)
		for _, c := range tests[maxListedTests:] {
			item(c)
		}
		w.Raw(`</ul></details></li>`)
	}
	w.Raw(`</ul>`)
}

// unfoldHTML is the button that shows or folds the rows folded by
// default; an empty span when there are none, or a verdict is chosen.
func unfoldHTML(rv *reviewSet) string {
	t := &rv.table
	n := rv.foldedCount()
	if n == 0 || t.verdict != "" || t.facet != "" {
		return `<span></span>`
	}
	var w htmlw.Writer
	w.Raw(`<button class="button ghost" data-act="` + pageworker.ActUnfold + `" data-testid="review-unfold">`)
	if t.unfold {
		w.Raw("Fold the pairs of no severity")
	} else {
		w.Raw("Show the ", plural(n, "folded pair"), " of no severity (environment, ids and timestamps, usage, unchanged)")
	}
	w.Raw(`</button>`)
	return w.String()
}

// viewedCount writes "N of M viewed": of the pairs to look at, the
// folded noise apart (reviewSet.viewedCount).
func viewedCount(w *htmlw.Writer, rv *reviewSet) {
	n, of := rv.viewedCount()
	w.Num(n)
	w.Raw(" of ")
	w.Num(of)
	w.Raw(" viewed")
}

// rowsAtOnce is how many rows one piece of the table holds: the table is
// drawn a piece per task when the report comes in (reviewed).
const rowsAtOnce = 100

// tableHTML is the table of the rows shown (visible), at most
// maxReviewRows, as many pieces as drawn so far (reviewSet.pieces: the
// rest are not written): its head row, whose buttons sort (data-act="sort"), the
// rows in pieces of rowsAtOnce, each row a <div role="row"
// data-testid="review-row" data-act="open" data-row=I data-base data-head
// data-change data-result data-verdict data-severity> with its viewed box
// (data-testid="viewed", data-act="viewed"), and a note on the rows not
// shown ("" when none).
func tableHTML(rv *reviewSet) (head string, pieces []string, note string) {
	var w htmlw.Writer
	t := &rv.table
	w.Raw(`<div class="review-tr review-th" role="row"><div role="columnheader"><span class="sr-only">viewed</span></div>`)
	for _, col := range reviewColumns {
		sort, arrow := "none", ""
		if t.sortBy == col[0] {
			sort, arrow = iff(t.desc, "descending", "ascending"), iff(t.desc, " ▼", " ▲")
		}
		w.Raw(`<div role="columnheader" class="col-`, col[0], `" aria-sort="`, sort, `"><button class="link sort" data-act="`+pageworker.ActSort+`" data-sort="`, col[0], `">`, col[1], arrow, `</button></div>`)
	}
	w.Raw(`</div>`)
	head = w.String()
	// The pieces written for the same view of the same rows are kept:
	// the table is drawn again a piece at a time as the report comes in,
	// and a piece of 100 rows is 150 KB to write.
	c := &rv.drawn
	if c.visible == nil || c.table != rv.table || c.rows != rv.rowsVer {
		*c = drawnTable{table: rv.table, rows: rv.rowsVer, visible: rv.visible()}
	}
	visible := c.visible
	shown := visible[:min(len(visible), maxReviewRows, rv.pieces*rowsAtOnce)]
	shown = shown[min(len(shown), len(c.pieces)*rowsAtOnce):]
	for len(shown) > 0 {
		w.Reset()
		w.Raw(`<div class="review-rows">`)
		for _, i := range shown[:min(len(shown), rowsAtOnce)] {
			h, r := rv.rowHTML(i), &rv.rep.Rows[i]
			w.Raw(h[0], iff(rv.viewed[r.Path()], " checked", ""), h[1])
			d := rv.decisionOf(r)
			decisionMark(&w, d)
			w.Raw(h[2])
			rowNote(&w, d)
			w.Raw(h[3])
		}
		w.Raw(`</div>`)
		c.pieces = append(c.pieces, w.String())
		shown = shown[min(len(shown), rowsAtOnce):]
	}
	pieces = c.pieces[:min(len(c.pieces), rv.pieces)]
	switch n := len(visible); {
	case n > maxReviewRows:
		note = `<p class="muted">` + plural(n-maxReviewRows, "more row") + `: type in the filter to narrow them.</p>`
	case n == 0:
		note = `<p class="muted">No pair matches.</p>`
	}
	return head, pieces, note
}

// rowHTML is row i's markup (writeRow); written once per row
// (rowsHTML), or when asked.
func (rv *reviewSet) rowHTML(i int) rowPieces {
	if i < len(rv.rowsHTML) {
		return rv.rowsHTML[i]
	}
	return writeRow(&rv.rep.Rows[i], i)
}

// rowPieces is a row's markup in four pieces, around what changes as
// the reviewer works: its viewed box's checked attribute, its decision's
// mark (decisionMark) and its note (rowNote).
type rowPieces [4]string

// writeRow writes a row: <div role="row" data-testid="review-row" data-act="open"
// data-row=I data-base data-head data-change data-result data-verdict
// data-severity>, its viewed box (data-testid="viewed", data-act="viewed")
// up to where its checked attribute goes; then up to where its
// decision's mark goes, beside the box; then the severity
// (data-testid="row-severity") and verdict badges, the test and file,
// and the short cells, up to where the why cell's note goes; then the
// why.
func writeRow(r *pageworker.Row, i int) rowPieces {
	var w htmlw.Writer
	{
		row := strconv.Itoa(i)
		w.Raw(`<div class="review-tr review-row" role="row" data-testid="review-row" data-act="`+pageworker.ActOpen+`" data-row="`, row, `" data-base="`)
		w.Text(r.Base)
		w.Raw(`" data-head="`)
		w.Text(r.Head)
		w.Raw(`" data-change="`)
		w.Text(r.Change)
		w.Raw(`" data-result="`)
		w.Text(r.Result)
		w.Raw(`" data-verdict="`)
		w.Text(r.Verdict)
		w.Raw(`" data-severity="`)
		w.Text(r.Severity)
		w.Raw(`"><div role="cell"><input type="checkbox" data-testid="viewed" data-act="`+pageworker.ActViewed+`" data-row="`, row, `" aria-label="Viewed"`)
		var p rowPieces
		p[0] = w.String()
		w.Reset()
		w.Raw(`>`)
		p[1] = w.String()
		w.Reset()
		w.Raw(`</div><div role="cell" class="col-verdict"><span class="badge severity-`, verdictClass(r.Severity), `" data-testid="row-severity">`)
		w.Text(r.Severity)
		w.Raw(`</span> <span class="badge verdict-`, verdictClass(r.Verdict), `">`)
		w.Text(r.Verdict)
		// The test's name leads, the file (shortened) follows; both
		// whole in the cell's title. One line a row: 15 and more rows
		// fit a 1,440 × 900 window.
		_, name := splitTestID(r.TestID)
		short := shortPath(r.Path())
		w.Raw(`</span></div><div role="cell" class="col-test_id" title="`)
		w.Text(strings.TrimSpace(r.TestID + "\n" + r.Path() + iff(r.Base != "" && r.Head != "" && r.Base != r.Head, "\nrenamed from "+r.Base, "")))
		w.Raw(`"><button class="link">`)
		w.Text(iff(name != "", name, short))
		w.Raw(`</button>`)
		if name != "" {
			w.Raw(` <span class="muted file">`)
			w.Text(short)
			w.Raw(`</span>`)
		}
		why := r.Why
		if r.Err != "" {
			why = strings.TrimSpace(why + " " + r.Err)
		}
		for k, v := range [...]string{r.Endpoint, r.Change, r.Request, r.Result, r.Name} {
			w.Raw(`</div><div role="cell" class="col-`, reviewColumns[k+2][0], `">`)
			w.Text(v)
		}
		w.Raw(`</div><div role="cell" class="col-why" title="`)
		w.Text(why)
		w.Raw(`">`)
		p[2] = w.String()
		w.Reset()
		w.Text(why)
		w.Raw(`</div></div>`)
		p[3] = w.String()
		return p
	}
}

// shortPath is a recording's path as a row shows it: the two folders
// above the file and the file, a long name (a request hash) cut to its
// first 8 and last 4 characters: "common/recordings/3924e502…f94a.json".
func shortPath(p string) string {
	dir, file := path.Split(p)
	stem, ext := strings.TrimSuffix(file, ".json"), iff(strings.HasSuffix(file, ".json"), ".json", "")
	if len(stem) > 16 {
		stem = stem[:8] + "…" + stem[len(stem)-4:]
	}
	parts := strings.Split(strings.Trim(dir, "/"), "/")
	parts = parts[max(0, len(parts)-2):]
	return strings.TrimPrefix(strings.Join(parts, "/")+"/", "/") + stem + ext
}

// pairHTML is a pair's bar and head: back to the table (data-act="back"),
// its place, the previous and next meaningful pairs (data-act="step",
// keys p and n), its viewed box, its severity (data-testid="pair-severity"),
// verdict (data-testid="pair-verdict") and why, its two paths.
func pairHTML(rv *reviewSet) string {
	var w htmlw.Writer
	r := &rv.rep.Rows[rv.pair]
	_, prev := rv.step(-1)
	_, next := rv.step(1)
	w.Raw(`<div><nav class="pair-bar"><button class="button ghost" data-act="` + pageworker.ActBack + `" data-testid="review-back" title="Back to the review's table">← `)
	w.Text(rv.label())
	w.Raw(`</button><span class="muted" data-testid="pair-place">`)
	placeHTML(&w, rv)
	w.Raw(`</span><button class="button ghost" data-act="`+pageworker.ActStep+`" data-dir="-1" data-testid="review-prev" title="The previous meaningful pair (key p)"`,
		iff(prev, "", " disabled"), `>◀ previous</button><button class="button ghost" data-act="`+pageworker.ActStep+`" data-dir="1" data-testid="review-next" title="The next meaningful pair (key n)"`,
		iff(next, "", " disabled"), `>next ▶</button><label class="viewed-box"><input type="checkbox" data-testid="viewed" data-act="`+pageworker.ActViewed+`" data-row="`,
		strconv.Itoa(rv.pair), `"`, iff(rv.viewed[r.Path()], " checked", ""), `> Viewed</label><span class="muted" data-testid="viewed-count">`)
	viewedCount(&w, rv)
	w.Raw(`</span></nav><div class="pair-head"><span class="badge severity-`, verdictClass(r.Severity), `" data-testid="pair-severity">`)
	w.Text(r.Severity)
	w.Raw(`</span><span class="badge verdict-`, verdictClass(r.Verdict), `" data-testid="pair-verdict">`)
	w.Text(r.Verdict)
	w.Raw(`</span><span>`)
	w.Text(r.Why)
	w.Raw(`</span></div><dl class="pair-paths">`)
	ready := rv.cmp != nil || rv.single != nil
	for side, p := range [2]string{r.Base, r.Head} {
		if p != "" {
			name := pageworker.Sides[side]
			w.Raw(`<div><dt>`, name, `</dt><dd><code>`)
			w.Text(p)
			w.Raw(`</code> <button class="button ghost small" data-act="`+pageworker.ActOpenSide+`" data-side="`, name, `" data-testid="open-`, name,
				`" title="The whole recording: its stream step by step, its raw JSON (Back returns here)"`, iff(ready, "", " disabled"), `>Open `, name, `</button></dd></div>`)
		}
	}
	w.Raw(`</dl></div>`)
	return w.String()
}

// placeHTML writes where the pair shown is among those n and p step
// through, the pairs the viewed count counts (all but the folded ones:
// reviewSet.place): "pair 16 of 188", inside a filter "pair 3 of 9 in
// this filter" ("3 of 9 flagged" inside a decision's), and for a folded
// pair "a folded pair of no severity (n steps through the 188)".
func placeHTML(w *htmlw.Writer, rv *reviewSet) {
	k, n, filtered := rv.place()
	within := iff(filtered, " in this filter", "")
	switch rv.table.facet {
	case "decision:flag":
		within = " flagged"
	case "decision:accept":
		within = " accepted"
	case "decision:left":
		within = " left to decide"
	}
	if k == 0 {
		w.Raw(iff(folded(&rv.rep.Rows[rv.pair]), `a folded pair of no severity`, `a pair outside the filter`), ` (n steps through the `)
		w.Num(n)
		w.Raw(within, `)`)
		return
	}
	w.Raw(`pair `)
	w.Num(k)
	w.Raw(` of `)
	w.Num(n)
	w.Raw(within)
}

// findingsHTML writes the summary's first line: the pairs to look at by
// severity, each count a facet chip, as the worker counted them
// (Report.Severities: the core's counts, the CLI's summary's); then the
// decisions (decisionsHTML).
func findingsHTML(w *htmlw.Writer, rv *reviewSet) {
	t := &rv.table
	w.Raw(`<div class="review-findings"><span data-testid="review-severity" class="findings-group"><strong>`)
	w.Num(rv.rep.ToLookAt)
	w.Raw(` to look at</strong>`)
	for _, c := range rv.rep.Severities {
		facetChip(w, t, "severity:"+c.Of, "", strconv.Itoa(c.N)+" "+c.Of+iff(c.Of == "none", " (folded)", ""), "severity-"+c.Of)
	}
	w.Raw(`</span>`)
	decisionsHTML(w, rv)
	w.Raw(`</div>`)
}

// namesHTML is the head names' check (data-testid="review-names"), each
// status a chip that filters the table.
func namesHTML(w *htmlw.Writer, rv *reviewSet) {
	if len(rv.rep.Names) == 0 {
		return
	}
	w.Raw(`<span data-testid="review-names" class="findings-group" title="Whether each head file is named as replay looks it up: ok, stale (an older hash scheme's name), mismatch">head names`)
	for _, c := range rv.rep.Names {
		facetChip(w, &rv.table, "name:"+c.Of, "", strconv.Itoa(c.N)+" "+c.Of, "name-"+c.Of)
	}
	w.Raw(`</span>`)
}

// facetChip writes a chip that filters the table to facet (again: all),
// with testid as its data-testid when not "" and class beside chip.
func facetChip(w *htmlw.Writer, t *reviewTable, facet, testid, label, class string) {
	on := t.facet == facet
	w.Raw(`<button class="chip `, class, iff(on, " active", ""), `" aria-pressed="`, strconv.FormatBool(on), `" data-act="`+pageworker.ActFacet+`" data-facet="`)
	w.Text(facet)
	w.Raw(`"`)
	if testid != "" {
		w.Raw(` data-testid="`, testid, `"`)
	}
	w.Raw(`>`)
	w.Text(label)
	w.Raw(`</button>`)
}

// verdictClass is a verdict as a CSS class word, lowercase letters,
// digits and "-": "changed-result", "same-result-different-chunking".
func verdictClass(v string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			return r
		case r == ',':
			return -1
		}
		return '-'
	}, v)
}

// iff is yes when cond holds, else no.
func iff(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}
