//go:build e2e

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestKeysOnSlider uses the step slider with the mouse, which leaves the
// focus on it, then the keyboard: the slider is no text field, so the
// stepping keys keep their meaning (Arrow one chunk, Shift+Arrow ten,
// Home/End the ends).
func TestKeysOnSlider(t *testing.T) {
	const n = 18 // chunks of seedToolCall
	tb := newTab(t)
	tb.open("/#sample=" + seedToolCall)
	tb.waitTitle(seedToolCall)
	tb.waitStep(n, n)

	tb.do(chromedp.Click(chromedp.CSS(sel("step-slider"))))
	tb.waitFor("the click on the slider to move off the last step",
		q(sel("step-label"))+".textContent.trim() !== "+jsq(fmt.Sprintf("%d / %d", n, n)))
	if !eval[bool](tb, "document.activeElement === "+q(sel("step-slider"))) {
		t.Fatalf("the slider does not have the focus after a click on it")
	}
	tb.key(kb.Home)
	tb.waitStep(0, n)
	tb.key(kb.ArrowRight)
	tb.waitStep(1, n)
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.waitStep(11, n)
	tb.key(kb.ArrowLeft, chromedp.ModifierShift)
	tb.waitStep(1, n)
	tb.key(kb.End)
	tb.waitStep(n, n)
}
