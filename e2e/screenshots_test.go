//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pageBackground is the first background colour that is not transparent,
// of the body or the root element.
const pageBackground = `(() => {
	for (const e of [document.body, document.documentElement]) {
		const c = getComputedStyle(e).backgroundColor;
		if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
	}
	return 'transparent';
})()`

// TestScreenshots writes pictures of the landing page, of seed 4078aa36
// at its last step and at step 5 with the share panel, of an index of 40
// corpus files, of a comparison and of a cassette with its headers
// open, in the light and the dark scheme, at
// 1280x900, to e2e/screenshots/TestScreenshots/. The dark scheme must
// change the page's colours.
func TestScreenshots(t *testing.T) {
	const n = 18 // chunks of seedToolCall
	background := map[string]string{}
	for _, scheme := range []string{"light", "dark"} {
		tb := newTab(t)
		tb.do(colorScheme(scheme))
		tb.open("/")
		tb.visible(sel("sample"))
		if !eval[bool](tb, `matchMedia('(prefers-color-scheme: `+scheme+`)').matches`) {
			t.Fatalf("the browser does not emulate prefers-color-scheme: %s", scheme)
		}
		background[scheme] = eval[string](tb, pageBackground)
		t.Logf("wrote %s", tb.screenshot("landing-"+scheme))

		tb.open("/#sample=" + seedToolCall)
		tb.waitTitle(seedToolCall)
		tb.waitStep(n, n)
		t.Logf("wrote %s", tb.screenshot("seed-last-"+scheme))

		tb.key(kb.Home)
		tb.waitStep(0, n)
		for range 5 {
			tb.key(kb.ArrowRight)
		}
		tb.waitStep(5, n)
		tb.visible(sel("step-chunk"))
		t.Logf("wrote %s", tb.screenshot("seed-step5-"+scheme))

		tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
		tb.visible(sel("share-url"))
		t.Logf("wrote %s", tb.screenshot("share-"+scheme))

		tb.open("/")
		tb.upload(corpusFiles(t)[:40]...)
		tb.waitFor("40 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 40`)
		t.Logf("wrote %s", tb.screenshot("index-"+scheme))

		tb.open("/#v=1&sample=" + seedHello + "&sample=" + seedToolCall)
		tb.visible(sel("diff-verdict"))
		t.Logf("wrote %s", tb.screenshot("diff-"+scheme))

		tb.open("/")
		tb.upload(cassette(fileSearchStream))
		tb.waitTitle(fileSearchStream + "#1")
		tb.click(sel("interaction-headers") + " summary")
		t.Logf("wrote %s", tb.screenshot("cassette-"+scheme))
	}
	if background["light"] == background["dark"] {
		t.Errorf("the page background is %s in both the light and the dark scheme", background["light"])
	}
}
