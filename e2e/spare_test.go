//go:build e2e

package e2e

import (
	"strconv"
	"testing"

	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// countWorkers is JavaScript run before the page's own: it counts in
// window.__workers the page's workers of web/worker.js as they are
// constructed, and keeps in window.__atSummary how many there were when
// a review's summary first appeared (-1 until then). The worker for the
// page's comparisons, started once the page is idle after a review's
// report, comes after that.
const countWorkers = `window.__workers = 0; window.__atSummary = -1;
const PageWorker = Worker;
window.Worker = class extends PageWorker {
	constructor(url, opts) { if (String(url).endsWith('/web/worker.js')) window.__workers++; super(url, opts); }
};
new MutationObserver((_, obs) => {
	if (document.querySelector('[data-testid=review-summary]')) { window.__atSummary = window.__workers; obs.disconnect(); }
}).observe(document, {childList: true, subtree: true});`

// awaitSpare opens the viewer in tb and waits, touching nothing, for the
// worker the page starts while it is idle (startSpare).
func (tb *tab) awaitSpare() {
	tb.t.Helper()
	tb.beforePage(countWorkers)
	tb.open("/")
	tb.waitFor("the worker started while the page is idle", `window.__workers === 1`)
}

// TestSpareWorker: a page left alone starts a worker ahead of a review,
// which the next review or folder index takes, warming or not: no other
// worker is started for it (up to the review's summary), and what it makes is what the core makes of
// the same files. A two-folder review (the base dropped, the head
// picked) is the CLI's, row for row; a pull request's review has the
// CLI's summary; a dropped tree's replay panel has the core's stale and
// mismatch counts.
func TestSpareWorker(t *testing.T) {
	const set = "instructions-param-3741"
	base, head := readSet(t, set)
	one := func(tb *tab, what, count string) {
		tb.t.Helper()
		if n := eval[int](tb, count); n != 1 {
			tb.t.Errorf("%s: %d workers started, want the one started ahead", what, n)
		}
	}

	t.Run("folders", func(t *testing.T) {
		tb := newTab(t)
		tb.awaitSpare()
		tb.reviewBaseDropped(set, nil)
		one(tb, "a two-folder review", "window.__atSummary")
	})

	t.Run("pull request", func(t *testing.T) {
		res, _ := cliReview(t, base, head, true)
		tb := newTab(t)
		tb.serveGitHub(fakegithub.New("ogx-ai", "ogx", 3741, base, head))
		tb.awaitSpare()
		tb.enterURL("https://github.com/ogx-ai/ogx/pull/3741")
		tb.checkSummary(res)
		one(tb, "a pull request's review", "window.__atSummary")
	})

	t.Run("index", func(t *testing.T) {
		tree, core := replayTree(t)
		rep := core.Report(replay.ReportOptions{})
		tb := newTab(t)
		tb.awaitSpare()
		tb.dropPaths(tree)
		tb.visible(sel("replay-report"))
		tb.waitText(sel("replay-stale"), strconv.Itoa(rep.Statuses[reqhash.Stale])+" stale")
		tb.waitText(sel("replay-mismatch"), strconv.Itoa(rep.Statuses[reqhash.Mismatch])+" mismatch")
		one(tb, "a folder's index", "window.__workers")
	})
}
