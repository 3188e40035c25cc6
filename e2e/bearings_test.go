//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// TestReviewBearings: on a pull request's pair (#3978's stop → length
// pair, one path on both sides), Open head opens a tab that says head and
// the test's name (Open base one that says base), the address names the
// pair and the side (open=head), a reload comes back to that side, and
// Back returns to the pair where it was scrolled.
func TestReviewBearings(t *testing.T) {
	const file = "tests/integration/batches/recordings/3a680a3aabcdeab5d9a7cf137c2d4cb9dbd89b4a42691835373be5655e288f8c.json"
	base, head := readSet(t, "qwen3-rerecord-3978")
	srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1280, 600))
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3978&file=" + file)
	tb.visible(sel("diff-verdict"))
	tb.visible(sel("diff-change"))
	tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 400)`))
	tb.waitFor("the pair scrolled", `Math.round(window.scrollY) === 400`)
	tb.click(sel("open-base"))
	tb.waitFor("the base's tab", `[...document.querySelectorAll('.doc-tab.active')].some(b => b.textContent.startsWith('base · '))`)
	tb.do(chromedp.NavigateBack())
	tb.visible(sel("diff-verdict"))
	tb.waitFor("Back to the pair where it was scrolled", `Math.round(window.scrollY) === 400`)

	// Head, then the review's tab and base: two tabs that say which.
	tb.click(sel("open-head"))
	tb.waitFor("the head's tab", `[...document.querySelectorAll('.doc-tab.active')].some(b => b.textContent === 'head · test_batch_e2e_chat_completions')`)
	tb.click(sel("review-tab"))
	tb.visible(sel("open-base"))
	tb.click(sel("open-base"))
	tb.waitFor("the base's tab", `[...document.querySelectorAll('.doc-tab.active')].some(b => b.textContent === 'base · test_batch_e2e_chat_completions')`)
	tabs := eval[[]string](tb, `[...document.querySelectorAll('.doc-tab:not(.index-tab)')].map(b => b.textContent)`)
	if len(tabs) != 2 || tabs[0] != "head · test_batch_e2e_chat_completions" || tabs[1] != "base · test_batch_e2e_chat_completions" {
		t.Errorf("tabs %q, want head's and base's", tabs)
	}
	tb.click(`.doc-tab[title^="head: "]`)
	tb.waitFor("the head's tab", `document.querySelector('.doc-tab.active')?.textContent === 'head · test_batch_e2e_chat_completions'`)
	h := hash(tb)
	if !strings.Contains(h, "pr=ogx-ai/ogx/3978") || !strings.Contains(h, "&file="+file) || !strings.Contains(h, "&open=head") {
		t.Fatalf("the address %q does not name the pair's head", h)
	}
	tb.reload()
	tb.waitTitle("3a680a3aabcdeab5d9a7cf137c2d4cb9dbd89b4a42691835373be5655e288f8c.json")
	if got := eval[string](tb, `document.querySelector('.doc-tab.active')?.textContent ?? ''`); !strings.HasPrefix(got, "head · ") {
		t.Errorf("after a reload the tab shown is %q, want the head's", got)
	}
	t.Logf("wrote %s", tb.screenshot("head"))
}
