// Package gchold holds Go's garbage collector off while the viewer does a
// long piece of work (opening a large recording, indexing a folder),
// collecting only when garbage piles up. It is shared by the viewer
// (app.newDoc, app.indexFiles) and the in-browser benchmark of make bench
// (e2e/bench/wasm), so that the benchmark opens a file the way the page
// does.
package gchold

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// MinSize is the input size, in bytes, from which the viewer holds the
// collector off while it opens a file.
const MinSize = 1 << 20

// MaxGarbage is how many bytes may be allocated while the collector is held
// before Collect runs a collection: the most garbage a held collector lets
// pile up, and so about the most memory it adds.
const MaxGarbage = 16 << 20

var hold struct {
	sync.Mutex
	n, percent int
	mark       uint64 // heap bytes allocated in all, at the last collection Collect saw
}

// allocsMetric is the runtime's count of all heap bytes ever allocated.
const allocsMetric = "/gc/heap/allocs:bytes"

func allocated() uint64 {
	s := []metrics.Sample{{Name: allocsMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// Hold turns the garbage collector off until the returned function is
// called (by every caller, when several hold it); the collector then runs
// once, collecting what the hold let pile up, and again with the GOGC
// percentage it had. Without that collection the heap could grow to twice
// what is live before the next one (GOGC 100), and WebAssembly memory,
// once grown, is never given back.
//
// WebAssembly has one thread: a collection that starts while a long piece
// of work allocates cannot run its background workers until the work
// yields, so, most likely (measured, not traced in the runtime), it marks
// through allocation assists with the write barrier on for as long as it
// lasts. On the 1.1 MB corpus stream, under node,
// Parse and Assemble take 24 ms with the collector running and 9.5 ms
// without it; a 50 MB stream froze the page 1.6 s, and 0.7 s with the
// collector held off until the end. Collect bounds the garbage meanwhile.
func Hold() (release func()) {
	hold.Lock()
	defer hold.Unlock()
	if hold.n == 0 {
		hold.percent = debug.SetGCPercent(-1)
		hold.mark = allocated()
	}
	hold.n++
	return func() {
		hold.Lock()
		defer hold.Unlock()
		if hold.n--; hold.n == 0 {
			debug.SetGCPercent(hold.percent)
			runtime.GC()
		}
	}
}

// Collect runs a full collection when the collector is held and more than
// MaxGarbage bytes were allocated since the hold began or Collect last
// collected; otherwise it does nothing. Call it between pieces of the held
// work (the viewer calls it where it lets the page draw): a collection
// then costs about the marking of what is live, and the heap stays within
// MaxGarbage of it.
func Collect() {
	hold.Lock()
	defer hold.Unlock()
	if hold.n == 0 {
		return
	}
	if now := allocated(); now-hold.mark > MaxGarbage {
		runtime.GC()
		hold.mark = allocated()
	}
}
