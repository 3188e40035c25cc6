//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestZZBig(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	start := time.Now()
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{"/tmp/big3k"}))
	eval[bool](tb, `(window.__gaps = [], window.__last = performance.now(), (function tick(){ const n = performance.now(); window.__gaps.push(n - window.__last); window.__last = n; if (!window.__stop) requestAnimationFrame(tick); })(), true)`)
	tb.waitForWithin(120*time.Second, "read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length > 0`)
	t.Logf("total %v; status %q", time.Since(start), eval[string](tb, `document.querySelector('[data-testid=index-status]').textContent`))
	t.Logf("max frame gap %v ms", eval[float64](tb, `(window.__stop = true, Math.max(...window.__gaps))`))
	t0 := time.Now()
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("index-filter")), "ollama"))
	tb.waitFor("filter", `document.querySelectorAll('[data-testid=index-row]').length < 500`)
	t.Logf("filter %v", time.Since(t0))
	t.Log(eval[float64](tb, `performance.memory ? performance.memory.usedJSHeapSize/1e6 : -1`))
}
