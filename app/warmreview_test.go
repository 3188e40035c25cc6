package app

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/recview/recview/internal/pageworker"
)

// TestWarmReviewDrawingStops: the warming makes its eight steps when never
// stopped, none when stopped at once, and stops at the first ask that
// says so.
func TestWarmReviewDrawingStops(t *testing.T) {
	if n := warmReviewDrawing(func() {}, func() bool { return false }); n != 8 {
		t.Errorf("never stopped: %d steps, want 8", n)
	}
	if n := warmReviewDrawing(func() {}, func() bool { return true }); n != 0 {
		t.Errorf("stopped at once: %d steps", n)
	}
	asked := 0
	if n := warmReviewDrawing(func() {}, func() bool { asked++; return asked > 2 }); n != 2 {
		t.Errorf("stopped at the third ask: %d steps, want 2", n)
	}
}

// TestWarmReportDrawn: the made-up report goes through what a review's
// does: it survives the worker's encoding, and its table draws a row for
// each of its seven pairs, its summary the test that multiplied.
func TestWarmReportDrawn(t *testing.T) {
	body, err := pageworker.EncodeReport(warmReport())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := pageworker.DecodeReport(body, func() {})
	if err != nil {
		t.Fatal(err)
	}
	rv := warmSet()
	rv.rep = rep
	_, pieces, _ := tableHTML(rv)
	table := strings.Join(pieces, "")
	if n := strings.Count(table, `data-testid="review-row"`); n != 7 {
		t.Errorf("%d rows drawn, want 7", n)
	}
	for _, change := range []string{"modified", "renamed", "added", "deleted"} {
		if !strings.Contains(table, `data-change="`+change+`"`) {
			t.Errorf("no %s row drawn", change)
		}
	}
	if s := summaryHTML(rv); !strings.Contains(s, `data-testid="review-multiplied"`) {
		t.Errorf("the summary names no test that multiplied:\n%s", s)
	}
}

// TestWarmStir: a stop taken before a stir reports true after it, one
// taken after does not.
func TestWarmStir(t *testing.T) {
	var s warmStir
	before := s.since()
	if before() {
		t.Fatal("stopped before any stir")
	}
	s.stir()
	after := s.since()
	if !before() || after() {
		t.Errorf("after a stir: the earlier stop says %v, the later %v; want true, false", before(), after())
	}
}

// TestWarmCollectorOnlyFirst: once the collector has run, warming does
// not make it collect again (automatic collections held off meanwhile,
// so that only the test's own count).
func TestWarmCollectorOnlyFirst(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	var before, after debug.GCStats
	debug.ReadGCStats(&before)
	warmCollector()
	debug.ReadGCStats(&after)
	if after.NumGC != before.NumGC {
		t.Errorf("%d collections after warming, %d before: it collected again", after.NumGC, before.NumGC)
	}
}
