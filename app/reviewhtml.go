package app

import (
	"html"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/github"
	"github.com/recview/recview/internal/reviewrows"
	"github.com/recview/recview/recordings/permalink"
)

// The review page is written as HTML (reviewView shows it with app.Raw
// and handles its clicks by their data-act attributes): built element by
// element in go-app, its table and bars made app.wasm about 60 KB larger
// after brotli. Every value from a recording, a path or GitHub is
// escaped (html.EscapeString); the rest is this file's own text.

// maxReviewRows caps the rows written at once; the filter narrows the
// rest.
const maxReviewRows = 500

// htmlw is HTML being written.
type htmlw struct{ strings.Builder }

// raw writes markup as it is. The writers are not inlined: inlined at
// each of their hundreds of calls, they made app.wasm far larger.
//
//go:noinline
func (w *htmlw) raw(s ...string) {
	for _, x := range s {
		w.WriteString(x)
	}
}

// text writes s escaped, for text or a quoted attribute value.
//
//go:noinline
func (w *htmlw) text(s string) { w.WriteString(html.EscapeString(s)) }

// num writes n.
//
//go:noinline
func (w *htmlw) num(n int) { w.WriteString(strconv.Itoa(n)) }

// startHTML is the panel that asks for a change set: the two folders'
// targets (data-review-drop, caught by listenReview) and pickers
// (data-pick), the folders picked so far, and the folders a link names.
func startHTML(picks [2]*pickedFolder, pending *permalink.Fragment) string {
	var w htmlw
	w.raw(`<div><h2>Review a change set</h2><p class="muted">Paste a pull request's address (https://github.com/OWNER/REPO/pull/N) or a comparison's (…/compare/BASE...HEAD) in the box above, or pick two folders of recordings: the base (before) and the head (after). Each changed recording is paired with its other version, across renames, and sorted by what changed.</p>`)
	if pending != nil {
		w.raw(`<p class="notice" data-testid="review-pending">This link is the review of two folders, `)
		w.text(pending.Review.Base)
		w.raw(` and `)
		w.text(pending.Review.Head)
		w.raw(`: their files are on the computer it was made on, not in the link. Pick or drop them to open it.</p>`)
	}
	w.raw(`<div class="review-drops">`)
	for side, name := range [2]string{"base", "head"} {
		w.raw(`<label class="review-drop" data-review-drop="`, name, `" data-testid="review-drop-`, name, `"><strong>`,
			[2]string{"Base folder (before)", "Head folder (after)"}[side], `</strong><span class="muted">`)
		if p := picks[side]; p != nil {
			w.text(p.name)
			w.raw(": ", plural(len(p.files), ".json file"))
		} else {
			w.raw("drop a folder here, or pick one")
		}
		w.raw(`</span><span class="button ghost">Pick…</span><input type="file" webkitdirectory class="sr-only" data-pick="`, strconv.Itoa(side),
			`" data-testid="review-`, name, `-input" aria-label="Pick the `, name, ` folder"></label>`)
	}
	w.raw(`</div></div>`)
	return w.String()
}

// headHTML is the review's head: its name (a link to GitHub), the pull
// request's title, the API requests left (rate-limit), what is being
// done, why it failed, and the files not reviewed.
func headHTML(rv *reviewSet) string {
	var w htmlw
	w.raw(`<div class="review-head"><h2>Review of `)
	if u := github.PageURL(rv.ref); u != "" {
		w.raw(`<a href="`)
		w.text(u)
		w.raw(`" rel="noreferrer">`)
		w.text(rv.label())
		w.raw(`</a>`)
	} else {
		w.raw(`<code>`)
		w.text(rv.label())
		w.raw(`</code>`)
	}
	w.raw(`</h2>`)
	st := &rv.st
	if st.Title != "" {
		w.raw(`<span class="muted">`)
		w.text(st.Title)
		w.raw(`</span>`)
	}
	if st.Rate != "" {
		w.raw(`<span class="chip rate" data-testid="rate-limit" title="GitHub allows 60 API requests an hour without signing in; a pull request takes one, and one more per 100 files">`)
		w.text(st.Rate)
		w.raw(`</span>`)
	}
	if st.Phase != "" {
		w.raw(`<div class="review-progress" role="status"><span>`)
		w.text(st.Phase)
		if st.Total > 1 {
			w.raw(": ")
			w.num(st.Done)
			w.raw(" of ")
			w.num(st.Total)
		}
		w.raw(`…</span><progress data-testid="review-progress" max="`)
		w.num(max(st.Total, 1))
		w.raw(`" value="`)
		w.num(st.Done)
		w.raw(`"></progress></div>`)
	}
	w.raw(`</div>`)
	if st.Failed != "" {
		w.raw(`<p class="warn" role="alert" data-testid="review-error">`)
		w.text(st.Failed)
		w.raw(`</p>`)
	}
	if len(st.Notes) > 0 {
		w.raw(`<details class="missed"><summary>`, plural(len(st.Notes), "note"), `: files not reviewed</summary><ul>`)
		for _, m := range st.Notes {
			w.raw(`<li>`)
			w.text(m)
			w.raw(`</li>`)
		}
		w.raw(`</ul></details>`)
	}
	return `<div>` + w.String() + `</div>`
}

// summaryHTML is the count of each verdict, most meaningful first, as
// chips that filter the table (data-verdict, data-count), how many pairs
// are viewed, and the changes.
func summaryHTML(rv *reviewSet) string {
	var w htmlw
	t := &rv.table
	w.raw(`<div class="review-summary" data-testid="review-summary"><div class="facet" role="group" aria-label="Verdicts">`)
	for _, c := range rv.rep.Verdicts {
		on := t.verdict == c.Of
		w.raw(`<button class="chip verdict-`, verdictClass(c.Of), iff(on, " active", ""), `" aria-pressed="`, strconv.FormatBool(on),
			`" data-act="verdict" data-verdict="`)
		w.text(c.Of)
		w.raw(`" data-count="`)
		w.num(c.N)
		w.raw(`">`)
		w.num(c.N)
		w.raw(" ")
		w.text(c.Of)
		w.raw(`</button>`)
	}
	w.raw(`</div><p class="muted"><span data-testid="viewed-count">`)
	viewedCount(&w, rv)
	w.raw(`</span>`)
	for i, c := range rv.rep.Changes {
		w.raw(iff(i == 0, " · ", ", "))
		w.num(c.N)
		w.raw(" ")
		w.text(c.Of)
	}
	if rv.rep.Skipped > 0 {
		w.raw(" · ")
		w.num(rv.rep.Skipped)
		w.raw(" files that are not recordings skipped")
	}
	w.raw(`</p></div>`)
	return w.String()
}

// unfoldHTML is the button that shows or folds the rows folded by
// default; an empty span when there are none, or a verdict is chosen.
func unfoldHTML(rv *reviewSet) string {
	t := &rv.table
	n := rv.foldedCount()
	if n == 0 || t.verdict != "" {
		return `<span></span>`
	}
	var w htmlw
	w.raw(`<button class="button ghost" data-act="unfold" data-testid="review-unfold">`)
	if t.unfold {
		w.raw("Fold the environment, metadata-only and unchanged pairs")
	} else {
		w.raw("Show the ", plural(n, "folded pair"), " (environment, metadata only, unchanged)")
	}
	w.raw(`</button>`)
	return w.String()
}

// viewedCount writes "N of M viewed".
func viewedCount(w *htmlw, rv *reviewSet) {
	w.num(rv.viewedCount())
	w.raw(" of ")
	w.num(len(rv.rep.Rows))
	w.raw(" viewed")
}

// rowsAtOnce is how many rows one piece of the table holds: the table is
// drawn a piece per task when the report comes in (reviewed).
const rowsAtOnce = 100

// tableHTML is the table of the rows shown (visible), at most
// maxReviewRows: its head row, whose buttons sort (data-act="sort"), the
// rows in pieces of rowsAtOnce, each row a <div role="row"
// data-testid="review-row" data-act="open" data-row=I data-base data-head
// data-change data-result data-verdict> with its viewed box
// (data-testid="viewed", data-act="viewed"), and a note on the rows not
// shown ("" when none).
func tableHTML(rv *reviewSet) (head string, pieces []string, note string) {
	var w htmlw
	t := &rv.table
	w.raw(`<div class="review-tr review-th" role="row"><div role="columnheader"><span class="sr-only">viewed</span></div>`)
	for _, col := range reviewColumns {
		sort, arrow := "none", ""
		if t.sortBy == col[0] {
			sort, arrow = iff(t.desc, "descending", "ascending"), iff(t.desc, " ▼", " ▲")
		}
		w.raw(`<div role="columnheader" class="col-`, col[0], `" aria-sort="`, sort, `"><button class="link sort" data-act="sort" data-sort="`, col[0], `">`, col[1], arrow, `</button></div>`)
	}
	w.raw(`</div>`)
	head = w.String()
	shown := rv.visible()
	shown = shown[:min(len(shown), maxReviewRows)]
	for len(shown) > 0 {
		w.Reset()
		w.raw(`<div class="review-rows">`)
		for _, i := range shown[:min(len(shown), rowsAtOnce)] {
			h := rv.rowHTML(i)
			w.raw(h[0], iff(rv.viewed[rv.rep.Rows[i].Path()], " checked", ""), h[1])
		}
		w.raw(`</div>`)
		pieces = append(pieces, w.String())
		shown = shown[min(len(shown), rowsAtOnce):]
	}
	switch n := len(rv.visible()); {
	case n > maxReviewRows:
		note = `<p class="muted">` + strconv.Itoa(n-maxReviewRows) + ` more rows: type in the filter to narrow them.</p>`
	case n == 0:
		note = `<p class="muted">No pair matches.</p>`
	}
	return head, pieces, note
}

// rowHTML is row i's markup, in two pieces around its viewed box's
// checked attribute; written once per row (rowsHTML), or when asked.
func (rv *reviewSet) rowHTML(i int) [2]string {
	if i < len(rv.rowsHTML) {
		return rv.rowsHTML[i]
	}
	return writeRow(&rv.rep.Rows[i], i)
}

// writeRow writes a row: <div role="row" data-testid="review-row" data-act="open"
// data-row=I data-base data-head data-change data-result data-verdict>,
// its viewed box (data-testid="viewed", data-act="viewed") up to where
// its checked attribute goes, then the rest.
func writeRow(r *reviewrows.Row, i int) [2]string {
	var w htmlw
	{
		row := strconv.Itoa(i)
		w.raw(`<div class="review-tr review-row" role="row" data-testid="review-row" data-act="open" data-row="`, row, `" data-base="`)
		w.text(r.Base)
		w.raw(`" data-head="`)
		w.text(r.Head)
		w.raw(`" data-change="`)
		w.text(r.Change)
		w.raw(`" data-result="`)
		w.text(r.Result)
		w.raw(`" data-verdict="`)
		w.text(r.Verdict)
		w.raw(`"><div role="cell"><input type="checkbox" data-testid="viewed" data-act="viewed" data-row="`, row, `" aria-label="Viewed"`)
		pre := w.String()
		w.Reset()
		w.raw(`></div><div role="cell" class="col-verdict"><span class="badge verdict-`, verdictClass(r.Verdict), `">`)
		w.text(r.Verdict)
		w.raw(`</span></div><div role="cell" class="file col-path"><button class="link">`)
		w.text(r.Path())
		w.raw(`</button>`)
		if r.Base != "" && r.Head != "" && r.Base != r.Head {
			w.raw(`<div class="muted">from `)
			w.text(r.Base)
			w.raw(`</div>`)
		}
		why := r.Why
		if r.Err != "" {
			why = strings.TrimSpace(why + " " + r.Err)
		}
		for k, v := range [...]string{r.TestID, r.Endpoint, r.Change, r.Request, r.Result, r.Name, why} {
			w.raw(`</div><div role="cell" class="col-`, reviewColumns[k+2][0], `">`)
			w.text(v)
		}
		w.raw(`</div></div>`)
		return [2]string{pre, w.String()}
	}
}

// pairHTML is a pair's bar and head: back to the table (data-act="back"),
// its place, the previous and next meaningful pairs (data-act="step",
// keys p and n), its viewed box, its verdict and why, its two paths.
func pairHTML(rv *reviewSet) string {
	var w htmlw
	r := &rv.rep.Rows[rv.pair]
	_, prev := rv.step(-1)
	_, next := rv.step(1)
	w.raw(`<div><nav class="pair-bar"><button class="button ghost" data-act="back" data-testid="review-back" title="Back to the review's table">← `)
	w.text(rv.label())
	w.raw(`</button><span class="muted">pair `)
	w.num(rv.pair + 1)
	w.raw(" of ")
	w.num(len(rv.rep.Rows))
	w.raw(`</span><button class="button ghost" data-act="step" data-dir="-1" data-testid="review-prev" title="The previous meaningful pair (key p)"`,
		iff(prev, "", " disabled"), `>◀ previous</button><button class="button ghost" data-act="step" data-dir="1" data-testid="review-next" title="The next meaningful pair (key n)"`,
		iff(next, "", " disabled"), `>next ▶</button><label class="viewed-box"><input type="checkbox" data-testid="viewed" data-act="viewed" data-row="`,
		strconv.Itoa(rv.pair), `"`, iff(rv.viewed[r.Path()], " checked", ""), `> Viewed</label><span class="muted" data-testid="viewed-count">`)
	viewedCount(&w, rv)
	w.raw(`</span></nav><div class="pair-head"><span class="badge verdict-`, verdictClass(r.Verdict), `" data-testid="pair-verdict">`)
	w.text(r.Verdict)
	w.raw(`</span><span>`)
	w.text(r.Why)
	w.raw(`</span></div><dl class="pair-paths">`)
	for side, p := range [2]string{r.Base, r.Head} {
		if p != "" {
			w.raw(`<div><dt>`, [2]string{"base", "head"}[side], `</dt><dd><code>`)
			w.text(p)
			w.raw(`</code></dd></div>`)
		}
	}
	w.raw(`</dl></div>`)
	return w.String()
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
