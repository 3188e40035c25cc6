package app

import (
	"errors"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/permalink"
)

// What the page shows: which open recording, which of its tabs, the
// comparison, the theme, the error banner. The Viewer's own tabs, the
// top bar and the document header post these.
const (
	actionSelectDoc   action[int]    = "recview/select-doc"   // the index of an open recording: show it
	actionCompareDocs action[[2]int] = "recview/compare-docs" // the indexes of two open recordings (A, B): compare them
	actionShowDiff                   = "recview/show-diff"    // no value: show the last comparison again
	actionHome                       = "recview/home"         // no value: close everything, back to the gallery
	actionTab         action[string] = "recview/tab"          // tabView, tabRaw or tabPlay: show that tab
	actionTheme                      = "recview/theme"        // no value: next theme (system, light, dark)
	actionDismiss                    = "recview/dismiss"      // no value: hide the error banner
	actionFail        action[string] = "recview/fail"         // an error message: show it in the banner
	actionKeys                       = "recview/keys"         // no value: show the keys of the page, or hide them
)

// selectDoc shows open recording i (in the playground when that tab is
// open).
func (v *Viewer) selectDoc(i int) {
	v.cur, v.playing, v.view = i, false, viewDoc
	if v.tab == tabPlay {
		v.startPlay()
	}
	v.syncFragment()
}

// home closes everything: the gallery shows again.
func (v *Viewer) home() {
	v.docs, v.cur, v.playing = nil, 0, false
	if v.index != nil {
		v.index.worker.stop()
	}
	if v.rs.warm != nil {
		v.rs.warm.stop()
	}
	v.index, v.cmp, v.view = nil, nil, viewDoc
	v.rs = reviewState{}
	v.syncFragment()
}

// showTab shows a tab of the current recording: tabView, tabRaw or
// tabPlay (which stops playing and opens the playground).
func (v *Viewer) showTab(tab string) {
	v.tab = tab
	if v.tab == tabPlay {
		v.playing = false
		v.startPlay()
	}
}

// switchTheme goes to the next theme (system, light, dark), applies it
// and keeps it in localStorage.
func (v *Viewer) switchTheme() {
	v.theme = nextTheme(v.theme)
	v.ctx.LocalStorage().Set(stateTheme, v.theme)
	browser.SetTheme(v.theme)
}

// showDiff shows the last comparison again, if there is one.
func (v *Viewer) showDiff() { v.show(viewDiff) }

// toggleKeys shows the panel of the page's keys, or hides it.
func (v *Viewer) toggleKeys() { v.keys = !v.keys }

// dismiss hides the error banner.
func (v *Viewer) dismiss() { v.err = "" }

// failWith shows msg in the error banner; whatever is open stays open.
func (v *Viewer) failWith(msg string) { v.fail(errors.New(msg)) }

// show switches the main area to view, when there is something to show.
func (v *Viewer) show(view string) {
	if view == viewIndex && v.index == nil || view == viewDiff && v.cmp == nil {
		return
	}
	v.view, v.playing = view, false
	v.syncFragment()
}

// comparison is two open recordings and their diff.Result, computed once
// by the page's comparing worker (fillComparison): res is nil, and err
// "", until it answers.
type comparison struct {
	a, b *openDoc
	res  *diff.Result
	err  string // why there is no result
	// version counts the comparison's changes (its result came), so that
	// its view draws again.
	version int
	// labels name the sides ("A", "B" when ""; "base", "head" for a
	// review's pair), paths the files shown in their headers (the names
	// when "").
	labels, paths [2]string
	// review is the two-folder review whose pair this is, when it was
	// opened from that pair's shared link (its address keeps that form);
	// the zero Review otherwise.
	review permalink.Review
	// marks is what differs between the two answers, marked on them.
	marks answerMarks
	// judged is the review's judgement of the pair, when the comparison
	// is a reviewed pair's (or a shared pair's: judgeSharedPair): its
	// head shows it rather than diff.Compare's, which knows only the two
	// recordings (a review also weighs what the files record besides: a
	// credential, a name that does not match), so that the pair says one
	// severity and one verdict.
	judged *judgement
	// reviewing is set while the review of a shared pair's two files is
	// made (judgeSharedPair): its head waits for it.
	reviewing bool
}

// judgement is a severity and a verdict, as a review's row has them,
// and its why when no pair's head above the comparison shows it (a
// shared pair's).
type judgement struct{ severity, verdict, why string }

// newComparison is the comparison of a (A) and b (B), by meaning
// (diff.Compare), its result to come: fillComparison asks for it.
func newComparison(a, b *openDoc) *comparison { return &comparison{a: a, b: b} }

// warmComparer starts the comparing worker (fillComparison) once the
// page is idle, ahead of a comparison about to be asked (a second
// recording opened, a row of the index ticked, a review's table shown),
// so that the first comparison waits for itself, not for the worker's
// start.
func (v *Viewer) warmComparer() {
	if v.comparer != nil || v.warming {
		return
	}
	v.warming = true
	ctx := v.ctx
	ctx.Async(func() {
		browser.Idle(time.Second)
		ctx.Dispatch(func(app.Context) {
			v.warming = false
			v.comparingWorker()
		})
	})
}

// comparingWorker is the worker that compares recordings, started now if
// there is none.
func (v *Viewer) comparingWorker() *pageWorker { return v.workerIn(&v.comparer) }

// fillComparison asks the page's comparing worker (started on the first
// comparison, kept for the next) for c's result and answer marks, and
// sets them (or c.err) in a Dispatch, then calls drawn, which makes
// what shows c draw again. The comparison is the core's, run in the
// worker so that app.wasm links neither it nor its word diff.
func (v *Viewer) fillComparison(c *comparison, drawn func()) {
	w := v.comparingWorker()
	names, data := [2]string{c.a.name, c.b.name}, [2][]byte{c.a.data, c.b.data}
	ctx := v.ctx
	ctx.Async(func() {
		res, err := w.compare(names, data)
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				c.err = "The comparison could not be made: " + errorText(err)
				if v.comparer == w && w.dead() {
					w.stop() // it answers no more: the next comparison starts another
					v.comparer = nil
				}
			} else {
				c.res, c.marks = &res.Result, answerMarks{text: res.Text, finish: res.Finish, calls: res.Calls}
			}
			c.version++
			drawn()
		})
	})
}

// compareOpen shows the comparison of open recordings ij[0] (A) and
// ij[1] (B).
func (v *Viewer) compareOpen(ij [2]int) { v.compareDocs(ij[0], ij[1]) }

// compareDocs shows the comparison of open recordings i (A) and j (B);
// out-of-range indexes are ignored.
func (v *Viewer) compareDocs(i, j int) {
	if i < 0 || j < 0 || i >= len(v.docs) || j >= len(v.docs) {
		return
	}
	c := newComparison(v.docs[i], v.docs[j])
	v.cmp = c
	v.fillComparison(c, func() {})
	v.view, v.playing = viewDiff, false
	v.syncFragment()
}
