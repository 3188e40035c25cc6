//go:build js

package jsweb

import (
	"errors"
	"syscall/js"
)

// Await blocks the calling goroutine until the JavaScript promise p
// settles, and returns its value, or its rejection (the reason's
// toString) as an error. The promise's callbacks run on a goroutine of
// their own, so Await returns even when called from a JavaScript
// callback's goroutine.
func Await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.err
}

// Buffer copies data into a new ArrayBuffer of len(data) bytes (to post,
// transfer or digest): Bytes's inverse.
func Buffer(data []byte) js.Value {
	view := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(view, data)
	return view.Get("buffer")
}

// Bytes copies the bytes of an ArrayBuffer to Go; the buffer stays as it
// is.
func Bytes(buf js.Value) []byte {
	data := make([]byte, buf.Get("byteLength").Int())
	js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(buf))
	return data
}
