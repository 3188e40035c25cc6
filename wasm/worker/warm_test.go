package main

import (
	"path"
	"testing"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/review"
)

// warmSample is the first n corpus recordings as a folder's files.
func warmSample(t *testing.T, n int) []review.File {
	t.Helper()
	var out []review.File
	for _, row := range corpustest.Manifest(t)[:n] {
		out = append(out, review.File{Path: "recordings/" + row.File, Data: corpustest.Read(t, row.File)})
	}
	return out
}

// TestWarmTreesCompare: the warming's trees pair every path but the last
// with other bytes, so that its review compares recordings (the code it
// is there to warm) rather than finding every pair unchanged, and the
// last file with itself moved, a rename.
func TestWarmTreesCompare(t *testing.T) {
	sample := warmSample(t, warmFiles)
	res, err := review.ReviewTrees(warmTrees(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) != len(sample) {
		t.Fatalf("%d pairs, want %d", len(res.Pairs), len(sample))
	}
	last := sample[len(sample)-1].Path
	moved := warmMoved + "/" + path.Base(last)
	renamed := 0
	for _, p := range res.Pairs {
		if p.Base == last {
			renamed++
			if p.Change != review.Renamed || p.Head != moved {
				t.Errorf("%s: %s to %q; want renamed to %s", p.Base, p.Change, p.Head, moved)
			}
			continue
		}
		if p.Change != review.Modified || p.Verdict == review.VerdictUnchanged {
			t.Errorf("%s: %s, %s; want a modified pair, compared", p.Head, p.Change, p.Verdict)
		}
	}
	if renamed != 1 {
		t.Errorf("%d pairs hold %s, want 1", renamed, last)
	}
}

// TestWarmOnceReport: a warming review ends in a report the page can
// read, a row per pair.
func TestWarmOnceReport(t *testing.T) {
	sample := warmSample(t, 6)
	body, err := warmOnce(sample)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pageworker.DecodeReport(body, func() {})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rows) != len(sample) {
		t.Errorf("%d rows, want %d", len(got.Rows), len(sample))
	}
}

// TestWarmReviewStops: warmReview makes at most warmRuns reviews, none
// when told to stop at once or given fewer than two files, and stops as
// soon as stop says so.
func TestWarmReviewStops(t *testing.T) {
	sample := warmSample(t, 4)
	if n := warmReview(sample, func() bool { return true }); n != 0 {
		t.Errorf("told to stop at once: %d reviews", n)
	}
	if n := warmReview(sample[:1], func() bool { return false }); n != 0 {
		t.Errorf("one file: %d reviews", n)
	}
	asked := 0
	if n := warmReview(sample, func() bool { asked++; return asked > 3 }); n != 3 {
		t.Errorf("stopped at the fourth ask: %d reviews, want 3", n)
	}
	if n := warmReview(sample, func() bool { return false }); n != warmRuns {
		t.Errorf("never stopped: %d reviews, want %d", n, warmRuns)
	}
	bad := []review.File{sample[0], sample[0]} // a path given twice
	if n := warmReview(bad, func() bool { return false }); n != 0 {
		t.Errorf("trees ReviewTrees refuses: %d reviews", n)
	}
}
