//go:build js

package jsweb

import (
	"syscall/js"
	"testing"
	"time"
)

// TestYieldRunsTasks: a task that waits while Go works (a timer fallen
// due) runs during Yield, before it returns: the way a page's message
// waiting for the worker is read, or the page's input handled.
func TestYieldRunsTasks(t *testing.T) {
	ran := make(chan struct{}, 1)
	f := js.FuncOf(func(js.Value, []js.Value) any {
		ran <- struct{}{}
		return nil
	})
	defer f.Release()
	js.Global().Call("setTimeout", f, 0)
	for start := time.Now(); time.Since(start) < 5*time.Millisecond; {
		// Go busy: the timer falls due, and cannot run.
	}
	select {
	case <-ran:
		t.Fatal("the timer ran while Go was busy")
	default:
	}
	Yield()
	select {
	case <-ran:
	default:
		t.Fatal("the timer due before the yield did not run during it")
	}
}
