//go:build e2e

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCompareOnce: two files dropped open as an index; ticking both and
// Compare, opening a row, and Compare again leave one tab per file (the
// same files are not opened twice); and with one of them open, "Compare
// with…" offers the other, which compares them without a second tab
// either.
func TestCompareOnce(t *testing.T) {
	a, b := seed(seedHello), corpus(llamaGuard)
	na, nb := filepath.Base(a), filepath.Base(b)
	tabs := func(tb *tab) []string {
		return eval[[]string](tb, `[...document.querySelectorAll('.doc-tab:not(.index-tab)')].map(b => b.title)`)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(a, b)
	tb.visible(sel("index-table"))
	tb.compareRows(na, nb)
	if got := tabs(tb); len(got) != 2 {
		t.Fatalf("after a comparison: tabs %q, want the two files", got)
	}
	tb.click(sel("index-tab"))
	tb.openRow(na)
	tb.waitTitle(na)
	// The two rows are still ticked: Compare again.
	tb.click(sel("index-tab"))
	tb.waitFor("the compare button, the rows still ticked", q(sel("index-compare"))+"?.disabled === false")
	tb.click(sel("index-compare"))
	tb.visible(sel("diff-verdict"))
	if got := tabs(tb); len(got) != 2 {
		t.Errorf("after opening a row and comparing again: tabs %q, want the two files", got)
	}

	fresh := newTab(t)
	fresh.open("/")
	fresh.dropPaths(a, b)
	fresh.visible(sel("index-table"))
	fresh.openRow(na)
	fresh.waitTitle(na)
	fresh.visible(sel("compare-with"))
	opts := eval[[]string](fresh, `[...document.querySelectorAll('[data-testid=compare-with] option')].map(o => o.textContent)`)
	if len(opts) != 2 || opts[1] != shortNameOf(nb) {
		t.Fatalf("Compare with… offers %q, want the other file", opts)
	}
	fresh.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = ` + q(sel("compare-with")) + `; s.value = s.options[1].value; s.dispatchEvent(new Event('change', {bubbles: true})); })()`))
	fresh.visible(sel("diff-verdict"))
	if got := tabs(fresh); len(got) != 2 {
		t.Errorf("after Compare with…: tabs %q, want the two files", got)
	}
	t.Logf("wrote %s", fresh.screenshot("compare-with"))
}

// shortNameOf is a long file name as the tabs and menus cut it: its first
// 12 and last 14 bytes around "…" (app's shortName).
func shortNameOf(n string) string {
	if len(n) <= 28 {
		return n
	}
	return n[:12] + "…" + n[len(n)-14:]
}

// openRow opens the index row of file, once the table has drawn it.
func (tb *tab) openRow(file string) {
	tb.t.Helper()
	row := sel("index-row") + `[data-file="` + file + `"] [data-open]`
	tb.waitFor("the row of "+file, q(row)+" !== null")
	tb.do(chromedp.Evaluate[chromedp.Void](q(row) + ".click()"))
}
