//go:build js

package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/recview/recview/recordings/review"
)

// readAhead is how many files the worker asks the browser to read at
// once.
const readAhead = 32

func main() {
	self := js.Global()
	self.Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		go handle(args[0].Get("data"))
		return nil
	}))
	post(map[string]any{"ready": true})
	select {}
}

// post sends a message to the page.
func post(msg map[string]any) { js.Global().Call("postMessage", js.ValueOf(msg)) }

// handle reviews the files of one message and posts the report, or the
// error.
func handle(msg js.Value) {
	files := msg.Get("files")
	if files.Type() != js.TypeObject {
		post(map[string]any{"error": "review worker: the message has no files"})
		return
	}
	n := files.Length()
	var base, head []review.File
	progress := progressPoster(n)
	// Reads are started readAhead at a time, then waited for in order.
	started := make([]js.Value, n)
	start := func(i int) {
		if i < n {
			d := files.Index(i).Get("data")
			if d.Get("arrayBuffer").Type() == js.TypeFunction { // a File or Blob
				started[i] = d.Call("arrayBuffer")
			} else {
				started[i] = d
			}
		}
	}
	for i := range min(readAhead, n) {
		start(i)
	}
	for i := range n {
		f := files.Index(i)
		buf := started[i]
		if buf.Get("then").Type() == js.TypeFunction {
			var err error
			if buf, err = await(buf); err != nil {
				post(map[string]any{"error": f.Get("path").String() + ": cannot read the file: " + err.Error()})
				return
			}
		}
		started[i] = js.Undefined()
		start(i + readAhead)
		data := make([]byte, buf.Get("byteLength").Int())
		js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(buf))
		rf := review.File{Path: f.Get("path").String(), Data: data}
		if f.Get("side").String() == "base" {
			base = append(base, rf)
		} else {
			head = append(head, rf)
		}
		progress(false)
	}
	out, err := run(base, head, func() { progress(false) })
	if err != nil {
		post(map[string]any{"error": err.Error()})
		return
	}
	progress(true)
	post(map[string]any{"report": string(out)})
}

// progressPoster returns the progress callback of a review of n files:
// each call counts a step (a file read, a file or pair compared: about
// 2n in all), and posts {progress, total} at most every 50 ms, and at
// the end (done).
func progressPoster(n int) func(done bool) {
	total, k := 2*n, 0
	last := time.Now()
	return func(done bool) {
		k++
		if done {
			k = total
		}
		if done || time.Since(last) > 50*time.Millisecond {
			last = time.Now()
			post(map[string]any{"progress": min(k, total-1+btoi(done)), "total": total})
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// await waits for a promise and returns its value, or its rejection as an
// error.
func await(p js.Value) (js.Value, error) {
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
