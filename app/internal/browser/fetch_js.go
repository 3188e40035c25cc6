//go:build js

package browser

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The viewer downloads with the browser's fetch through syscall/js, not
// net/http: net/http's client in WebAssembly is a wrapper around the same
// fetch, and linking it (its transport, HTTP/2 and TLS code) makes
// app.wasm much larger (internal/wasmsize measures it).

// Fetch calls window.fetch(url) and waits for the Response, which it
// returns whatever its status; crossOrigin asks for CORS mode without
// credentials or referrer. The error is the rejection's text: the server
// could not be reached, or (crossOrigin) did not allow this page to read
// the answer. It blocks: call it from a goroutine (ctx.Async).
func Fetch(url string, crossOrigin bool) (app.Value, error) {
	opts := app.Window().Get("Object").New()
	if crossOrigin {
		opts.Set("mode", "cors")
		opts.Set("credentials", "omit")
		opts.Set("referrerPolicy", "no-referrer")
	}
	return Await(app.Window().Call("fetch", url, opts))
}

// Header is the value of a Response's header name, "" when absent.
func Header(res app.Value, name string) string {
	v := res.Get("headers").Call("get", name)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// ReadBody reads a Response's body chunk by chunk (its ReadableStream),
// and cancels the download as soon as it passes limit bytes, returning a
// PastLimitError: an endless answer costs no more than limit bytes of
// memory. A Response without a body reads as nil. Other errors are the
// stream's. It blocks: call it from a goroutine (ctx.Async).
func ReadBody(res app.Value, limit int) ([]byte, error) {
	body := res.Get("body")
	if !body.Truthy() {
		return nil, nil
	}
	reader := body.Call("getReader")
	var data []byte
	for {
		r, err := Await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if r.Get("done").Bool() {
			return data, nil
		}
		chunk := r.Get("value")
		n := chunk.Get("length").Int()
		if len(data)+n > limit {
			reader.Call("cancel")
			return nil, PastLimitError(len(data) + n)
		}
		data = slices.Grow(data, n)
		app.CopyBytesToGo(data[len(data):len(data)+n], chunk)
		data = data[:len(data)+n]
	}
}
