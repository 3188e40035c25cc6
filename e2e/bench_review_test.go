//go:build e2e && bench

package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// full3681 is the whole of ogx-ai/ogx#3681 (536 files, 9.9 MB).
const full3681 = "../recordings/review/testdata/changesets/test-isolation-3681.tar.gz"

// longTasks notes the page's tasks of 50 ms or more (the Long Tasks API:
// work on the page's thread, where a frame waits), as [start, duration]
// pairs in window.__long: the frame gaps alone count the moments the
// browser could not draw for want of a CPU, on a busy machine.
const longTasks = `window.__long = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});`

// reviewTab is a hookedTab that also notes long tasks.
func reviewTab(t *testing.T) *tab {
	tb := hookedTab(t)
	tb.beforePage(longTasks)
	return tb
}

// visitTab is a tab in the browser of bctx's default context, with
// reviewTab's hooks: a browser started on a profile of its own
// (startBrowser) keeps V8's code cache there, from one visit to the next,
// which a new browser context (incognito) does not.
func visitTab(t *testing.T, bctx context.Context) *tab {
	t.Helper()
	tb := hooked(t, openTab(t, bctx, needSite(t).URL, false))
	tb.beforePage(longTasks)
	return tb
}

// longest is the longest task since window.__t0, in ms (0 for none of
// 50 ms or more).
func longest(tb *tab) float64 {
	return eval[float64](tb, `Math.max(0, ...window.__long.filter(e => e[0] >= window.__t0).map(e => e[1]))`)
}

// TestBenchReview measures the review page, medians of 3: two dropped
// folders of the whole of #3681 reviewed (from the head folder's drop to
// the summary on screen), the head dropped as soon as the base is listed,
// with the page's longest freeze from the first drop, and the head
// dropped 2 s after the base (as a person would), each beside the floors
// of plain JavaScript (jsFloor, dropFloor); the paced review again on a
// reader's second visit (medians of 2), every other tab being a first
// visit; both paces again with the page open openedFor before the first
// drop (medians of 2); and a pull request of 300
// changed recordings from the fake GitHub (e2e/fakegithub_test.go), every
// request answered after 20 ms, opened from the URL box to the summary
// on screen.
func TestBenchReview(t *testing.T) {
	var rows []benchRow
	defer func() {
		fmt.Println("\n| the review page, headless Chromium | measured | budget | |\n|---|---|---|---|")
		for _, r := range rows {
			fmt.Println(r)
		}
	}()
	cs := corpustest.ReadChangeSet(t, full3681)
	base, head := cs.Base, cs.Head
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
	cli, _ := timeCLIReview(t, dir, 3)
	runs := map[reviewPace][]reviewRun{}
	measure := func(p reviewPace) {
		tb := reviewTab(t)
		shown, first := dropPair(tb, dir, len(base), p.opened, p.pause)
		time.Sleep(time.Second) // the table's last rows
		runs[p] = append(runs[p], reviewRun{shown: shown, row: first, gap: eval[float64](tb, "window.__maxGap"), task: longest(tb)})
		tb.close()
	}
	// Odd runs are paced: a person finding the head folder.
	paceOf := func(run int) time.Duration { return time.Duration(run%2) * 2 * time.Second }
	var floor, dropped []float64
	for run := range 6 {
		// The floor first, in a page of its own, so that the review's
		// reads do not warm it.
		fl := reviewTab(t)
		fl.open("/")
		fl.waitFor("the page", "window.__interactive > 0")
		floor = append(floor, readFloor(fl, dir, len(base)+len(head)))
		ms, n := dropFloor(fl, filepath.Join(dir, "base"), filepath.Join(dir, "head"))
		if n != len(base)+len(head) {
			t.Fatalf("the drop's floor read %d files, want %d", n, len(base)+len(head))
		}
		dropped = append(dropped, ms)
		fl.close()
		measure(reviewPace{pause: paceOf(run)})
	}
	// A reader's second visit: the paced review in a browser of its own,
	// on a new profile, once, then again in a new tab. Every tab above
	// is in a browser context of its own, which keeps no cache: a first
	// visit.
	var second []float64
	for range 2 {
		bctx, stop, err := startBrowser(t.TempDir(), &tailBuffer{})
		if err != nil {
			t.Fatalf("cannot start the browser: %v", err)
		}
		first := visitTab(t, bctx)
		dropPair(first, dir, len(base), 0, 2*time.Second)
		time.Sleep(time.Second) // V8 writes its code cache about a second into the first review
		first.close()
		again := visitTab(t, bctx)
		_, row := dropPair(again, dir, len(base), 0, 2*time.Second)
		second = append(second, row)
		again.close()
		stop()
	}
	// A reader who opens the page, then finds the two folders: the base
	// dropped once the page has been open for a while (openedFor), by
	// which time the page has started the review's worker and warmed it
	// while idle (startSpare).
	for run := range 4 {
		measure(reviewPace{opened: openedFor, pause: paceOf(run)})
	}
	atOnce, paced := runs[reviewPace{}], runs[reviewPace{pause: 2 * time.Second}]
	openAtOnce, openPaced := runs[reviewPace{opened: openedFor}], runs[reviewPace{opened: openedFor, pause: 2 * time.Second}]
	took, row, gaps, tasks := columns(atOnce)
	pacedShown, pacedRow, pacedGaps, pacedTasks := columns(paced)
	_, openRow, _, _ := columns(openAtOnce)
	_, openPacedRow, _, _ := columns(openPaced)
	_, _, openGaps, _ := columns(append(slices.Clone(openAtOnce), openPaced...))
	rows = append(rows,
		benchRow{fmt.Sprintf("two dropped folders of #3681 (%d + %d files) reviewed: head folder dropped → summary on screen", len(base), len(head)), fmt.Sprintf("%.2f s", median(took)/1000), "3 s", median(took) < 3000},
		benchRow{"… the floor: plain JavaScript in the viewer's page reads the two folders' files (File.text(), all at once) and JSON.parses them", fmt.Sprintf("%.2f s", median(floor)/1000), "", false},
		benchRow{"… the review against that floor (issue 27: within 2×)", fmt.Sprintf("%.1f×", median(took)/median(floor)), "2×", median(took) <= 2*median(floor)},
		benchRow{"… the floor with the drop's own work: plain JavaScript walks the two folders, dropped together, by their handles, then reads and parses as above; the review against it", fmt.Sprintf("%.2f s; %.1f×", median(dropped)/1000, median(took)/median(dropped)), "", false},
		benchRow{"… the head folder dropped 2 s after the base (a person's pace: the worker has read the base meanwhile) → summary on screen; against the floor", fmt.Sprintf("%.2f s; %.1f×", median(pacedShown)/1000, median(pacedShown)/median(floor)), "2×", median(pacedShown) <= 2*median(floor)},
		benchRow{"… longest task on the page's thread from the first drop (Long Tasks API)", fmt.Sprintf("%.0f ms (max %.0f)", median(tasks), slices.Max(tasks)), "100 ms", slices.Max(tasks) < 100},
		benchRow{"… longest gap between frames (a busy machine's CPU counts too)", fmt.Sprintf("%.0f ms (max %.0f)", median(gaps), slices.Max(gaps)), "", false},
		benchRow{"`recview review` on the same two folders, whole process (the floor of issue 43)", fmt.Sprintf("%.2f s", median(cli)/1000), "", false},
		benchRow{"… the head folder dropped 2 s after the base → the first row on screen; against the CLI", fmt.Sprintf("%.2f s; %.1f×", median(pacedRow)/1000, median(pacedRow)/median(cli)), "3×", median(pacedRow) <= 3*median(cli)},
		benchRow{"… longest task; longest gap between frames, from the first drop", fmt.Sprintf("%.0f ms (max %.0f); %.0f ms (max %.0f)", median(pacedTasks), slices.Max(pacedTasks), median(pacedGaps), slices.Max(pacedGaps)), "50 ms", atMost(slices.Max(pacedGaps), 50)},
		benchRow{"… the same, a reader's second visit (a new tab after a first review, in a browser on a profile of its own: V8 keeps the WebAssembly it compiled and optimized) → the first row on screen; against the CLI", fmt.Sprintf("%.2f s; %.1f×", median(second)/1000, median(second)/median(cli)), "", false},
		benchRow{"… both folders at once (the head dropped as soon as the base is listed) → the first row on screen; against the CLI", fmt.Sprintf("%.2f s; %.1f×", median(row)/1000, median(row)/median(cli)), "6×", median(row) <= 6*median(cli)},
		benchRow{"… longest gap between frames, from the first drop", fmt.Sprintf("%.0f ms (max %.0f)", median(gaps), slices.Max(gaps)), "50 ms", atMost(slices.Max(gaps), 50)},
		benchRow{fmt.Sprintf("… the page open %.0f s before the base's drop (a reader finding the folders; the page starts and warms the review's worker while idle), the head 2 s after the base → the first row on screen; against the CLI", openedFor.Seconds()), fmt.Sprintf("%.2f s; %.1f×", median(openPacedRow)/1000, median(openPacedRow)/median(cli)), "3×", median(openPacedRow) <= 3*median(cli)},
		benchRow{"… the same, both folders at once → the first row on screen; against the CLI", fmt.Sprintf("%.2f s; %.1f×", median(openRow)/1000, median(openRow)/median(cli)), "6×", median(openRow) <= 6*median(cli)},
		benchRow{"… longest gap between frames from the first drop, both paces", fmt.Sprintf("%.0f ms (max %.0f)", median(openGaps), slices.Max(openGaps)), "50 ms", atMost(slices.Max(openGaps), 50)})

	// A pull request of 300 changed recordings: the first 300 paths of
	// #3681's two trees, in path order, each on the side it is on.
	b, h := map[string][]byte{}, map[string][]byte{}
	var paths []string
	for p := range base {
		paths = append(paths, p)
	}
	for p := range head {
		if _, ok := base[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	for _, p := range paths[:300] {
		if d, ok := base[p]; ok {
			b[p] = d
		}
		if d, ok := head[p]; ok {
			h[p] = d
		}
	}
	took, gaps, tasks = nil, nil, nil
	var requests int
	for range 3 {
		srv := fakegithub.New("ogx-ai", "ogx", 3681, b, h)
		srv.Latency = 20 * time.Millisecond
		if n := len(srv.Files()); n != 300 {
			t.Fatalf("the pull request changes %d files, want 300", n)
		}
		tb := reviewTab(t)
		n := tb.serveGitHub(srv)
		tb.open("/")
		tb.waitFor("the page", "window.__interactive > 0")
		tb.do(chromedp.SetValue(chromedp.CSS(sel("url-input")), "https://github.com/ogx-ai/ogx/pull/3681"),
			chromedp.Focus(chromedp.CSS(sel("url-input"))))
		tb.do(chromedp.Evaluate[chromedp.Void](watchSummary + `; window.__resetGaps(); window.__t0 = performance.now()`))
		tb.key(kb.Enter)
		tb.waitForWithin(60*time.Second, "the summary", "window.__shown > 0 || document.querySelector('[data-testid=review-error]')")
		if msg, ok := tb.text(sel("review-error")); ok {
			t.Fatalf("the review failed: %s", msg)
		}
		took = append(took, eval[float64](tb, "window.__shown - window.__t0"))
		time.Sleep(300 * time.Millisecond)
		gaps = append(gaps, eval[float64](tb, "window.__maxGap"))
		tasks = append(tasks, longest(tb))
		requests = int(n.Load())
		tb.close()
	}
	rows = append(rows,
		benchRow{fmt.Sprintf("a pull request of 300 changed recordings, 20 ms per request (%d requests: 5 to the API) → summary on screen", requests), fmt.Sprintf("%.2f s", median(took)/1000), "5 s", median(took) < 5000},
		benchRow{"… longest task on the page's thread (Long Tasks API)", fmt.Sprintf("%.0f ms (max %.0f)", median(tasks), slices.Max(tasks)), "100 ms", slices.Max(tasks) < 100},
		benchRow{"… longest gap between frames (a busy machine's CPU counts too)", fmt.Sprintf("%.0f ms (max %.0f)", median(gaps), slices.Max(gaps)), "", false})
}

// reviewPace is how a TestBenchReview reader drops the two folders: the
// base once the page has been interactive for opened, the head pause
// after the base is listed (dropPair).
type reviewPace struct{ opened, pause time.Duration }

// reviewRun is what one review of TestBenchReview measured, in ms: from
// the head's drop to the summary and to the first row on screen, the
// longest gap between frames and the longest task from the first drop.
type reviewRun struct{ shown, row, gap, task float64 }

// columns is each figure of runs, run by run.
func columns(runs []reviewRun) (shown, row, gap, task []float64) {
	for _, r := range runs {
		shown, row = append(shown, r.shown), append(row, r.row)
		gap, task = append(gap, r.gap), append(task, r.task)
	}
	return shown, row, gap, task
}

// openedFor is how long TestBenchReview's reader has the page open
// before dropping the base folder, in its rows that say so: time to find
// the folders, in which the page, idle, starts and warms the review's
// worker.
const openedFor = 5 * time.Second

// watchSummary is JavaScript that keeps in window.__shown and
// window.__row when the review's summary and its first row first appear
// (performance.now(), 0 until then).
const watchSummary = `(() => {
	window.__shown = 0; window.__row = 0;
	new MutationObserver((_, obs) => {
		if (!window.__shown && document.querySelector('[data-testid=review-summary]')) window.__shown = performance.now();
		if (!window.__row && document.querySelector('[data-testid=review-row]')) window.__row = performance.now();
		if (window.__shown && window.__row) obs.disconnect();
	}).observe(document, {childList: true, subtree: true});
})()`

// dropPair opens the viewer in tb, drops dir's base folder (nBase .json
// files) on the review's base box once the page has been interactive for
// opened and, once it is listed and pause has passed, its head folder on
// the head box; it returns the ms from the
// head's drop to the summary on screen and to the first row. The page's
// window.__t0 is the first drop, window.__t1 the head's.
func dropPair(tb *tab, dir string, nBase int, opened, pause time.Duration) (shown, row float64) {
	tb.t.Helper()
	tb.open("/")
	tb.waitFor("the page", "window.__interactive > 0")
	time.Sleep(opened)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__resetGaps(); window.__t0 = performance.now()`))
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitFor("the base folder", `document.body.textContent.includes('base: `+strconv.Itoa(nBase)+` .json files')`)
	time.Sleep(pause)
	tb.do(chromedp.Evaluate[chromedp.Void](watchSummary + `; window.__t1 = performance.now()`))
	tb.dropOn(sel("review-drop-head"), filepath.Join(dir, "head"))
	tb.waitForWithin(60*time.Second, "the summary and the first row", "window.__shown > 0 && window.__row > 0")
	return eval[float64](tb, "window.__shown - window.__t1"), eval[float64](tb, "window.__row - window.__t1")
}

// readFloor is what plain JavaScript in tb's page takes to read the files
// of dir's base and head folders (want of them: File.text(), all at
// once) and JSON.parse them, in ms (jsFloor): the floor a review of the
// two folders can be held to.
func readFloor(tb *tab, dir string, want int) float64 {
	tb.t.Helper()
	ms, n := jsFloor(tb, true, filepath.Join(dir, "base"), filepath.Join(dir, "head"))
	if n != want {
		tb.t.Fatalf("the floor read %d files, want %d", n, want)
	}
	return ms
}
