package app

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/reqhash"
)

// Viewer is the whole page: the header with the ways to open recordings,
// the error banner, and either the sample gallery or the open recordings.
// It owns the page's state and handles the actions the components post
// (actions.go). Route it at "/" (app.Route).
type Viewer struct {
	app.Compo

	docs      []*openDoc
	cur       int
	err       string          // the last error, shown until the next success
	loading   string          // what is being loaded, "" when idle
	consent   *linkConsent    // a link's sources waiting for the reader's Load, nil when none
	consented map[string]bool // hosts the reader said Load to, for the page's life
	tab       string          // tabView, tabRaw or tabPlay
	playing   bool
	speed     int    // play speed in chunks per second
	theme     string // "", "light" or "dark"
	drag      bool   // a file is being dragged over the page
	// dragged is set by the first drag over the page, as its events come
	// (before the page's goroutine hears of it): the warm-up stops then
	// (warmUp).
	dragged atomic.Bool

	index *folderIndex // the index of the last folder or many files, nil before
	// indexCache is what the last finished index read of its files, for
	// the next (nil before).
	indexCache indexCache
	again      *keptFolder // the folder Open again reads, nil for none
	cmp        *comparison // the last comparison, nil before
	// comparer is the worker that compares recordings (fillComparison),
	// nil before the first comparison or warmComparer.
	comparer *pageWorker
	warming  bool // warmComparer waits for the page to be idle
	// warmIndex is the worker of the next folder's index, started when
	// a drag entered the page or the folder button was pressed
	// (warmIndexWorker), nil for none.
	warmIndex *pageWorker
	view      string // what the main area shows: viewDoc, viewIndex or viewDiff

	sharing *shareState // the share panel, nil when closed
	keys    bool        // the panel of the page's keys is open (keyshelp.go)
	play    *playState  // the playground of the current recording, nil before it is opened
	rs      reviewState // the review page (reviewset.go)
	hist    history     // what each history entry showed (history.go)
	// fragDue is when the view's address is to be written, if
	// fragWaiting (syncFragmentSoon).
	fragDue     time.Time
	fragWaiting bool

	// ctx is the context of the mounted Viewer. Asynchronous work
	// dispatches through it: the context of the element that started the
	// work (a sample card, the paste box) may be unmounted by then, and
	// go-app drops dispatches to unmounted elements.
	ctx app.Context
}

// UseBrowserSHA256 makes the request-hash check hash with the browser's
// SubtleCrypto (browser.SHA256); the page's main calls it before it runs.
func UseBrowserSHA256() { reqhash.SetSHA256(browser.SHA256) }

// The tabs of a recording.
const (
	tabView = "view" // request, response and stepping
	tabRaw  = "raw"  // the whole file as foldable JSON
	tabPlay = "play" // the playground: edit the JSON, see the result and the recorder's file name
)

// What the main area shows once something is open.
const (
	viewDoc   = ""      // the current recording
	viewIndex = "index" // the index of a folder or many files
	viewDiff  = "diff"  // the comparison of two recordings
)

// OnMount handles the components' actions, wires the page-wide listeners
// (keys, paste, drag and drop, the URL fragment), opens what the
// fragment names, then what was picked or dropped before the app ran.
func (v *Viewer) OnMount(ctx app.Context) {
	v.ctx = ctx
	v.speed, v.tab = 10, tabView
	ctx.LocalStorage().Get(stateTheme, &v.theme)
	browser.SetTheme(v.theme)
	v.handleActions(ctx)
	v.listen(ctx)
	v.listenReview(ctx)
	v.openFragment(browser.PageLocation().Hash)
	v.openEarly()
	v.warmUp(ctx)
	ctx.Async(v.restoreFolder)
}

// current is the recording shown, nil when none is open.
func (v *Viewer) current() *openDoc {
	if v.cur < 0 || v.cur >= len(v.docs) {
		return nil
	}
	return v.docs[v.cur]
}

// fail shows an error (errorText: without the core's package
// prefixes); whatever was open stays open.
func (v *Viewer) fail(err error) {
	v.loading = ""
	v.err = errorText(err)
}

// open adds parsed documents and shows the first of them.
func (v *Viewer) open(docs []*openDoc) {
	v.loading, v.err = "", ""
	v.docs = append(v.docs, docs...)
	v.cur = len(v.docs) - len(docs)
	v.playing = false
	v.tab, v.view = tabView, viewDoc
	v.syncFragment()
	v.linkLocal(docs)
	if len(v.docs) >= 2 {
		v.warmComparer()
	}
}

// Render draws the page. The notices that come and go (an error, the
// share panel, the keys, a link's consent, loading) are in a box of
// their own (div.notices, display: contents): go-app matches children by
// position, and one of them appearing before the open recordings made it
// build the whole view again (an index of hundreds of rows) rather than
// update it.
func (v *Viewer) Render() app.UI {
	return app.Div().Class("page").Class(map[bool]string{true: "dragging"}[v.drag]).Body(
		(&topBar{}).Theme(v.theme).Again(v.againName()),
		app.Div().Class("notices").Body(
			app.If(v.err != "", v.renderError),
			app.If(v.sharing != nil, func() app.UI { return (&sharePanel{}).Share(*v.sharing) }),
			app.If(v.keys, v.renderKeys),
			app.If(v.consent != nil, v.renderConsent),
			app.If(v.loading != "", func() app.UI {
				return app.Div().Class("loading").Attr("role", "status").Text("Loading " + v.loading + "…")
			}),
		),
		app.If(v.landing(), func() app.UI { return &gallery{} }).Else(v.renderOpen),
		app.Div().Class("drop-target").Attr("aria-hidden", "true").Text("Drop recordings to open them"),
	)
}

func (v *Viewer) renderError() app.UI {
	return app.Div().Class("error").DataSet("testid", "error").Attr("role", "alert").Body(
		app.Span().Text(v.err),
		app.Button().Class("link").Text("Dismiss").Attr("aria-label", "Dismiss the error").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionDismiss) }),
	)
}

// renderOpen shows the open recordings: tabs to switch between them when
// there are several, then the current one.
func (v *Viewer) renderOpen() app.UI {
	d := v.current()
	view := v.view
	if d == nil && view == viewDoc {
		view = viewIndex
	}
	return app.Main().Class("doc").Body(
		app.If(len(v.docs) > 1 || v.index != nil || v.cmp != nil || v.rs.set != nil, func() app.UI {
			return app.Nav().Class("doc-tabs").Attr("aria-label", "Open recordings").Body(
				app.If(v.index != nil, func() app.UI {
					return app.Button().Class("doc-tab index-tab").Class(map[bool]string{true: "active"}[view == viewIndex]).
						DataSet("testid", "index-tab").Text(fmt.Sprintf("☰ Index (%d)", len(v.index.files))).
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShowIndex) })
				}),
				app.If(v.rs.set != nil, v.renderReviewTab),
				app.If(v.cmp != nil, func() app.UI {
					return app.Button().Class("doc-tab index-tab").Class(map[bool]string{true: "active"}[view == viewDiff]).
						DataSet("testid", "diff-tab").Text("⇄ Comparison").
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShowDiff) })
				}),
				app.Range(v.docs).Slice(func(i int) app.UI {
					d := v.docs[i]
					text, title := shortName(d.name), d.name
					if d.label != "" { // a review pair's side
						text, title = d.label, d.side+": "+d.name
					}
					return app.Button().Class("doc-tab").Class(map[bool]string{true: "active"}[i == v.cur && view == viewDoc]).
						Title(title).Text(text).
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSelectDoc.with(i)) })
				}),
				app.If(d != nil && (len(v.docs) > 1 || v.index != nil && len(v.index.rows) > 1), v.renderCompareWith),
			)
		}),
		app.If(view == viewReview, v.renderReview).
			ElseIf(view == viewIndex && v.index != nil, func() app.UI { return (&index{}).Index(v.index) }).
			ElseIf(view == viewDiff && v.cmp != nil, func() app.UI { return (&diffView{}).Comparison(v.cmp) }).
			ElseIf(d != nil, func() app.UI { return v.renderDoc(d) }),
	)
}

// maxCompareRows is the most rows of the index "Compare with…" lists
// beside the open recordings.
const maxCompareRows = 200

// renderCompareWith is the "Compare with…" menu: the other open
// recordings, then the index's other rows (a file dropped beside the one
// open), each opened once when chosen (value "r" and the row).
func (v *Viewer) renderCompareWith() app.UI {
	var rows []int
	if ix := v.index; ix != nil {
		for i := range ix.rows {
			if len(rows) == maxCompareRows {
				break
			}
			// An open recording's name is its file's (or interaction's)
			// base name, a row's its path.
			base := path.Base(ix.rows[i].path)
			if ix.rows[i].err == "" && !slices.ContainsFunc(v.docs, func(d *openDoc) bool { return path.Base(d.name) == base }) {
				rows = append(rows, i)
			}
		}
	}
	return app.Select().Class("compare-with").DataSet("testid", "compare-with").
		Attr("aria-label", "Compare the current recording with another open one").
		OnChange(func(ctx app.Context, e app.Event) {
			val := browser.Src(ctx).Value()
			browser.Src(ctx).SetValue("")
			if row, ok := strings.CutPrefix(val, "r"); ok {
				if k, err := strconv.Atoi(row); err == nil {
					ctx.NewActionWithValue(actionCompareRow.with(k))
				}
				return
			}
			if j, err := strconv.Atoi(val); err == nil {
				ctx.NewActionWithValue(actionCompareDocs.with([2]int{v.cur, j}))
			}
		}).Body(
		app.Option().Value("").Text("Compare with…"),
		app.Range(v.docs).Slice(func(i int) app.UI {
			return app.If(i != v.cur, func() app.UI {
				return app.Option().Value(strconv.Itoa(i)).Text(shortName(v.docs[i].name))
			})
		}),
		app.Range(rows).Slice(func(i int) app.UI {
			return app.Option().Value("r" + strconv.Itoa(rows[i])).Text(shortName(v.index.rows[rows[i]].path))
		}),
	)
}

// renderDoc shows one recording: its header, then either the step bar over
// the request and response panels, or the raw file.
func (v *Viewer) renderDoc(d *openDoc) app.UI {
	return app.Article().Class("recording").Body(
		(&docHeader{}).Doc(d).Tab(v.tab),
		app.If(v.tab == tabRaw, func() app.UI { return (&rawView{}).Doc(d) }).
			ElseIf(v.tab == tabPlay && v.play != nil, func() app.UI { return (&playground{}).Play(v.play) }).
			ElseIf(v.tab == tabPlay && d.rec.Size > maxPlaySize, func() app.UI {
				return app.P().Class("notice").DataSet("testid", "play-too-big").Text(fmt.Sprintf(
					"The playground edits files up to %d MB, and this one is %.1f MB: the Recording and Raw JSON tabs show it, and a text editor edits it.",
					maxPlaySize>>20, float64(d.rec.Size)/(1<<20)))
			}).Else(func() app.UI {
			return app.Div().Body(
				app.If(d.stepper != nil, func() app.UI {
					return (&stepBar{}).Doc(d).Step(d.step).Playing(v.playing).Speed(v.speed)
				}),
				app.Div().Class("columns").Body(
					(&requestPanel{}).Doc(d),
					(&responsePanel{}).Doc(d).Step(d.step).Playing(v.playing),
				),
			)
		}),
	)
}

// shortName shortens a corpus-style file name for a tab: names over 28
// bytes keep their first 12 and last 14 bytes around an ellipsis.
func shortName(n string) string {
	if len(n) <= 28 {
		return n
	}
	return n[:12] + "…" + n[len(n)-14:]
}

// plural is "1 word" or "n words".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
