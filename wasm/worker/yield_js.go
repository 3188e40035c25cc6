//go:build js

package main

import "syscall/js"

// yieldToEvents hands the worker's thread back to the browser and blocks
// until a message the worker posts to itself (a MessageChannel's) comes
// back: the tasks queued before it, the page's messages among them, run
// first. A time.Sleep is no such yield: in WebAssembly Go's runtime spends
// the time it would wait on its own work (a collection's marking, after a
// folder's parse), and returns from the sleep without the browser running
// a task when the timer is due by then (docs/dev/performance-notes.md).
func yieldToEvents() {
	done := make(chan struct{})
	ch := js.Global().Get("MessageChannel").New()
	got := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	ch.Get("port1").Set("onmessage", got)
	ch.Get("port2").Call("postMessage", nil)
	<-done
	got.Release()
	ch.Get("port1").Call("close")
}
