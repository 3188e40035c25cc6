package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/permalink"
)

// reviewView is the review page: before a change set is read, the panel
// that asks for one (two folders, or a GitHub address in the URL box);
// then its head, summary and table (filter as you type, verdict chips as
// facets, sortable columns, folded rows, a viewed box per row; a click
// opens the pair); or one pair: its bar (back, previous and next
// meaningful pair, viewed) and the comparison of its base and head
// (diffView), or the one side of an added or deleted pair. The markup is
// reviewhtml.go's; clicks and picks are handled here by the data-act and
// data-pick of what was clicked. The table's view is the change set's
// (reviewTable): it is as the reviewer left it when they come back.
type reviewView struct {
	app.Compo

	Iset     *reviewSet
	Iversion int
	Ipicks   [2]*pickedFolder
	Ipending *permalink.Fragment
}

// Render draws the page.
func (r *reviewView) Render() app.UI {
	rv := r.Iset
	switch {
	case rv == nil:
		return app.Section().Class("review-start").DataSet("testid", "review-start").Attr("aria-label", "Review a change set").
			OnChange(r.onPick).Body(app.Raw(startHTML(r.Ipicks, r.Ipending)))
	}
	// The table stays on the page while a pair is shown, away (its
	// contents skipped, taking no room: content-visibility: hidden):
	// Back finds it drawn, with its filter, order and rows as they were;
	// settle brings back the scroll and the current row.
	pair := rv.pair >= 0 && rv.rep != nil
	return app.Div().Class("review-page").Body(
		app.Section().Class("review").Class(iff(pair, "away", "")).Attr("aria-hidden", iff(pair, "true", "")).Attr("aria-label", "Review of "+rv.label()).OnClick(r.onClick).Body(
			app.Raw(headHTML(rv)),
			app.If(rv.rep != nil, func() app.UI {
				return app.Div().Body(
					app.Raw(summaryHTML(rv)),
					app.Raw(copyHTML(rv)),
					app.Div().Class("review-tools").Body(
						app.Input().Type("search").Class("index-filter").Placeholder("Filter: path, test_id, endpoint, why…").
							DataSet("testid", "review-filter").Attr("aria-label", "Filter the pairs").Value(rv.table.filter).
							OnInput(func(ctx app.Context, e app.Event) {
								r.Iset.table.filter = browser.Src(ctx).Value()
								ctx.NewAction(actionTableView)
								ctx.Defer(r.settle)
							}),
						app.Raw(unfoldHTML(rv)),
					),
					r.renderTable(),
				)
			}),
		),
		app.If(pair, func() app.UI {
			return app.Section().Class("review-pair").DataSet("testid", "review-pair").DataSet("file", rv.rep.Rows[rv.pair].Path()).
				OnClick(r.onClick).Body(app.Raw(pairHTML(rv)), r.pairDecision(), r.pairBody())
		}),
	)
}

// OnMount brings the table back where the reviewer left it, when the
// page comes back to it (settle).
func (r *reviewView) OnMount(ctx app.Context) { ctx.Defer(r.settle) }

// OnUpdate does as OnMount. (A component's own changes, the filter
// typed or a click in it, call no OnUpdate: their handlers ask settle
// themselves.)
func (r *reviewView) OnUpdate(ctx app.Context) { ctx.Defer(r.settle) }

// settle keeps the table's current row (the pair last opened, or moved
// to by key) marked; once the table is drawn again after a pair, it
// scrolls the page to where it was when the pair was opened and gives
// that row the keyboard focus: Back loses no place.
func (r *reviewView) settle(ctx app.Context) {
	rv := r.Iset
	if rv == nil || rv.pair >= 0 || rv.rep == nil {
		return
	}
	if rv.back {
		// Only once the page shows the table: the action that left the
		// pair may have changed the set after the frame drawn last.
		if len(browser.Query("section.review:not(.away)")) == 0 || len(browser.Query("[data-testid=review-pair]")) > 0 {
			return
		}
		rv.back = false
		browser.ScrollPageTo(rv.tableY)
		showCurrentRow(rv.seen, false, true)
		if rv.rowTop >= 0 {
			seen, want := rv.seen, rv.rowTop
			ctx.Async(func() { alignRow(seen, want) })
		}
		return
	}
	// The table drawn again (a filter typed, a box ticked): the mark
	// only, the focus stays where the reviewer has it.
	if rows := browser.Query(".review-row.current"); rv.seen >= 0 && (len(rows) != 1 || rows[0].Data("row") != strconv.Itoa(rv.seen)) {
		showCurrentRow(rv.seen, false, false)
	}
}

// alignRow scrolls the page until row i is want CSS pixels below the
// window's top, as it was when its pair was opened: a table drawn anew
// has only estimates for the heights of the rows off screen
// (content-visibility) until a frame has drawn them, and the browser's
// scroll anchoring moves the page as they change, so the same scroll
// offset need not show the same rows. It checks the row every frame
// until it has stayed in place for alignFrames frames, for at most
// maxAlignFrames frames, and stops at once when the reader acts
// (browser.Inputs) or moves the table's current row off i. It blocks:
// call it from a goroutine.
func alignRow(i, want int) {
	inputs, still := browser.Inputs(), 0
	for range maxAlignFrames {
		browser.NextFrame()
		if browser.Inputs() != inputs || movedFrom(i) {
			return
		}
		row := rowElement(i)
		if !row.Exists() { // the table drawn again: the next frame
			still = 0
			continue
		}
		d := row.Top() - want
		if d >= -1 && d <= 1 {
			if still++; still == alignFrames {
				return
			}
			continue
		}
		still = 0
		browser.ScrollPageTo(browser.PageScrollY() + d)
	}
}

// movedFrom reports whether the table's current row is another than i.
func movedFrom(i int) bool {
	rows := browser.Query(".review-row.current")
	return len(rows) > 0 && rows[0].Data("row") != strconv.Itoa(i)
}

// alignFrames is how many frames in a row alignRow wants the row in
// place before it stops; maxAlignFrames how many it tries at most (a
// second at 60 frames a second).
const alignFrames, maxAlignFrames = 3, 60

// showCurrentRow marks row i of the table as its current row (class
// current, on it alone); scroll brings it into view when it is out of
// it, focus gives its button the keyboard focus (Enter opens it).
func showCurrentRow(i int, scroll, focus bool) {
	for _, el := range browser.Query(".review-row.current") {
		el.SetClass("current", false)
	}
	row := rowElement(i)
	row.SetClass("current", true)
	if scroll {
		row.ScrollIntoViewIfNeeded()
	}
	if focus {
		row.QueryOne("button").FocusInPlace()
	}
}

// rowElement is the table's row i as drawn, or none (filtered out, not
// drawn yet).
func rowElement(i int) browser.Element {
	if rows := browser.Query(`.review-row[data-row="` + strconv.Itoa(i) + `"]`); len(rows) > 0 {
		return rows[0]
	}
	return browser.Element{}
}

// renderTable is the table: its head, then its pieces, as many as drawn
// so far (reviewSet.pieces), and a note on the rows not shown.
func (r *reviewView) renderTable() app.UI {
	rv := r.Iset
	head, pieces, note := tableHTML(rv)
	return app.Div().Body(
		app.Div().Class("review-wrap").Body(
			app.Div().Class("review-table").Attr("role", "table").Attr("aria-label", "Pairs").DataSet("testid", "review-table").Body(
				app.Raw(head),
				app.Range(pieces).Slice(func(i int) app.UI { return app.Raw(pieces[i]) }),
			),
		),
		app.If(note != "", func() app.UI { return app.Raw(note) }),
	)
}

// pairBody is the pair's comparison, its one side, or why there is none.
func (r *reviewView) pairBody() app.UI {
	rv := r.Iset
	row := &rv.rep.Rows[rv.pair]
	switch {
	case rv.cmp != nil:
		return (&diffView{}).Comparison(rv.cmp)
	case rv.single != nil:
		side := 0 // a deleted pair's base
		if row.Base == "" {
			side = 1 // an added pair's head
		}
		return app.Div().Class("pair-single").Body(
			app.Div().Class("diff-head").Body(
				app.H2().Body(app.Span().Class("side").Text(oneSideLabel(side)), app.Code().Text(rv.single.name)),
				shareButton(),
			),
			app.Div().Class("columns").Body((&requestPanel{}).Doc(rv.single), (&responsePanel{}).Doc(rv.single).Step(rv.single.step)),
		)
	case rv.pairErr != "" || row.Err != "":
		return app.P().Class("warn").DataSet("testid", "pair-error").Text(rv.pairErr + " " + row.Err)
	}
	return app.P().Class("loading").Attr("role", "status").Text("Opening the pair…")
}

// onClick handles a click in the review page (reviewhtml.go).
// The table it draws again keeps its current row (settle).
func (r *reviewView) onClick(ctx app.Context, e app.Event) {
	before := r.Iset.table
	r.routes().handle(ctx, e)
	if r.Iset.table != before {
		ctx.NewAction(actionTableView)
	}
	ctx.Defer(r.settle)
}

// routes are the review page's clicks: sort by a column (again: the
// other way), filter by a verdict or a facet of the summary (again: all),
// unfold or fold, open a row's pair, mark it viewed, back to the table,
// open a side of the pair as a recording, step to the previous or next
// pair.
func (r *reviewView) routes() clickRoutes {
	row := func(el browser.Element) int {
		n, _ := strconv.Atoi(el.Data("row"))
		return n
	}
	return clickRoutes{
		pageworker.ActSort: func(ctx app.Context, el browser.Element) {
			t, k := &r.Iset.table, el.Data("sort")
			t.desc = t.sortBy == k && !t.desc
			t.sortBy = k
		},
		pageworker.ActVerdict: func(ctx app.Context, el browser.Element) {
			t, k := &r.Iset.table, el.Data("verdict")
			t.verdict = iff(t.verdict == k, "", k)
		},
		pageworker.ActFacet: func(ctx app.Context, el browser.Element) {
			t, k := &r.Iset.table, el.Data("facet")
			t.facet = iff(t.facet == k, "", k)
		},
		pageworker.ActUnfold: func(ctx app.Context, el browser.Element) { r.Iset.table.unfold = !r.Iset.table.unfold },
		pageworker.ActOpen:   func(ctx app.Context, el browser.Element) { ctx.NewActionWithValue(actionReviewPair.with(row(el))) },
		pageworker.ActViewed: func(ctx app.Context, el browser.Element) { ctx.NewActionWithValue(actionReviewViewed.with(row(el))) },
		pageworker.ActBack:   func(ctx app.Context, el browser.Element) { ctx.NewAction(actionReviewTable) },
		pageworker.ActOpenSide: func(ctx app.Context, el browser.Element) {
			side := 0
			if el.Data("side") == pageworker.Sides[1] {
				side = 1
			}
			ctx.NewActionWithValue(actionReviewSide.with(side))
		},
		pageworker.ActStop:       func(ctx app.Context, el browser.Element) { ctx.NewAction(actionStopReview) },
		pageworker.ActCopyReview: func(ctx app.Context, el browser.Element) { ctx.NewAction(actionCopyReview) },
		pageworker.ActDecide: func(ctx app.Context, el browser.Element) {
			ctx.NewActionWithValue(actionReviewDecide.with(decideArg{row: row(el), choice: el.Data("choice")}))
		},
		pageworker.ActSaveDecisions: func(ctx app.Context, el browser.Element) { ctx.NewAction(actionSaveDecisions) },
		pageworker.ActStep: func(ctx app.Context, el browser.Element) {
			dir, _ := strconv.Atoi(el.Data("dir"))
			ctx.NewActionWithValue(actionReviewStep.with(dir))
		},
	}
}

// onPick posts the files of a folder picked for one side (data-pick),
// copied out of the input before it is cleared.
func (r *reviewView) onPick(ctx app.Context, e app.Event) {
	t := browser.EventOf(e).Target()
	side, err := strconv.Atoi(t.Data("pick"))
	if err != nil {
		return
	}
	ctx.NewActionWithValue(actionReviewFolder.with(reviewPick{side: side, files: t.TakeFiles()}))
}

// renderReview draws the review page.
func (v *Viewer) renderReview() app.UI {
	rv := v.rs.set
	if rv == nil {
		return (&reviewView{Ipicks: v.rs.picks, Ipending: v.rs.pending})
	}
	return &reviewView{Iset: rv, Iversion: rv.version}
}

// renderReviewTab is the review's tab among the open recordings.
func (v *Viewer) renderReviewTab() app.UI {
	return app.Button().Class("doc-tab index-tab").Class(iff(v.view == viewReview, "active", "")).
		DataSet("testid", "review-tab").Text("✓ Review").
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShowReview) })
}

// label is how the comparison's header names side i (0 or 1): "A" and
// "B", or its labels ("base", "head").
func (c *comparison) label(i int) string {
	if c.labels[i] != "" {
		return c.labels[i]
	}
	return [2]string{"A", "B"}[i]
}

// title is the file side i's header shows: its path, else its name.
func (c *comparison) title(i int) string {
	if c.paths[i] != "" {
		return c.paths[i]
	}
	return [2]*openDoc{c.a, c.b}[i].name
}
