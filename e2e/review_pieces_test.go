//go:build e2e

package e2e

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/corpustest"
)

// TestReviewPiecesApart checks that the review's table comes a piece of
// rows per task, each piece in a task of its own: a MutationObserver's
// callback comes once the page's script that changed the page returns,
// so two pieces drawn in one task come to one callback. Two did when
// each piece waited for a millisecond's timer, which could fall due
// while the piece before was drawn (a task of 65 ms on a whole tree).
func TestReviewPiecesApart(t *testing.T) {
	// The whole of ogx's #3681 (536 files): a table of several pieces.
	cs := corpustest.ReadChangeSet(t, "../recordings/review/testdata/changesets/test-isolation-3681.tar.gz")
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
	tb := newTab(t)
	tb.open("/")
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitFor("the base folder", `document.body.textContent.includes('base: `+strconv.Itoa(len(cs.Base))+` .json files')`)
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.__pieces = [];
		new MutationObserver(records => {
			let n = 0;
			for (const r of records) for (const a of r.addedNodes) if (a.nodeType === 1 && (a.matches('.review-rows') || a.querySelector('.review-rows'))) n += a.matches('.review-rows') ? 1 : a.querySelectorAll('.review-rows').length;
			if (n) window.__pieces.push(n);
		}).observe(document, {childList: true, subtree: true});
	})()`))
	tb.dropOn(sel("review-drop-head"), filepath.Join(dir, "head"))
	// Every piece drawn: the count of pieces unchanged for half a second
	// (they come a task apart).
	awaitJS[int](tb, `(async () => {
		let prev = -1, same = 0;
		while (same < 10) {
			await new Promise(r => setTimeout(r, 50));
			const n = document.querySelectorAll('.review-rows').length;
			if (n > 0 && n === prev) same++; else { same = 0; prev = n; }
		}
		return prev;
	})()`)
	pieces := eval[[]int](tb, "window.__pieces")
	total := 0
	for _, n := range pieces {
		total += n
	}
	if total < 2 {
		t.Fatalf("the table came in %d pieces (%v): the test needs two or more", total, pieces)
	}
	for i, n := range pieces {
		if n != 1 {
			t.Errorf("callback %d of the page's changes brought %d pieces of the table at once (%v), want one a task", i, n, pieces)
		}
	}
}
