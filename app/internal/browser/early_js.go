//go:build js

package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Early is one pick or drop that happened before the app ran, as
// web/early.js queued it.
type Early struct {
	// Kind is "files" (picked or dropped files), "folder" (a folder input's
	// files) or "drop-folder" (a drop with a folder in it).
	Kind string
	// Files is a JavaScript array of the File objects.
	Files app.Value
	// Entries and Handles are a drop-folder's FileSystemEntry objects and
	// the promises of its FileSystemHandle objects (see DroppedEntries,
	// DroppedHandles); Handles is empty where the browser has none.
	Entries, Handles []app.Value
}

// TakeEarly takes the picks and drops web/early.js queued before the app
// ran (recviewEarly.take()), oldest first, and stops that script from
// queueing more: call it once the app listens to the page itself. nil
// when the script is not on the page.
func TakeEarly() []Early {
	early := app.Window().Get("recviewEarly")
	if !early.Truthy() {
		return nil
	}
	q := early.Call("take")
	out := make([]Early, q.Length())
	for i := range out {
		out[i] = earlyOf(q.Index(i))
	}
	return out
}

// earlyOf reads one entry of web/early.js's queue.
func earlyOf(it app.Value) Early {
	list := func(v app.Value) []app.Value {
		var vs []app.Value
		if v.Truthy() {
			for i := range v.Length() {
				vs = append(vs, v.Index(i))
			}
		}
		return vs
	}
	return Early{Kind: it.Get("kind").String(), Files: it.Get("files"), Entries: list(it.Get("entries")), Handles: list(it.Get("handles"))}
}

// OnLatePick calls f, on the page's goroutine of JavaScript callbacks,
// with each pick made on a pre-rendered file input after the app replaced
// it (web/early.js's late): its dialog opened before the app ran and
// closed after.
func OnLatePick(f func(Early)) {
	early := app.Window().Get("recviewEarly")
	if !early.Truthy() {
		return
	}
	early.Call("late", app.FuncOf(func(this app.Value, args []app.Value) any {
		f(earlyOf(args[0]))
		return nil
	}))
}
