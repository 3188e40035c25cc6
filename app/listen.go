package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// listen installs the page-wide handlers: keyboard shortcuts, paste
// anywhere (outside text fields), drag and drop of files, back/forward.
func (v *Viewer) listen(ctx app.Context) {
	// The stepping keys work on the slider too (its native arrows would
	// ignore Shift), so range inputs are not text fields here.
	browser.Listen("keydown", false, func(e browser.Event) {
		k := e.Key()
		if e.InTextField() || k.Modified() {
			return
		}
		key, shift := k.Name, k.Shift
		switch key {
		case "Escape":
			ctx.Dispatch(func(ctx app.Context) { v.sharing, v.keys, v.consent = nil, false, nil })
		case "?":
			ctx.Dispatch(func(ctx app.Context) { v.toggleKeys() })
		case "ArrowLeft", "ArrowRight", "Home", "End", " ":
			e.PreventDefault()
			ctx.Dispatch(func(ctx app.Context) { v.onKey(key, shift) })
		case "[", "]":
			ctx.Dispatch(func(ctx app.Context) {
				if d := v.current(); d != nil && d.cas != nil && v.view == viewDoc {
					v.openInteraction(d.cas.k + map[bool]int{true: 1, false: -1}[key == "]"])
				}
			})
		}
	})
	browser.Listen("paste", false, func(e browser.Event) {
		if e.InTextField() {
			return
		}
		text := e.PastedText()
		e.PreventDefault()
		ctx.Dispatch(func(ctx app.Context) { v.openText(text) })
	})
	// dragenter is cancelled too, not only dragover: when the page
	// redraws what lies under the pointer (an index's rows, a panel
	// coming in) between the last dragover and the drop, the browser
	// fires dragenter at the new element as it drops, and drops nothing
	// unless that dragenter is cancelled (HTML's drag-and-drop processing
	// model: the current target element changes only then).
	//
	// The index's worker starts as the drag enters, unless it enters on
	// a review's folder target, whose review starts a worker of its own
	// (listenReview): a folder dropped there at once had the page start
	// two workers (worker.wasm compiled, Go's runtime started) while it
	// took the review's first folder, one of them for nothing.
	dragging := func(e browser.Event) {
		e.PreventDefault()
		v.dragged.Store(true)
		v.rs.stir.stir()
		if !v.drag {
			index := !e.Target().Closest("[data-review-drop]").Exists()
			ctx.Dispatch(func(ctx app.Context) {
				v.drag = true
				if index {
					v.warmIndexWorker()
				}
			})
		}
	}
	browser.Listen("dragenter", false, dragging)
	browser.Listen("dragover", false, dragging)
	browser.Listen("pointerdown", true, func(e browser.Event) {
		if e.Target().Closest("[data-warm=index]").Exists() {
			ctx.Dispatch(func(ctx app.Context) { v.warmIndexWorker() })
		}
	})
	browser.Listen("dragleave", false, func(e browser.Event) {
		if e.LeftPage() {
			ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		}
	})
	browser.Listen("drop", false, func(e browser.Event) {
		e.PreventDefault()
		dt := e.DataTransfer()
		// The items of a drop are readable only during the event.
		entries, folder := browser.DroppedEntries(dt)
		var handles []app.Value
		if folder {
			handles = browser.DroppedHandles(dt)
		}
		files := e.DroppedFiles()
		ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		if folder {
			v.indexEntries("the dropped folder", entries, handles)
			return
		}
		ctx.Dispatch(func(ctx app.Context) { v.readFiles(files) })
	})
	browser.Listen("hashchange", false, func(e browser.Event) {
		// The fragment the user navigated to, read now: by the time the
		// dispatch runs, a step of play may have written the page's own
		// fragment back over location.hash (syncFragment).
		raw := ""
		if _, frag, ok := strings.Cut(e.NewURL(), "#"); ok {
			raw = "#" + frag
		}
		ctx.Dispatch(func(ctx app.Context) { v.openFragment(raw) })
	})
}

// openEarly opens what was picked or dropped before the app ran
// (browser.TakeEarly: web/early.js queued it), oldest first, as the
// page's own handlers would have; from now on those handlers do it.
func (v *Viewer) openEarly() {
	for _, e := range browser.TakeEarly() {
		v.openEarlyPick(e)
	}
	// A pick whose dialog opened before the app ran and closed after.
	browser.OnLatePick(func(e browser.Early) {
		v.ctx.Dispatch(func(app.Context) { v.openEarlyPick(e) })
	})
}

// openEarlyPick opens one pick or drop early.js queued.
func (v *Viewer) openEarlyPick(e browser.Early) {
	switch e.Kind {
	case "folder":
		v.listFiles(e.Files, true)
	case "drop-folder":
		v.indexEntries("the dropped folder", e.Entries, e.Handles)
	case "review-folder-0", "review-folder-1":
		v.pickReviewFolder(reviewPick{side: int(e.Kind[len(e.Kind)-1] - '0'), files: e.Files})
	case "review-drop-0", "review-drop-1":
		v.dropReviewFolder(int(e.Kind[len(e.Kind)-1]-'0'), e.Entries, e.Handles)
	default:
		v.readFiles(e.Files)
	}
}
