//go:build js

package browser

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Download offers text to the user as a file named name, of type
// application/json: a Blob behind a link with a download name, clicked
// (no inline script; the site's CSP allows blob: downloads). The Blob's
// URL is revoked a minute later. It does not block.
func Download(name, text string) {
	w := app.Window()
	parts := w.Get("Array").New()
	parts.Call("push", text)
	opts := w.Get("Object").New()
	opts.Set("type", "application/json")
	blob := w.Get("Blob").New(parts, opts)
	url := w.Get("URL").Call("createObjectURL", blob)
	a := w.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Call("click")
	time.AfterFunc(time.Minute, func() { w.Get("URL").Call("revokeObjectURL", url) })
}

// WriteClipboard starts putting text on the clipboard
// (navigator.clipboard.writeText) and returns the promise of it, for
// Await; it returns null where the page has no Clipboard API (it is only
// in secure contexts: https and loopback). The promise may never settle
// (no focus, or a permission prompt left open). It does not block.
func WriteClipboard(text string) app.Value {
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return app.Null()
	}
	return cb.Call("writeText", text)
}
