//go:build js

package browser

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/jsweb"
)

// StartRead starts reading the file's bytes (File.arrayBuffer: no text
// decoding, so a binary file reaches Go as it is) and returns the promise
// of its ArrayBuffer; CopyBuffer copies that to Go once Await (or
// Promise.allSettled) has it. Starting several reads before waiting for
// the first lets the browser read them at once. A file the browser gave
// no File object for (Err) is a promise rejected with that error.
func (f File) StartRead() app.Value {
	if f.Err != nil {
		return app.Window().Get("Promise").Call("reject", app.Window().Get("Error").New(f.Err.Error()))
	}
	return f.JS.Call("arrayBuffer")
}

// NewBuffer copies data into a new ArrayBuffer (to post to a worker):
// jsweb.Buffer.
func NewBuffer(data []byte) app.Value { return app.ValueOf(jsweb.Buffer(data)) }

// copySlice is how many bytes CopyBuffer copies into Go at once: the page
// is frozen for the whole of one copy.
const copySlice = 4 << 20

// CopyBuffer copies the bytes of an ArrayBuffer to Go, into dst's memory
// when it is large enough (else into a new slice), and returns them. A
// buffer over 4 MiB is copied 4 MiB at a time with a Breather between the
// pieces. It then releases the buffer: ArrayBuffer.prototype.transfer to
// length 0 detaches it, so the page frees its memory now, where it would
// otherwise keep it until Go's collector has finalized every Value
// pointing to it and the browser's has run (browsers without transfer
// keep it until then). buf is unusable afterwards.
func CopyBuffer(dst []byte, buf app.Value) []byte {
	n := buf.Get("byteLength").Int()
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	data := dst[:n]
	view := app.Window().Get("Uint8Array").New(buf)
	if n <= copySlice {
		app.CopyBytesToGo(data, view)
	} else {
		pause := Breather()
		for off := 0; off < n; off += copySlice {
			end := min(off+copySlice, n)
			app.CopyBytesToGo(data[off:end], view.Call("subarray", off, end))
			pause()
		}
	}
	Release(buf)
	return data
}

// ArrayFrom copies a FileList (or any array-like) into a JavaScript array
// in one call (Array.from): the array stays valid after the list changes,
// as an input's FileList does when the input is cleared.
func ArrayFrom(list app.Value) app.Value {
	return app.Window().Get("Array").Call("from", list)
}

// BufferBytes copies the bytes of an ArrayBuffer to Go and leaves the
// buffer as it is, for a buffer read more than once (a review's fetched
// file, opened again after Back).
func BufferBytes(buf app.Value) []byte { return jsweb.Bytes(jsOf(buf)) }

// StartReadAll starts one read of the bytes of files, one after the
// other (File.arrayBuffer of a Blob made of them, which holds no copy of
// their bytes), and returns the promise of their ArrayBuffer: the
// browser's cost of a read, which for small files is more than their
// reading, is paid once for them all (docs/dev/performance-notes.md).
// The files must all have a File object (no Err). The promise is
// rejected when one of them cannot be read; read them one by one
// (StartRead) to learn which.
func StartReadAll(files []File) app.Value {
	parts := make([]any, len(files))
	for i, f := range files {
		parts[i] = f.JS
	}
	return app.Window().Get("Blob").New(parts).Call("arrayBuffer")
}

// CopyRange copies the n bytes at offset off of an ArrayBuffer to Go,
// into dst's memory when it is large enough (else into a new slice), and
// returns them; the buffer stays as it is (Release ends it).
func CopyRange(dst []byte, buf app.Value, off, n int) []byte {
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	data := dst[:n]
	app.CopyBytesToGo(data, app.Window().Get("Uint8Array").New(buf, off, n))
	return data
}

// Release detaches an ArrayBuffer (ArrayBuffer.prototype.transfer to
// length 0), so the page frees its memory now rather than once Go's
// collector has finalized every Value pointing to it (browsers without
// transfer keep it until then). buf is unusable afterwards.
func Release(buf app.Value) {
	if buf.Get("transfer").Truthy() {
		buf.Call("transfer", 0)
	}
}
