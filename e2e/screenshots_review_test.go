//go:build e2e

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// TestScreenshotsReview writes pictures of the review page of a pull
// request (test-isolation-3681's recordings from the fake GitHub): its
// table, unfolded, and its first pair, in the light and the dark scheme,
// 1,440 and 390 pixels wide, to e2e/screenshots/TestScreenshotsReview/;
// and the landing page's review panel at 390. At either width the page
// must not be wider than the window.
func TestScreenshotsReview(t *testing.T) {
	base, head := readSet(t, "test-isolation-3681")
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int{1440, 390} {
			srv := fakegithub.New("ogx-ai", "ogx", 3681, base, head)
			tb := newTab(t)
			tb.do(colorScheme(scheme), chromedp.EmulateViewport(int64(width), 900))
			tb.serveGitHub(srv)
			name := func(what string) string { return fmt.Sprintf("%s-%s-%d", what, scheme, width) }
			// The review page's own part (not the top bar) fits the
			// window: its right edge, and nothing in it wider than it.
			overflow := func(what string) {
				t.Helper()
				got := eval[[]float64](tb, `(() => {
					const s = document.querySelector('.review, .review-pair, .review-start');
					let right = s.getBoundingClientRect().right;
					for (const e of s.querySelectorAll('*')) {
						if (e.closest('.review-wrap') && e !== s.querySelector('.review-wrap')) continue; // the table scrolls sideways in its frame
						right = Math.max(right, e.getBoundingClientRect().right);
					}
					return [right, s.scrollWidth - s.clientWidth];
				})()`)
				if got[0] > float64(width)+0.5 || got[1] > 0 {
					t.Errorf("%s: the review page reaches %.0f pixels (and overflows by %.0f) in a window of %d", what, got[0], got[1], width)
				}
			}
			// Off-screen rows are not drawn (content-visibility): drawn
			// all for the full-page picture.
			drawAll := func() {
				tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('.review-row').forEach(r => r.style.contentVisibility = 'visible')`))
			}
			tb.open("/")
			tb.visible(sel("review-start"))
			if width == 390 {
				t.Logf("wrote %s", tb.screenshot(name("landing")))
			}
			overflow("the landing page")
			tb.open("/#v=2&pr=ogx-ai/ogx/3681")
			tb.visible(sel("review-summary"))
			tb.click(sel("review-unfold"))
			tb.waitFor("every row", `document.querySelectorAll('[data-testid=review-row]').length === 16`)
			overflow("the review table")
			drawAll()
			t.Logf("wrote %s", tb.screenshot(name("review-table")))
			tb.click(sel("review-row") + " button")
			tb.waitFor("the pair", q(sel("review-pair"))+` && `+q(sel("diff-verdict")))
			overflow("a pair")
			t.Logf("wrote %s", tb.screenshot(name("review-pair")))
		}
	}
}
