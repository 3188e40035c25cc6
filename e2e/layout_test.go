//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// overflowReport lists what makes the page wider than the window (its
// width less the vertical scroll bar, document.documentElement.clientWidth,
// which is at most window.innerWidth): the elements whose right edge
// passes it (innermost, at most 8), and the elements whose text is cut by their own box
// (overflow hidden or clip, content wider than the box); "" when none.
const overflowReport = `(() => {
	const w = document.documentElement.clientWidth, out = []; // the window less its scroll bar
	const name = e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + (e.dataset && e.dataset.testid ? '[' + e.dataset.testid + ']' : '');
	if (document.documentElement.scrollWidth > w) {
		out.push('scrollWidth ' + document.documentElement.scrollWidth + ' > clientWidth ' + w + ' (innerWidth ' + window.innerWidth + ')');
		const wide = [...document.querySelectorAll('body *')].filter(e => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && r.right > w + 0.5 && getComputedStyle(e).position !== 'fixed';
		});
		const innermost = wide.filter(e => !wide.some(o => o !== e && e.contains(o)));
		for (const e of innermost.slice(0, 8)) out.push('  ' + name(e) + ' right=' + Math.round(e.getBoundingClientRect().right));
	}
	for (const e of document.querySelectorAll('body *')) {
		const s = getComputedStyle(e);
		if ((s.overflowX === 'hidden' || s.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1 && !e.closest('.sr-only, .editor, label.button') && !/^(INPUT|TEXTAREA|SELECT)$/.test(e.tagName)) {
			out.push('clipped: ' + name(e) + ' ' + e.scrollWidth + ' > ' + e.clientWidth);
		}
	}
	return out.join('\n');
})()`

// TestLayoutWidths opens the landing page, a recording (a streamed tool
// call, at its last step and at a step inside the tool call) and its
// playground in windows of 1,440 and 390 pixels (a laptop, a phone), in
// the light and the dark scheme: the page is never wider than the window
// (document.documentElement.scrollWidth <= window.innerWidth, and even
// <= clientWidth, the window less its scroll bar), and no box cuts off
// its text; scrolled down, the step bar is not under the header, and the
// playground's panes are not under its editor. The screenshots are in
// e2e/screenshots/TestLayoutWidths/.
func TestLayoutWidths(t *testing.T) {
	for _, size := range [][2]int64{{1440, 900}, {390, 844}} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(fmt.Sprintf("%d-%s", size[0], scheme), func(t *testing.T) {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(size[0], size[1]), colorScheme(scheme))
				check := func(what string) {
					t.Helper()
					if got := eval[int](tb, "window.innerWidth"); got != int(size[0]) {
						t.Fatalf("the window is %d pixels wide, want %d", got, size[0])
					}
					if r := eval[string](tb, overflowReport); r != "" {
						t.Errorf("%s at %d pixels:\n%s", what, size[0], r)
					}
					tb.pageShot(fmt.Sprintf("%s-%d-%s", what, size[0], scheme))
				}
				tb.open("/")
				tb.visible(sel("sample"))
				check("landing")
				tb.open("/#v=2&sample=" + seedToolCall + "&step=5")
				tb.waitTitle(seedToolCall)
				tb.waitStep(5, 18)
				check("recording-step5")
				// Scrolled down, the step bar sticks where it is seen, not
				// under the header.
				if !eval[bool](tb, `(() => { window.scrollTo(0, 1200); const r = document.querySelector('.stepbar').getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); const seen = e !== null && e.closest('.stepbar') !== null; window.scrollTo(0, 0); return seen; })()`) {
					t.Errorf("scrolled down at %d pixels, the step bar is hidden", size[0])
				}
				tb.key(kb.End)
				tb.waitStep(18, 18)
				tb.visible(sel("usage"))
				check("recording")
				tb.click(`button[role=tab]:nth-child(3)`)
				tb.visible(sel("editor"))
				tb.visible(".play-view " + sel("usage"))
				check("playground")
				// The panes of the last run, scrolled to, are not covered by
				// the editor's column.
				if !eval[bool](tb, `(() => { const m = document.querySelector('.play-view .msg'); m.scrollIntoView({block: 'center'}); const r = m.getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); window.scrollTo(0, 0); return e !== null && m.contains(e); })()`) {
					t.Errorf("at %d pixels, the playground's panes are hidden under the editor's column", size[0])
				}
			})
		}
	}
}

// pageShot writes pictures of the page as the window shows it, scrolled
// down a window's height at a time (at most 6), to
// e2e/screenshots/<test>/<name>-<k>.png, then scrolls back to the top.
// (chromedp.FullScreenshot captures beyond the viewport, where the page is
// laid out without its scroll bar, wider than the picture it takes: at 390
// pixels it cut off the right 15; a window as tall as the page stretches
// what is sized by the window's height.)
func (tb *tab) pageShot(name string) {
	tb.t.Helper()
	dir := screenshotDir(tb.t, tb.t.Name())
	for k := 0; k < 6; k++ {
		more := eval[bool](tb, fmt.Sprintf(`(() => { window.scrollTo(0, %d * innerHeight); return %d * innerHeight < document.documentElement.scrollHeight; })()`, k, k))
		if !more {
			break
		}
		awaitJS[bool](tb, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
		png := run(tb, chromedp.CaptureScreenshot())
		file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, k))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			tb.t.Fatalf("writing %s: %v", file, err)
		}
	}
	tb.do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
}
