//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// longStream is the corpus's longest stream (1,399 OpenAI chat chunks),
// whose answer is Markdown: a paragraph, rules, headings, nested lists.
const longStream = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"

// deltaPlace is where the step's delta (the answer's last <mark>) is:
// whether there is one, its text, and whether it is inside the window
// below the sticky step bar.
const deltaPlace = `(() => {
	const marks = document.querySelectorAll('[data-testid=assembled] mark');
	const m = marks[marks.length - 1];
	if (!m) return {Found: false};
	const r = m.getBoundingClientRect(), bar = document.querySelector('.stepbar').getBoundingClientRect();
	return {Found: true, Text: m.textContent, Visible: r.top >= bar.bottom && r.bottom <= innerHeight, ScrollY: scrollY};
})()`

// pizzaStream is a recorder's stream of 861 OpenAI chat chunks (with
// their logprobs, 1.2 MB) whose answer is Markdown: headings, bold and
// lists.
var pizzaStream = filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ChatTests__TokenLogProbabilitiesStreaming(False)Async.json")

type place struct {
	Found, Visible bool
	Text           string
	ScrollY        float64
}

// viewShot writes a picture of the window as it is to
// e2e/screenshots/<test>/<name>.png.
func (tb *tab) viewShot(name string) {
	tb.t.Helper()
	awaitJS[bool](tb, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
	png := run(tb, chromedp.CaptureScreenshot())
	if err := os.WriteFile(filepath.Join(screenshotDir(tb.t, tb.t.Name()), name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// TestStepMarkdownShown steps through the long stream: in the middle of
// it the answer so far is Markdown (headings, list items), not raw text,
// with the delta marked; Shift+→ from the top of the page scrolls the
// new delta into view, below the step bar; a step whose delta is in view
// does not scroll.
func TestStepMarkdownShown(t *testing.T) {
	const n = 1399
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(longStream))
	tb.waitTitle(longStream)
	tb.waitStep(n, n)

	// Step 30: the first paragraph, in view at the top of the page.
	seek := func(k int) {
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = %s; s.value = %d; s.dispatchEvent(new Event('input', {bubbles: true})); })()`, q(sel("step-slider")), k)))
		tb.waitStep(k, n)
	}
	seek(30)
	tb.do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
	tb.key(kb.ArrowRight)
	tb.waitStep(31, n)
	if p := eval[place](tb, deltaPlace); !p.Found || !p.Visible || p.ScrollY != 0 {
		t.Errorf("step 31 from the top: the delta %+v, want marked, in view, the page not scrolled", p)
	}
	if eval[bool](tb, q("[data-testid=assembled] pre.text")+" !== null") {
		t.Errorf("step 31 shows the answer as raw text")
	}

	// Step 700: headings and list items, the delta marked.
	seek(700)
	tb.waitFor("the answer's Markdown at step 700", q("[data-testid=assembled] .md h3")+" && "+q("[data-testid=assembled] .md li strong"))
	if got := eval[int](tb, `document.querySelectorAll('[data-testid=assembled] .md h3').length`); got < 3 {
		t.Errorf("%d headings at step 700, want 3 or more", got)
	}
	if p := eval[place](tb, deltaPlace); !p.Found || p.Text == "" {
		t.Errorf("no delta marked at step 700: %+v", p)
	}
	tb.viewShot("step-700")

	// Shift+→ from the top: ten chunks on, the delta far below the
	// window, scrolled into view.
	tb.do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.waitStep(710, n)
	p := eval[place](tb, deltaPlace)
	if !p.Found || !p.Visible || p.ScrollY == 0 {
		t.Errorf("after Shift+→ the delta %+v, want marked, in view below the step bar, the page scrolled", p)
	}
	tb.viewShot("step-710")

	// At the end, the final view: no mark.
	tb.key(kb.End)
	tb.waitStep(n, n)
	if p := eval[place](tb, deltaPlace); p.Found {
		t.Errorf("the last step marks %q", p.Text)
	}
}

// TestStepMarkdownRecorder steps through a recorder's Markdown stream
// (861 chunks, each with its logprobs): in the middle of it the answer is
// headings, bold and list items, not raw Markdown, the delta marked
// inside them; Shift+→ from the top of the page scrolls it into view,
// and → after it keeps it there.
func TestStepMarkdownRecorder(t *testing.T) {
	const n = 861
	tb := newTab(t)
	tb.open("/")
	tb.upload(pizzaStream)
	tb.waitStep(n, n)
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = %s; s.value = 300; s.dispatchEvent(new Event('input', {bubbles: true})); })()`, q(sel("step-slider")))))
	tb.waitStep(300, n)
	tb.do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.waitStep(310, n)
	p := eval[place](tb, deltaPlace)
	if !p.Found || p.Text == "" || !p.Visible || p.ScrollY == 0 {
		t.Errorf("after Shift+→ the delta %+v, want marked, in view below the step bar, the page scrolled", p)
	}
	if got := eval[int](tb, `document.querySelectorAll('[data-testid=assembled] .md h3').length`); got < 3 {
		t.Errorf("%d headings at step 310, want 3 or more", got)
	}
	if !eval[bool](tb, q("[data-testid=assembled] .md li strong")+" !== null") || eval[bool](tb, q("[data-testid=assembled] pre.text")+" !== null") {
		t.Errorf("step 310 does not show the answer as Markdown (bold list items)")
	}
	if txt := eval[string](tb, `document.querySelector('[data-testid=assembled] .md').textContent`); strings.Contains(txt, "###") || strings.Contains(txt, "**") {
		t.Errorf("the answer at step 310 shows raw Markdown: %.200q", txt)
	}
	tb.viewShot("step-310")
	tb.key(kb.ArrowRight)
	tb.waitStep(311, n)
	if p := eval[place](tb, deltaPlace); !p.Found || !p.Visible {
		t.Errorf("step 311: the delta %+v, want marked and in view", p)
	}
}
