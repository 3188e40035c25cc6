package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// listen installs the page-wide handlers: keyboard shortcuts, paste
// anywhere (outside text fields), drag and drop of files, back/forward.
func (v *Viewer) listen(ctx app.Context) {
	win := app.Window()
	on := func(event string, f func(e app.Value)) {
		fn := app.FuncOf(func(this app.Value, args []app.Value) any {
			f(args[0])
			return nil
		})
		win.Call("addEventListener", event, fn)
	}
	// The stepping keys work on the slider too (its native arrows would
	// ignore Shift), so range inputs are not text fields here.
	on("keydown", func(e app.Value) {
		if inTextField(e) {
			return
		}
		key, shift := e.Get("key").String(), e.Get("shiftKey").Bool()
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		switch key {
		case "Escape":
			ctx.Dispatch(func(ctx app.Context) { v.sharing = nil })
		case "ArrowLeft", "ArrowRight", "Home", "End", " ":
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx app.Context) { v.onKey(key, shift) })
		}
	})
	on("paste", func(e app.Value) {
		if inTextField(e) {
			return
		}
		text := e.Get("clipboardData").Call("getData", "text").String()
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { v.openText(text) })
	})
	on("dragover", func(e app.Value) {
		e.Call("preventDefault")
		if !v.drag {
			ctx.Dispatch(func(ctx app.Context) { v.drag = true })
		}
	})
	on("dragleave", func(e app.Value) {
		if e.Get("relatedTarget").IsNull() {
			ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		}
	})
	on("drop", func(e app.Value) {
		e.Call("preventDefault")
		dt := e.Get("dataTransfer")
		// The items of a drop are readable only during the event.
		entries, folder := browser.DroppedEntries(dt)
		var handles []app.Value
		if folder {
			handles = browser.DroppedHandles(dt)
		}
		files := browser.ArrayFrom(dt.Get("files"))
		ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		if folder {
			v.indexEntries("the dropped folder", entries, handles)
			return
		}
		ctx.Dispatch(func(ctx app.Context) { v.readFiles(files) })
	})
	on("hashchange", func(e app.Value) {
		// The fragment the user navigated to, read now: by the time the
		// dispatch runs, a step of play may have written the page's own
		// fragment back over location.hash (syncFragment).
		raw := ""
		if _, frag, ok := strings.Cut(e.Get("newURL").String(), "#"); ok {
			raw = "#" + frag
		}
		ctx.Dispatch(func(ctx app.Context) { v.openFragment(raw) })
	})
}

// inTextField reports whether a key or paste event e happened in a text
// field (a textarea, a select, an input other than a slider, or editable
// content), where the page's own shortcuts stay out of the way.
func inTextField(e app.Value) bool {
	t := e.Get("target")
	if !t.Truthy() || !t.Get("tagName").Truthy() {
		return false
	}
	switch t.Get("tagName").String() {
	case "TEXTAREA", "SELECT":
		return true
	case "INPUT":
		return t.Get("type").String() != "range"
	}
	return t.Get("isContentEditable").Bool()
}

// openEarly opens what was picked or dropped before the app ran
// (browser.TakeEarly: web/early.js queued it), oldest first, as the
// page's own handlers would have; from now on those handlers do it.
func (v *Viewer) openEarly() {
	for _, e := range browser.TakeEarly() {
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
}
