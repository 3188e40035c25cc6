package app

import (
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// The browser's history inside the app. Moves between a table and what
// it opens (an index row's recording, a review's pair, back to the
// review's table) are new history entries: the move calls willPush
// before it changes the view, and the next syncFragment writes a new
// entry (history.pushState); everything else replaces the current entry
// (history.replaceState). Each entry the page made carries {recview: SESSION,
// at: K} as its state: K is its place in history.views, what the page
// showed there, so that Back and Forward (popstate) bring back a folder's
// index or a two-folder review, whose files no link can name. After a
// reload the session differs and the views are gone: the fragment says
// what to open (hashchange, openFragment), and a review's table gets back
// its filter, facet, order and folding from the entry's state (tableFrom),
// which the browser keeps across reloads.

// history is the Viewer's record of what each of its history entries
// showed.
type history struct {
	session string
	views   []pageView           // by entry, from the first the page made
	at      int                  // the current entry's place in views
	push    bool                 // the next syncFragment writes a new entry (willPush)
	loaded  browser.HistoryState // history.state when the page loaded (another session's)
}

// pageView is what the page showed at one history entry.
type pageView struct {
	view      string
	docs      []*openDoc
	cur       int
	tab       string
	index     *folderIndex
	cmp       *comparison
	review    *reviewSet
	pair      int // review.pair
	reviewCmp *comparison
	single    *openDoc
	scrollY   int // where the page was scrolled to, restored by Back and Forward
}

// snapshot is what the page shows now.
func (v *Viewer) snapshot() pageView {
	s := pageView{view: v.view, docs: slices.Clone(v.docs), cur: v.cur, tab: v.tab, index: v.index, cmp: v.cmp, review: v.rs.set,
		scrollY: browser.PageScrollY()}
	if rv := v.rs.set; rv != nil {
		s.pair, s.reviewCmp, s.single = rv.pair, rv.cmp, rv.single
	}
	return s
}

// recordView notes what the page shows as the current entry's view.
func (v *Viewer) recordView() {
	h := &v.hist
	if h.session == "" {
		h.session = strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	if len(h.views) == 0 {
		h.views = []pageView{{}}
	}
	h.views[h.at] = v.snapshot()
}

// historyState is the state of the current entry: {recview, at}, and on
// the review page the review and its table's view: {review, filter,
// verdict, sort, desc, unfold}.
func (v *Viewer) historyState() map[string]any {
	st := map[string]any{"recview": v.hist.session, "at": v.hist.at}
	if rv := v.rs.set; rv != nil {
		t := &rv.table
		st["review"], st["filter"], st["verdict"], st["facet"] = rv.ref.String(), t.filter, t.verdict, t.facet
		st["sort"], st["desc"], st["unfold"] = t.sortBy, t.desc, t.unfold
	}
	return st
}

// tableFrom gives a review the table view a history state holds for it
// (historyState), if any: after a reload, coming back to the table finds
// it as it was.
func tableFrom(st browser.HistoryState, rv *reviewSet) {
	if rv == nil || st.String("review") == "" || st.String("review") != rv.ref.String() {
		return
	}
	rv.table = reviewTable{filter: st.String("filter"), verdict: st.String("verdict"), facet: st.String("facet"),
		sortBy: st.String("sort"), desc: st.Bool("desc"), unfold: st.Bool("unfold")}
	rv.version++
}

// stateCurrent reports whether the browser's current entry has the
// current entry's state.
func (v *Viewer) stateCurrent() bool {
	st := browser.CurrentState()
	return st.String("recview") == v.hist.session && st.Int("at") == v.hist.at
}

// willPush notes what the page shows in the current entry (and its
// state in the browser's entry: the table's view may have changed since),
// before a move changes it: the next syncFragment makes the new view a
// new entry.
func (v *Viewer) willPush() {
	v.recordView()
	browser.ReplaceState(v.historyState(), "")
	v.hist.push = true
}

// writeHistory writes the view's URL into the current entry with its
// state (replaceState), when it changed or the entry lacks the state;
// after willPush, into a new entry (pushState), dropping the entries
// after the current one, as the browser drops them.
func (v *Viewer) writeHistory(url string, changed bool) {
	if v.hist.push {
		v.hist.push = false
		v.hist.views = append(v.hist.views[:v.hist.at+1], v.snapshot())
		v.hist.at = len(v.hist.views) - 1
		browser.PushState(v.historyState(), url)
		return
	}
	v.recordView()
	if changed || !v.stateCurrent() {
		browser.ReplaceState(v.historyState(), url)
	}
}

// restoreView shows what the page showed at entry at, when the browser
// went back or forward to it.
func (v *Viewer) restoreView(at int) {
	if at < 0 || at >= len(v.hist.views) {
		return
	}
	v.recordView() // the entry left keeps its last state
	v.hist.at = at
	s := v.hist.views[at]
	v.view, v.docs, v.cur, v.tab = s.view, s.docs, s.cur, s.tab
	v.index, v.cmp, v.rs.set = s.index, s.cmp, s.review
	v.playing, v.sharing = false, nil
	if v.tab == "" {
		v.tab = tabView
	}
	if v.tab == tabPlay {
		v.startPlay()
	}
	table := false // the review's table, which comes back at its row (toTable)
	if rv := s.review; rv != nil {
		rv.version++
		switch {
		case s.pair >= 0 && s.reviewCmp == nil && s.single == nil:
			v.openPair(s.pair, false) // it was still opening: read it again
		case s.pair < 0:
			rv.toTable()
			table = s.view == viewReview
		default:
			rv.pair, rv.cmp, rv.single = s.pair, s.reviewCmp, s.single
		}
	}
	if !table {
		// Back where the reader was: the page drawn, then scrolled.
		y := s.scrollY
		v.ctx.Defer(func(ctx app.Context) {
			ctx.Async(func() { browser.NextFrame(); browser.ScrollPageTo(y) })
		})
	}
}

// listenReview installs the review page's and the history's listeners:
// Back and Forward (popstate), the review's keys (reviewKeys, decisionKeys), and drops on the review
// panel's two folder targets; and stamps the first entry with its state.
func (v *Viewer) listenReview(ctx app.Context) {
	v.hist.loaded = browser.CurrentState()
	v.recordView()
	browser.ReplaceState(v.historyState(), "")
	browser.OnPopState(func(st browser.HistoryState) {
		if st.String("recview") != v.hist.session {
			// Another session's entry, or the user's: the fragment says
			// what to show (hashchange), the state how the table was.
			ctx.Dispatch(func(app.Context) { tableFrom(st, v.rs.set) })
			return
		}
		at := st.Int("at")
		ctx.Dispatch(func(app.Context) { v.restoreView(at) })
	})
	browser.Listen("keydown", false, func(e browser.Event) {
		k := e.Key()
		dir, ok := reviewKeys[k.Name]
		choice, decide := decisionKeys[k.Name]
		if !ok && !decide || e.InTextField() || k.Modified() {
			return
		}
		ctx.Dispatch(func(app.Context) {
			switch {
			case v.view != viewReview:
			case decide:
				v.decideKey(choice)
			default:
				v.reviewKey(dir)
			}
		})
	})
	// Drops on a review folder target, caught before the page's own drop
	// listener (which would index the folder): the drop's items are
	// readable only during the event.
	browser.Listen("drop", true, func(e browser.Event) {
		zone := e.Target().Closest("[data-review-drop]")
		if !zone.Exists() {
			return
		}
		e.PreventDefault()
		e.StopPropagation()
		side := 0
		if zone.Data("reviewDrop") == "head" {
			side = 1
		}
		dt := e.DataTransfer()
		entries, _ := browser.DroppedEntries(dt)
		handles := browser.DroppedHandles(dt)
		ctx.Dispatch(func(app.Context) {
			v.drag = false
			v.warmReview()
			// The review's own view at once, not once the folder is
			// listed: a drop on the gallery's review box would otherwise
			// move the other side's box, when the view changes, under a
			// second folder being dragged to it.
			v.view = viewReview
		})
		v.dropReviewFolder(side, entries, handles)
	})
	// A folder dragged over a review target, or its picker pressed: the
	// review's worker starts now, while the person drags or browses, so
	// that it is up (worker.wasm compiled, Go's runtime started) when the
	// first folder comes.
	var warmed time.Time
	warm := func(e browser.Event) {
		v.rs.stir.stir()
		if time.Since(warmed) > time.Second && e.Target().Closest("[data-review-drop]").Exists() {
			warmed = time.Now()
			ctx.Dispatch(func(app.Context) { v.warmReview() })
		}
	}
	browser.Listen("dragover", true, warm)
	browser.Listen("pointerdown", true, warm)
}

// warmReview starts the worker of the next two-folder review, unless one
// waits already (reviewState.warm).
func (v *Viewer) warmReview() { v.workerIn(&v.rs.warm) }

// dropReviewFolder lists the .json files of a folder dropped for one
// side of a two-folder review (by its handles when the browser gave them,
// else its entries), then takes them for that side (setFolder).
func (v *Viewer) dropReviewFolder(side int, entries, handles []app.Value) {
	ctx := v.ctx
	// The walk is asked for before the page draws the loading line.
	walking := browser.StartListing(handles, false)
	ctx.Dispatch(func(app.Context) { v.loading = "the dropped folder" })
	ctx.Async(func() {
		refs, ok, err := walking.WaitAll()
		if !ok {
			refs, err = browser.WalkEntries(entries, false)
		}
		ctx.Dispatch(func(app.Context) {
			v.loading = ""
			if err != nil {
				v.failPick(side, err)
				return
			}
			v.setFolder(side, refs)
		})
	})
}

// landing reports whether nothing is open: the page shows the gallery.
func (v *Viewer) landing() bool {
	return len(v.docs) == 0 && v.index == nil && v.rs.set == nil && v.view != viewReview
}
