//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/review"
	"github.com/recview/recview/recordings/testid"
)

// TestReviewOrderPage opens ogx's #3737 (414 changed recordings) on the
// review page: its rows come in recview review's order, must-see first,
// and its first four are the pull request's tool-call regressions
// (95be86b56c9f, 12ea4e4a2705, 12b4c92fd0d8, 37e10e6ac4dc: a call's
// arguments no longer valid JSON, one gone, two added), which were rows
// 16 to 19 when the high pairs followed the folder's order.
func TestReviewOrderPage(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("server-isolation-3737"))
	srv := fakegithub.New("ogx-ai", "ogx", 3737, cs.Base, cs.Head)
	res, lines := cliReview(t, cs.Base, cs.Head, true)
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3737")
	tb.visible(sel("review-summary"))
	tb.checkGrown(res)
	tb.click(sel("review-unfold"))
	tb.checkAllRows(lines)
	first := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].slice(0, 4).map(r => r.dataset.head)`)
	for _, h := range []string{"95be86b56c9f", "12ea4e4a2705", "12b4c92fd0d8", "37e10e6ac4dc"} {
		if !slices.ContainsFunc(first, func(p string) bool { return strings.Contains(p, "/"+h) }) {
			t.Errorf("the first four rows %q lack %s", first, h)
		}
	}
	// One count: the pair bar counts what the viewed count counts, the
	// pairs not folded; inside a filter, those it shows, and n steps
	// through them.
	viewedOf := eval[string](tb, q(sel("viewed-count"))+`.textContent`)
	tb.click(sel("review-row") + " button")
	tb.visible(sel("pair-place"))
	place := eval[string](tb, q(sel("pair-place"))+`.textContent`)
	if _, of, _ := strings.Cut(viewedOf, " of "); place != "pair 1 of "+strings.TrimSuffix(of, " viewed") {
		t.Errorf("the pair bar reads %q beside %q", place, viewedOf)
	}
	tb.click(sel("review-back"))
	tb.click(`[data-facet="severity:high"]`)
	tb.waitFor("the high rows", `document.querySelectorAll('[data-testid=review-row]').length === 17`)
	tb.click(sel("review-row") + " button")
	tb.waitFor("the first high pair", q(sel("pair-place"))+`?.textContent === 'pair 1 of 17 in this filter'`)
	tb.key("n")
	tb.waitFor("n: the second high pair", q(sel("pair-place"))+`?.textContent === 'pair 2 of 17 in this filter'`)
	tb.click(sel("review-back"))
	tb.click(`[data-facet="severity:high"]`)

	tb.do(chromedp.EmulateViewport(1440, 900))
	// At 1,440 px no short cell of a row is cut ("chan…" for changed).
	cut := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row] > :is(.col-change, .col-request, .col-result, .col-name)')].filter(c => c.scrollWidth > c.clientWidth).map(c => c.className + ": " + c.textContent)`)
	if len(cut) > 0 {
		t.Errorf("cut at 1,440 px: %q", cut)
	}
	png := run(tb, chromedp.CaptureScreenshot())
	file := filepath.Join(screenshotDir(t, t.Name()), "first-screen-1440.png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", file)
}

// checkGrown checks the summary's tests with more recordings against
// recview review's (#3737: five new tests, 0 → 7 to 0 → 5): each listed
// with its counts, and the first one's chip filters the table to its
// pairs and back.
func (tb *tab) checkGrown(res *review.Result) {
	tb.t.Helper()
	var grown []review.TestCount
	multiplied, _ := res.Multiplied()
	for _, c := range res.Grown(2) {
		if !slices.ContainsFunc(multiplied, func(m review.TestCount) bool { return m.TestID == c.TestID }) {
			grown = append(grown, c)
		}
	}
	if len(grown) == 0 {
		tb.t.Fatal("recview review lists no test with more recordings: the test wants one")
	}
	tb.visible(sel("review-grown"))
	msg, _ := tb.text(sel("review-grown"))
	if want := fmt.Sprintf("%d tests with more recordings than before", len(grown)); !strings.Contains(msg, want) {
		tb.t.Errorf("the summary says %q, want %q", msg, want)
	}
	for _, c := range grown {
		name := testid.Short(c.TestID, 64) // the chip's text; its title the whole test_id
		if want := fmt.Sprintf("%s %d → %d", name, c.Base, c.Head); !strings.Contains(msg, want) {
			tb.t.Errorf("the summary %q does not say %q", msg, want)
		}
	}
	titles := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-grown] li')].map(li => li.title)`)
	for i, c := range grown[:min(len(grown), 5)] {
		if i >= len(titles) || titles[i] != c.TestID {
			tb.t.Errorf("the grown test %d's title is not its test_id %q (titles %q)", i, c.TestID, titles)
		}
	}
	var heads []string
	for _, p := range res.Pairs {
		if p.TestID == grown[0].TestID {
			heads = append(heads, p.Head)
		}
	}
	slices.Sort(heads)
	chip := sel("review-test") + fmt.Sprintf(`[data-facet=%q]`, "test:"+grown[0].TestID)
	tb.click(chip)
	tb.waitFor("the test's rows", fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, len(heads)))
	got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].map(r => r.dataset.head)`)
	slices.Sort(got)
	if !slices.Equal(got, heads) {
		tb.t.Errorf("the rows of %s: %q, want %q", grown[0].TestID, got, heads)
	}
	tb.click(chip)
	tb.waitFor("the filter off", q(chip)+`.getAttribute('aria-pressed') === 'false'`)
}
