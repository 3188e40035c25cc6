//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/wholetree"
	"github.com/recview/recview/recordings/review"
)

// TestReviewWholeTree reviews a change set of the shape of ogx's
// re-recording of its whole tests/integration tree (3,000+ files, 38
// tests that multiplied their recordings: corpustest.WholeTree), its two
// folders dropped: the summary counts what recview review counts, takes
// at most a third of a 1,440 × 900 window, and the first screen shows
// the table's first rows, a high pair first.
func TestReviewWholeTree(t *testing.T) {
	cs := wholetree.New(t)
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
	res, _ := cliReview(t, cs.Base, cs.Head, false)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.open("/")
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitForWithin(60*time.Second, "the base folder", `document.body.textContent.includes('base: `+fmt.Sprint(len(cs.Base))+` .json files')`)
	tb.dropOn(sel("review-drop-head"), filepath.Join(dir, "head"))
	tb.waitForWithin(120*time.Second, "the first rows", `document.querySelectorAll('[data-testid=review-row]').length > 10`)
	tb.checkSummary(res)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	if h := eval[float64](tb, q(sel("review-summary"))+`.getBoundingClientRect().height`); h > 300 {
		t.Errorf("the summary is %.0f px high, more than a third of the 900 px window", h)
	}
	first := eval[[]string](tb, `(() => { const r = `+q(sel("review-row"))+`; return [r.dataset.severity, String(r.getBoundingClientRect().bottom)]; })()`)
	if first[0] != string(review.SeverityHigh) {
		t.Errorf("the first row is of %s severity, want high", first[0])
	}
	if n := eval[int](tb, `[...document.querySelectorAll('[data-testid=review-row]')].filter(r => r.getBoundingClientRect().bottom <= innerHeight).length`); n < 3 {
		t.Errorf("%d whole rows in the first screen, want 3 or more (the first ends at %s px)", n, first[1])
	}
	t.Logf("wrote %s", tb.screenshotView("first-screen-1440"))
}
