//go:build js

package jsweb

import "syscall/js"

// Yield hands the thread back to the browser and blocks until a message
// posted to itself (a MessageChannel's, a task of its own) comes back:
// the tasks queued before it (input, a page's drawing when a frame is
// due, a worker's messages) run first. Settled promises resume Go as
// microtasks, which run no task; a timer would, but the HTML standard
// clamps timers nested more than five deep to 4 ms; and a time.Sleep
// need not hand the thread back at all: in WebAssembly Go's runtime
// spends the wait on its own work when it has some (a collection's
// marking), and returns from the sleep without the browser running a
// task when the timer is due by then (docs/dev/performance-notes.md).
func Yield() {
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
