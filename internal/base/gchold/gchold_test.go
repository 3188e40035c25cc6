package gchold

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestHoldNests checks that the collector stays off until the last of
// several holds is released, and then gets back the percentage it had.
func TestHoldNests(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(73))
	percent := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	outer := Hold()
	inner := Hold()
	if p := percent(); p != -1 {
		t.Fatalf("held twice: GOGC %d, want -1 (off)", p)
	}
	inner()
	if p := percent(); p != -1 {
		t.Fatalf("one of two holds released: GOGC %d, want -1 (off)", p)
	}
	outer()
	if p := percent(); p != 73 {
		t.Fatalf("both released: GOGC %d, want the 73 it had", p)
	}
}

// sink keeps the test's allocations from being optimized away.
var sink []byte

// TestCollect: Collect collects only while the collector is held and only
// once more than MaxGarbage was allocated since the hold began or it last
// collected.
func TestCollect(t *testing.T) {
	cycles := func() uint32 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.NumGC
	}
	garbage := func(n int) {
		for range n >> 20 {
			sink = make([]byte, 1<<20)
		}
	}
	release := Hold()
	defer func() {
		if release != nil {
			release()
		}
	}()
	before := cycles()
	garbage(MaxGarbage / 2)
	Collect()
	if got := cycles(); got != before {
		t.Fatalf("half of MaxGarbage allocated: %d collections, want none", got-before)
	}
	garbage(MaxGarbage)
	Collect()
	if got := cycles(); got != before+1 {
		t.Fatalf("past MaxGarbage: %d collections, want 1", got-before)
	}
	Collect()
	if got := cycles(); got != before+1 {
		t.Fatalf("Collect again right after: %d collections, want still 1", got-before)
	}
	release()
	release = nil
	garbage(2 * MaxGarbage)
	before = cycles()
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection of the runtime's own now
	Collect()
	if got := cycles(); got != before {
		t.Fatalf("not held: Collect ran %d collections, want none", got-before)
	}
}
