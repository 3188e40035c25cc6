//go:build js

package browser

import (
	"errors"
	"syscall/js"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/pageworker"
)

// Worker is the page's Web Worker (worker.wasm), spoken to in
// pageworker's protocol.
type Worker struct {
	w                  js.Value
	onMessage, onError js.Func
	detached           bool
}

// StartWorker starts the worker of script (a URL of the site). receive
// gets each message it posts (its kind, body and files), failed its error
// event or a message outside the protocol; both run on the page's event
// loop and must not block.
func StartWorker(script string, receive func(k pageworker.Kind, body []byte, files []app.Value), failed func(error)) *Worker {
	w := &Worker{w: js.Global().Get("Worker").New(script)}
	w.onMessage = js.FuncOf(func(this js.Value, args []js.Value) any {
		k, body, files, err := pageworker.Receive(args[0].Get("data"))
		if err != nil {
			failed(err)
			return nil
		}
		vs := make([]app.Value, len(files))
		for i, f := range files {
			vs[i] = app.ValueOf(f)
		}
		receive(k, body, vs)
		return nil
	})
	w.onError = js.FuncOf(func(this js.Value, args []js.Value) any {
		failed(errors.New("the page's worker failed: " + args[0].Get("message").String()))
		return nil
	})
	w.w.Set("onmessage", w.onMessage)
	w.w.Set("onerror", w.onError)
	return w
}

// Post posts m to the worker with files (File objects, ArrayBuffers),
// in the order m lists them. The error is pageworker.Encode's.
func (w *Worker) Post(m pageworker.Message, files []app.Value) error {
	body, err := pageworker.Encode(m)
	if err != nil {
		return err
	}
	pageworker.PostBodyArray(w.w, m.Kind(), body, jsArray(files), nil)
	return nil
}

// PostBody posts a message of kind k whose body is already encoded, with
// files.
func (w *Worker) PostBody(k pageworker.Kind, body []byte, files []app.Value) {
	pageworker.PostBodyArray(w.w, k, body, jsArray(files), nil)
}

// Stop detaches the worker's handlers and terminates it a second later,
// in a task of its own: freeing its memory at once held up the page's
// thread.
func (w *Worker) Stop() {
	w.detach()
	js.Global().Call("setTimeout", w.w.Get("terminate").Call("bind", w.w), 1000)
}

// Halt detaches the worker's handlers and terminates it now: what it was
// doing ends at once, its downloads with it (the reader's Stop).
func (w *Worker) Halt() {
	w.detach()
	w.w.Call("terminate")
}

// detach removes the worker's handlers; a second call does nothing.
func (w *Worker) detach() {
	if w.detached {
		return
	}
	w.detached = true
	w.w.Set("onmessage", js.Null())
	w.w.Set("onerror", js.Null())
	w.onMessage.Release()
	w.onError.Release()
}

// jsArray is a JavaScript array of vs, made in a call per argsPerCall
// values (Array.of, then push; go-app unwraps its values in Go):
// unwrapping each (jsOf) and setting it in an array cost three calls into
// JavaScript a value, a frame's time for a folder of thousands of files.
func jsArray(vs []app.Value) js.Value {
	a := app.Window().Get("Array").Call("of")
	args := make([]any, 0, min(len(vs), argsPerCall))
	for from := 0; from < len(vs); from += argsPerCall {
		args = args[:0]
		for _, v := range vs[from:min(from+argsPerCall, len(vs))] {
			args = append(args, v)
		}
		a.Call("push", args...)
	}
	return jsOf(a)
}

// argsPerCall is how many arguments jsArray passes in one call: far
// below what a JavaScript engine takes in one (V8's stack holds some
// tens of thousands).
const argsPerCall = 4096
