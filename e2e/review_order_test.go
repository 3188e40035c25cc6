//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
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
	_, lines := cliReview(t, cs.Base, cs.Head, true)
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3737")
	tb.visible(sel("review-summary"))
	tb.click(sel("review-unfold"))
	tb.checkAllRows(lines)
	first := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].slice(0, 4).map(r => r.dataset.head)`)
	for _, h := range []string{"95be86b56c9f", "12ea4e4a2705", "12b4c92fd0d8", "37e10e6ac4dc"} {
		if !slices.ContainsFunc(first, func(p string) bool { return strings.Contains(p, "/"+h) }) {
			t.Errorf("the first four rows %q lack %s", first, h)
		}
	}
	// One count: the pair bar counts what the viewed count counts, the
	// pairs to look at; inside a filter, those it shows, and n steps
	// through them.
	viewedOf := eval[string](tb, q(sel("viewed-count"))+`.textContent`)
	tb.click(sel("review-row") + " button")
	tb.visible(sel("pair-place"))
	place := eval[string](tb, q(sel("pair-place"))+`.textContent`)
	if _, of, _ := strings.Cut(viewedOf, " of "); place != "pair 1 of "+strings.TrimSuffix(of, " viewed")+" to look at" {
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
	png := run(tb, chromedp.CaptureScreenshot())
	file := filepath.Join(screenshotDir(t, t.Name()), "first-screen-1440.png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", file)
}
