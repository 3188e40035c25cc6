//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// holdIdle keeps the page's requestIdleCallback callbacks (their
// timeouts too) until the test calls window.__releaseIdle(): the moment
// the page is idle after it loads, when the page warms its decoder up,
// comes when the test says.
const holdIdle = `window.__idleHeld = [];
window.requestIdleCallback = (cb) => { window.__idleHeld.push(cb); return window.__idleHeld.length; };
window.__releaseIdle = () => { const held = window.__idleHeld; window.__idleHeld = []; for (const cb of held) cb({didTimeout: false, timeRemaining: () => 50}); return held.length; };`

// warmFetched is whether the page has fetched the sample it warms its
// decoder up on (app/warmup.go's warmSample, the gallery's seedHello),
// which nothing else fetches before a sample is opened.
const warmFetched = `performance.getEntriesByType('resource').some(e => e.name.endsWith('/web/samples/` + seedHello + `'))`

// TestWarmUpStandsAside checks the page's warm-up of its decoder, whose
// runs made the page's tasks long beside a drag's own work: on an idle
// page it runs (the sample is fetched once the page is idle, not
// before); when a folder is being dragged over the page by then, it does
// not run at all, so that the drop the reader is making does not wait
// behind it.
func TestWarmUpStandsAside(t *testing.T) {
	for _, dragging := range []bool{false, true} {
		tb := newTab(t)
		tb.beforePage(holdIdle)
		tb.open("/")
		tb.waitFor("the gallery", q(sel("sample")))
		if eval[bool](tb, warmFetched) {
			t.Fatalf("the warm sample was fetched before the page was idle")
		}
		if !dragging {
			// The page's idle callbacks are let run (again and again: the
			// warm-up may ask for one only after the first are let go).
			tb.waitFor("the warm sample fetched once the page is idle", `(window.__releaseIdle(), `+warmFetched+`)`)
			tb.close()
			continue
		}
		tb.dragEvent(input.DispatchDragEventTypeDragEnter, []string{t.TempDir()})
		tb.dragEvent(input.DispatchDragEventTypeDragOver, []string{t.TempDir()})
		tb.waitFor("the page showing the drag", `document.querySelector('.page.dragging') !== null`)
		// Whatever the page would fetch once idle it asks for at once
		// (the idle callback runs the warm-up's goroutine, which asks
		// the page's goroutine whether the reader is at work): a second
		// of idle callbacks let run is ample.
		for range 10 {
			tb.do(chromedp.Evaluate[chromedp.Void](`window.__releaseIdle()`))
			time.Sleep(100 * time.Millisecond)
		}
		if eval[bool](tb, warmFetched) {
			t.Errorf("the page warmed its decoder up while a folder was dragged over it")
		}
		tb.close()
	}
}
