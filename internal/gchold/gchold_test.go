package gchold

import (
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
