package app

import (
	"cmp"
	"fmt"
	"html"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
)

// maxIndexRows caps the rows drawn at once; the filter narrows the rest.
const maxIndexRows = 500

// indexColumns are the index's columns: key (for sorting) and heading.
var indexColumns = [][2]string{
	{"path", "file"}, {"test_id", "test_id"}, {"family", "API family"}, {"model", "model"},
	{"chunks", "chunks"}, {"hash", "hash"},
}

// index is the table of a folder or many files: one row per file with its
// name, test_id, API family (and the status of a failure it records),
// model, streaming and chunk count, and hash status. Filter as you type,
// sort by a column, narrow by family, hash status or response (ok or
// error: recordings.Recording.Failure) with the facets, tick two rows to compare them, click a row to open it.
// A progress bar shows while the files are read.
type index struct {
	app.Compo

	Iindex   *folderIndex
	Iversion int // the index's version: rows arrived

	indexView

	drawn       []int        // the rows in the table's <tbody>, in order
	drawnPicked []int        // the ticks they were drawn with
	drawnIx     *folderIndex // the index they are rows of
	drawNext    bool         // whether more rows are due in the next frame (drawRows)
}

// index sets the index shown and its version.
func (x *index) Index(ix *folderIndex) *index { x.Iindex, x.Iversion = ix, ix.version; return x }

// Render draws the index. The table's rows are not part of the tree: see
// drawRows.
func (x *index) Render() app.UI {
	shown := len(x.visible())
	return app.Section().Class("index").Attr("aria-label", "Index of recordings").Body(
		x.renderHead(),
		// Always in the tree, each panel in a slot of its own, empty
		// until it comes: a node inserted here would make go-app rebuild
		// what follows (the table below, and lose the rows drawRows put
		// in it; the report beside, and close its folds).
		app.Div().Class("replay").OnClick(x.onReplayClick).OnChange(x.onReplayClick).Body(
			app.Div().Class("slot").Body(app.If(x.Iindex.notFound != "", func() app.UI { return app.Raw(x.Iindex.notFound) })),
			app.Div().Class("slot").Body(app.If(x.Iindex.report.HTML != "" && x.Iindex.hasRecordings(), func() app.UI { return replayPanel(x.Iindex.report) })),
		),
		x.renderFacets(),
		// The files that are not recordings: a slot of its own, as the
		// panels above.
		app.Div().Class("slot").Body(app.If(len(x.Iindex.skipped) > 0, func() app.UI { return notRecordings(x.Iindex.skipped) })),
		// Clicks are handled here, by what the target's data attributes say.
		app.Div().Class("index-wrap").OnClick(x.onTableClick).Body(
			// The roles keep it a table to a screen reader: it is laid out
			// as a grid of rows (app.css), no longer as a table.
			app.Table().Class("index-table").DataSet("testid", "index-table").Attr("role", "table").Body(
				x.renderColumns(),
				app.TBody().Attr("role", "rowgroup"),
			),
		),
		app.If(shown > maxIndexRows, func() app.UI {
			return app.P().Class("muted").Text(plural(shown-maxIndexRows, "more row") + ": type in the filter to narrow them.")
		}),
	)
}

// replayPanel draws the replay report panel the worker wrote: its head
// and its folds, each in a <details> of go-app's. The <details> stay
// when the panel comes again (the heavy tests' requests compared): a
// fold the reader opened stays open, even one opened while the new
// panel is drawn (a click's toggle comes after its listeners, in which
// go-app may draw a frame). An answer without folds (an error) is drawn
// as it is.
func replayPanel(a pageworker.Answer) app.UI {
	if len(a.Folds) == 0 {
		return app.Raw(a.HTML)
	}
	folds := make([]app.UI, 0, 1+len(a.Folds))
	folds = append(folds, app.Raw(a.HTML))
	for _, f := range a.Folds {
		folds = append(folds, app.Details().Class("fold").DataSet("fold", f.Name).Body(
			app.Summary().Body(app.Raw(f.Summary)),
			app.Raw(f.Body),
		))
	}
	return app.Section().Class("replay-report").DataSet("testid", "replay-report").
		Aria("label", "What replay will do with these recordings").Body(folds...)
}

// OnInit gives the new index component the filter, facets, order and
// ticks the index had when it was last shown (its view), before its first
// Render.
func (x *index) OnInit() { x.indexView = x.Iindex.view }

// OnMount draws the rows into the new table.
func (x *index) OnMount(ctx app.Context) {
	x.drawn, x.drawnPicked, x.drawnIx = nil, nil, nil
	ctx.Defer(x.drawRows)
}

// OnDismount keeps the filter, facets, order and ticks with the index,
// for when it is shown again.
func (x *index) OnDismount() { x.Iindex.view = x.indexView }

// OnUpdate draws the rows that arrived.
func (x *index) OnUpdate(ctx app.Context) { ctx.Defer(x.drawRows) }

// drawRows brings the table's <tbody> up to date with the rows the filter,
// facets and order keep, at most maxIndexRows, as HTML (rowHTML): go-app
// builds a table of hundreds of rows element by element far slower than
// the browser parses it. Rows that only arrived (every 250 ms while the
// files are read) are appended, since replacing the whole body makes the
// browser restyle and lay out every row again; any other change (filter,
// facet, order, ticks) replaces it. go-app leaves the <tbody>'s children
// alone: it has none in the tree.
// At most rowsPerFrame rows are drawn in one frame, the rest in the
// frames after (the browser lays out only the rows appended): hundreds of
// rows at once held the page for a frame of a tenth of a second or more.
func (x *index) drawRows(ctx app.Context) {
	tbody := browser.ElementOf(x.JSValue()).QueryOne("[data-testid=index-table] > tbody")
	if !tbody.Exists() {
		return
	}
	shown := x.visible()
	shown = shown[:min(len(shown), maxIndexRows)]
	var b strings.Builder
	// (A <tbody> that does not hold the rows drawn is a new one.)
	kept := x.drawnIx == x.Iindex && tbody.Children() == len(x.drawn) && slices.Equal(x.picked, x.drawnPicked) && len(x.drawn) <= len(shown) && slices.Equal(x.drawn, shown[:len(x.drawn)])
	from := 0
	if kept {
		if from = len(x.drawn); from == len(shown) {
			return
		}
	}
	to := min(len(shown), from+rowsPerFrame)
	for _, i := range shown[from:to] {
		x.rowHTML(&b, i)
	}
	if kept {
		tbody.AppendHTML(b.String())
	} else {
		tbody.SetHTML(b.String())
	}
	x.drawn, x.drawnPicked, x.drawnIx = shown[:to:to], slices.Clone(x.picked), x.Iindex
	if to < len(shown) && !x.drawNext {
		x.drawNext = true
		ctx.Async(func() {
			browser.NextFrame()
			ctx.Dispatch(func(ctx app.Context) {
				x.drawNext = false
				x.drawRows(ctx)
			})
		})
	}
}

// rowsPerFrame is how many index rows drawRows draws in one frame.
const rowsPerFrame = 50

func (x *index) renderHead() app.UI {
	ix := x.Iindex
	status := fmt.Sprintf("%s", plural(len(ix.files), "file"))
	if ix.listing != "" {
		status = "Listing " + ix.listing + "…"
	}
	if ix.done() {
		if len(ix.rows) != len(ix.files)-len(ix.skipped) { // cassettes: a row per interaction
			status += fmt.Sprintf(" (%s)", plural(len(ix.rows), "row"))
		}
		status += fmt.Sprintf(", read in %s", ix.took.Round(10*time.Millisecond))
		if ix.reused > 0 {
			status += fmt.Sprintf(" (%s unchanged since the last read)", plural(ix.reused, "file"))
		}
	}
	return app.Div().Class("index-head").Body(
		app.H2().Text("Index"),
		app.Span().Class("muted").DataSet("testid", "index-status").Text(status),
		app.If(!ix.done(), func() app.UI {
			if ix.listing != "" { // no value: the browser shows it busy
				return app.Progress().DataSet("testid", "index-progress").Attr("aria-label", status)
			}
			return app.Progress().DataSet("testid", "index-progress").Attr("max", len(ix.files)).Attr("value", ix.read).
				Attr("aria-label", fmt.Sprintf("Reading %d of %s", ix.read, plural(len(ix.files), "file")))
		}),
		app.Input().Type("search").Class("index-filter").Placeholder("Filter: file, test_id, model, API…").
			DataSet("testid", "index-filter").Attr("aria-label", "Filter the index").Value(x.filter).
			OnInput(func(ctx app.Context, e app.Event) {
				x.filter = browser.Src(ctx).Value()
				ctx.Defer(x.drawRows)
			}),
		app.Button().Class("button").Text("Compare the two ticked").Disabled(len(x.picked) != 2).
			DataSet("testid", "index-compare").
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionCompareRows.with([2]int{x.picked[0], x.picked[1]}))
			}),
	)
}

// renderFacets draws the family and hash status facets with their counts
// among the rows the text filter keeps.
func (x *index) renderFacets() app.UI {
	families, hashes, results := map[string]int{}, map[string]int{}, map[string]int{}
	for i, r := range x.Iindex.rows {
		if x.matchesText(i) {
			families[string(r.family)]++
			hashes[r.hash]++
			results[r.result]++
		}
	}
	// The chips' handler reads the chip's value from its data-facet when
	// clicked: go-app keeps the first handler bound to each chip, and the
	// chips shift as rows arrive.
	chips := func(label string, counts map[string]int, cur *string, title func(string) string) app.UI {
		keys := make([]string, 0, len(counts))
		for k := range counts {
			if k != "" { // a file that is not a recording has no family or response
				keys = append(keys, k)
			}
		}
		// sort.Sort, not slices.Sort: the page links sort's code already and
		// a generic sort of strings would add its own (docs/dev/wasm-size.md).
		sort.Sort(sort.StringSlice(keys))
		return app.Div().Class("facet").Attr("role", "group").Attr("aria-label", label).Body(
			app.Span().Class("label").Text(label),
			app.Range(keys).Slice(func(i int) app.UI {
				k := keys[i]
				return app.Button().Class("chip").Class(map[bool]string{true: "active"}[*cur == k]).
					Attr("aria-pressed", fmt.Sprint(*cur == k)).DataSet("facet", k).
					Title(fmt.Sprintf("%s: %s. Click to show only these %s, again to show all.", label, title(k), plural(counts[k], "recording"))).
					Body(app.Text(title(k)+" "), app.Span().Class("count").Text(counts[k])).
					OnClick(func(ctx app.Context, e app.Event) {
						k := browser.Src(ctx).Data("facet")
						ctx.Defer(x.drawRows)
						if *cur == k {
							*cur = ""
						} else {
							*cur = k
						}
					})
			}),
		)
	}
	return app.Div().Class("facets").Body(
		chips("API family", families, &x.family, familyTitle),
		chips("hash", hashes, &x.hash, func(s string) string { return s }),
		chips("response", results, &x.result, func(s string) string { return s }),
	)
}

// renderColumns is the table's head: the column buttons sort
// (data-sort=KEY, handled by onTableClick).
func (x *index) renderColumns() app.UI {
	return app.THead().Attr("role", "rowgroup").Body(app.Tr().Attr("role", "row").Body(
		app.Th().Scope("col").Attr("role", "columnheader").Body(app.Span().Class("sr-only").Text("compare")),
		app.Range(indexColumns).Slice(func(k int) app.UI {
			col := indexColumns[k]
			arrow, sort := "", "none"
			if x.sortBy == col[0] {
				arrow = map[bool]string{false: " ▲", true: " ▼"}[x.desc]
				sort = map[bool]string{false: "ascending", true: "descending"}[x.desc]
			}
			return app.Th().Scope("col").Attr("role", "columnheader").Attr("aria-sort", sort).Body(
				app.Button().Class("link", "sort").DataSet("sort", col[0]).Text(col[1] + arrow),
			)
		}),
	))
}

// rowHTML writes index row i: a <tr role="row" data-testid="index-row"
// data-file=PATH data-row=I> with a checkbox (data-pick=I) and the cells
// (role="cell"). Every value is escaped with html.EscapeString.
func (x *index) rowHTML(b *strings.Builder, i int) {
	esc := html.EscapeString
	r := x.Iindex.rows[i]
	status := r.hash
	if r.scheme != "" {
		status += " · " + r.scheme
	}
	chunks := ""
	if r.streaming {
		chunks = strconv.Itoa(r.chunks)
	}
	checked := ""
	if slices.Contains(x.picked, i) {
		checked = " checked"
	}
	fmt.Fprintf(b, `<tr class="index-row" role="row" data-testid="index-row" data-file="%s" data-row="%d" title="%s">`, esc(r.path), i, esc(r.err))
	fmt.Fprintf(b, `<td role="cell"><input type="checkbox" data-pick="%d" aria-label="Tick to compare %s"%s></td>`, i, esc(r.path), checked)
	fmt.Fprintf(b, `<td role="cell" class="file"><button class="link" data-open="%d">%s</button></td>`, i, esc(r.path))
	failed := ""
	if r.result == "error" {
		failed = ` <span class="badge hash-error" data-testid="index-failed">error</span>`
		if r.failed != 0 {
			failed = fmt.Sprintf(` <span class="badge hash-error" data-testid="index-failed">error %d</span>`, r.failed)
		}
	}
	call := "" // the call, where the family does not say it (a kind recview does not read, an upload or a store)
	if r.family.ManyCalls() && r.endpoint != "" {
		call = `<div class="muted call" data-testid="index-call">` + esc(r.endpoint) + `</div>`
	}
	fmt.Fprintf(b, `<td role="cell" class="tid">%s</td><td role="cell">%s%s%s</td><td role="cell">%s</td><td role="cell" class="num">%s</td>`,
		esc(r.testID), esc(familyTitle(string(r.family))), failed, call, esc(r.model), chunks)
	fmt.Fprintf(b, `<td role="cell"><span class="badge hash-%s">%s</span>`, esc(r.hash), esc(status))
	if r.dup != "" {
		fmt.Fprintf(b, ` <span class="badge dup-key" data-testid="dup-key" title="%s">duplicate key</span>`, esc(r.dup))
	}
	if r.secret != "" {
		fmt.Fprintf(b, ` <span class="badge hash-error" data-testid="index-secret" title="%s">credential</span>`, esc(r.secret))
	}
	b.WriteString(`</td></tr>`)
}

// onTableClick handles clicks in the table: a column button sorts by it
// (again: the other way), a checkbox ticks the row for comparison (the
// oldest tick goes when a third is ticked), anything else in a row opens
// its recording.
func (x *index) onTableClick(ctx app.Context, e app.Event) {
	ctx.Defer(x.drawRows)
	t := browser.EventOf(e).Target()
	if col := t.Data("sort"); col != "" {
		if x.sortBy == col {
			x.desc = !x.desc
		} else {
			x.sortBy, x.desc = col, false
		}
		return
	}
	if pick := t.Data("pick"); pick != "" {
		i, _ := strconv.Atoi(pick)
		if j := slices.Index(x.picked, i); j >= 0 {
			x.picked = slices.Delete(x.picked, j, j+1)
		} else {
			x.picked = append(x.picked, i)
			if len(x.picked) > 2 {
				x.picked = x.picked[1:]
			}
			ctx.NewAction(actionWarmComparer)
		}
		return
	}
	row := t.Closest("tr").Data("row")
	if row == "" {
		return
	}
	i, err := strconv.Atoi(row)
	if err == nil {
		ctx.NewActionWithValue(actionOpenRow.with(i))
	}
}

// onReplayClick handles a click in the replay panels (replayhtml).
func (x *index) onReplayClick(ctx app.Context, e app.Event) { x.replayRoutes().handle(ctx, e) }

// replayRoutes are the replay panels' clicks: open a file by its path,
// show only the rows of a hash status in the table (again: all), close
// the lookup.
func (x *index) replayRoutes() clickRoutes {
	return clickRoutes{
		pageworker.ActOpen: func(ctx app.Context, el browser.Element) {
			ctx.NewActionWithValue(actionOpenPath.with(el.Data("path")))
		},
		pageworker.ActHash: func(ctx app.Context, el browser.Element) {
			x.hash = iff(x.hash == el.Data("hash"), "", el.Data("hash"))
			ctx.Defer(x.drawRows)
		},
		pageworker.ActCloseNotFound: func(ctx app.Context, el browser.Element) { ctx.NewAction(actionCloseNotFound) },
		// A click in the input changes nothing: its change event does.
		pageworker.ActRecordingDir: func(ctx app.Context, el browser.Element) {
			ctx.NewActionWithValue(actionRecordingDir.with(strings.Trim(strings.TrimSpace(el.Value()), "/")))
		},
	}
}

// matchesText reports whether row i holds the filter text (any column,
// case-insensitive; words must all match).
func (x *index) matchesText(i int) bool {
	if strings.TrimSpace(x.filter) == "" {
		return true
	}
	hay := x.Iindex.rows[i].hay
	for _, w := range strings.Fields(strings.ToLower(x.filter)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// visible lists the indexes of the rows the filter and facets keep, in
// the chosen order.
func (x *index) visible() []int {
	var out []int
	for i, r := range x.Iindex.rows {
		if x.matchesText(i) && (x.family == "" || string(r.family) == x.family) && (x.hash == "" || r.hash == x.hash) && (x.result == "" || r.result == x.result) {
			out = append(out, i)
		}
	}
	if x.sortBy != "" {
		rows := x.Iindex.rows
		slices.SortStableFunc(out, func(a, b int) int {
			c := compareRows(rows[a], rows[b], x.sortBy)
			if x.desc {
				return -c
			}
			return c
		})
	}
	return out
}

func compareRows(a, b indexRow, by string) int {
	switch by {
	case "test_id":
		return cmp.Compare(a.testID, b.testID)
	case "family":
		return cmp.Compare(a.family, b.family)
	case "model":
		return cmp.Compare(a.model, b.model)
	case "chunks":
		return cmp.Compare(a.chunks, b.chunks)
	case "hash":
		return cmp.Compare(a.hash, b.hash)
	}
	return cmp.Compare(a.path, b.path)
}

// familyTitle is a family's display name, "" for none (unreadable files).
func familyTitle(f string) string {
	if f == "" {
		return ""
	}
	return recordings.Family(f).Title()
}
