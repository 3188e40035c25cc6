//go:build js

package main

import (
	"syscall/js"
	"testing"
	"time"
)

// TestYieldToEventsRunsTasks: a task that waits while Go works (a timer
// fallen due) runs during yieldToEvents, before it returns: the way a
// page's message waiting for the worker is read.
func TestYieldToEventsRunsTasks(t *testing.T) {
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
	yieldToEvents()
	select {
	case <-ran:
	default:
		t.Fatal("the timer due before the yield did not run during it")
	}
}
