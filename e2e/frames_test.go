//go:build e2e

package e2e

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// frameHooks keeps the longest gap between animation frames, the page's
// longest freeze, in window.__maxGap (ms; reset with __resetGaps()); on
// each frame it calls window.__frameHook when another hook set one. Run
// it before the page's own scripts (beforePage).
const frameHooks = `(() => {
	let last = 0;
	window.__maxGap = 0;
	window.__resetGaps = () => { window.__maxGap = 0; last = performance.now(); };
	const frame = now => {
		if (window.__frameHook) window.__frameHook();
		if (last) window.__maxGap = Math.max(window.__maxGap, now - last);
		last = now;
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
})();
`

// beforePage has the tab run the script js in every page it loads from
// now on, before the page's own scripts (CDP's
// Page.addScriptToEvaluateOnNewDocument, which the page's CSP does not
// govern).
func (tb *tab) beforePage(js string) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return err
	}))
}
