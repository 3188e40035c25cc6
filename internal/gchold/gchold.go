// Package gchold holds Go's garbage collector off while the viewer opens a
// large recording. It is shared by the viewer (app.newDoc) and the
// in-browser benchmark of make bench (e2e/bench/wasm), so that the
// benchmark opens a file the way the page does.
package gchold

import (
	"runtime/debug"
	"sync"
)

// MinSize is the input size, in bytes, from which the viewer holds the
// collector off while it opens a file.
const MinSize = 1 << 20

var hold struct {
	sync.Mutex
	n, percent int
}

// Hold turns the garbage collector off until the returned function is
// called (by every caller, when several hold it); the collector then runs
// again with the GOGC percentage it had.
//
// Opening a large file allocates little garbage: what fastjson allocates
// stays referenced by the recording's tree. A collection meanwhile would
// only mark the growing tree again and again, each time in one piece the
// page cannot interrupt: a 50 MB stream froze the page 1.6 s, and 0.7 s
// with the collector held off until the end. On the 1.1 MB corpus stream,
// under node, Parse and Assemble take 24 ms with the collector running and
// 9.5 ms without it (make bench shows both in the browser).
func Hold() (release func()) {
	hold.Lock()
	defer hold.Unlock()
	if hold.n == 0 {
		hold.percent = debug.SetGCPercent(-1)
	}
	hold.n++
	return func() {
		hold.Lock()
		defer hold.Unlock()
		if hold.n--; hold.n == 0 {
			debug.SetGCPercent(hold.percent)
		}
	}
}
