//go:build js

package browser

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/gchold"
	"github.com/recview/recview/internal/base/jsweb"
)

// Yield hands the thread back to the page and blocks until the page has
// run what waited for it (input, and the drawing of a frame when one is
// due): jsweb.Yield, a message the page posts to itself.
func Yield() {
	jsweb.Yield()
	resumed = time.Now()
}

// resumed is when a Yield last returned: the start, most likely, of the
// task the page's thread is in, which every Breather's work counts
// against (Go runs every goroutine that can run before it hands the
// thread back).
var resumed time.Time

// NextFrame returns when the browser is about to draw its next frame
// (requestAnimationFrame): what it laid out for the last one can be
// measured. It blocks: call it from a goroutine.
func NextFrame() {
	Await(NewPromise(func(resolve, _ app.Value) {
		app.Window().Call("requestAnimationFrame", resolve)
	}))
}

// Idle returns when the page is idle (requestIdleCallback: the frames
// due are drawn and no input waits), or after timeout at the latest; a
// browser without requestIdleCallback waits a tenth of a second. It
// blocks: call it from a goroutine.
func Idle(timeout time.Duration) {
	Await(NewPromise(func(resolve, _ app.Value) {
		w := app.Window()
		if w.Get("requestIdleCallback").Truthy() {
			opts := w.Get("Object").New()
			opts.Set("timeout", timeout.Milliseconds())
			w.Call("requestIdleCallback", resolve, opts)
			return
		}
		w.Call("setTimeout", resolve, 100)
	}))
}

// Breather returns the pause of one piece of long work, to call between
// its steps (the core's ...InSlices functions take it): each call, once
// BreathEvery or more has passed since the Breather was made or last
// yielded, or since any Yield last returned, yields to the page (Yield),
// then lets a held collector collect once enough garbage has piled up
// (gchold.Collect). So "yield every 10 ms" means: at the first
// call after 10 ms of work, however long the pieces between calls are;
// and several goroutines working at once (a folder's reading, the
// worker's answer, the index kept) share the 10 ms of a task, where each
// took 10 ms of the same task before.
func Breather() func() {
	last := time.Now()
	return func() {
		if time.Since(last) >= BreathEvery || time.Since(resumed) >= BreathEvery {
			Yield()
			last = time.Now()
		}
		// A collection comes first in a task, after the yield, not at the
		// end of a task already full: its time counts toward the next
		// yield.
		gchold.Collect()
	}
}
