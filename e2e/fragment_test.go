//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestFragment checks that the URL fragment follows the view of a sample
// (#v=2&sample=<file>&step=<k>, no step at the last one; links of the
// older form #sample=<file> still open) and that a reload
// comes back to the same place.
func TestFragment(t *testing.T) {
	const n = 18 // chunks of seedToolCall
	tb := newTab(t)
	// Opened by its link (TestGallerySamples opens the samples by clicks).
	tb.open("/#sample=" + seedToolCall)
	tb.waitTitle(seedToolCall)
	tb.waitStep(n, n)
	if hash := eval[string](tb, "location.hash"); hash != "#v=2&sample="+seedToolCall {
		t.Errorf("fragment at the last step %q, want %q", hash, "#v=2&sample="+seedToolCall)
	}

	tb.key(kb.Home)
	tb.waitStep(0, n)
	for range 3 {
		tb.key(kb.ArrowRight)
	}
	tb.waitStep(3, n)
	want := "#v=2&sample=" + seedToolCall + "&step=3"
	tb.waitFor("the fragment to be "+want, "location.hash === "+jsq(want))

	tb.reload()
	tb.waitTitle(seedToolCall)
	tb.waitStep(3, n)
	if hash := eval[string](tb, "location.hash"); hash != want {
		t.Errorf("fragment after the reload %q, want %q", hash, want)
	}

	// Back at the last step, the step leaves the fragment.
	tb.key(kb.End)
	tb.waitStep(n, n)
	tb.waitFor("the fragment to drop the step", "location.hash === "+jsq("#v=2&sample="+seedToolCall))

	// A link with a step, loaded afresh, opens there.
	tb.do(chromedp.Navigate("about:blank"))
	tb.open("/#sample=" + seedToolCall + "&step=7")
	tb.waitTitle(seedToolCall)
	tb.waitStep(7, n)

	// The buttons step from where the stream is, click after click.
	prev, next := `button[aria-label="Previous chunk"]`, `button[aria-label="Next chunk"]`
	tb.do(chromedp.Click(chromedp.CSS(prev)))
	tb.waitStep(6, n)
	tb.do(chromedp.Click(chromedp.CSS(prev)))
	tb.waitStep(5, n)
	tb.do(chromedp.Click(chromedp.CSS(next)))
	tb.waitStep(6, n)
}

// TestThinkingHighlight opens the Anthropic sample at a step inside its
// thinking block: the thinking text so far shows, open, with the piece
// that chunk added marked.
func TestThinkingHighlight(t *testing.T) {
	const file = "tests__integration__messages__recordings__f22657bfd86db6348c0a0d0b17332dcfc038b345d2a7be8da4b880a433d36a52.json"
	tb := newTab(t)
	tb.open("/#sample=" + file + "&step=4")
	tb.waitTitle(file)
	tb.waitStep(4, 61)
	// Chunk 4 is content_block_delta {"type":"thinking_delta","thinking":" need"}
	// after "We" (chunk 3), as the file shows.
	tb.waitFor("the thinking text", q("[data-testid=assembled] details.thinking[open] pre")+"?.textContent === 'We need'")
	if got := eval[string](tb, q("[data-testid=assembled] details.thinking mark")+"?.textContent ?? ''"); got != " need" {
		t.Errorf("highlighted thinking delta %q, want %q", got, " need")
	}
}
