//go:build e2e

package e2e

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestIndexKeepsView: the index of many files keeps its filter and order
// when a row's recording is opened and the index shown again, by its tab
// or by Back; Back and Forward move between the index and the recording
// inside the page (the files are not read again, and nothing is lost).
func TestIndexKeepsView(t *testing.T) {
	files := corpusFiles(t)[:40]
	const filter = "common"
	want := 0
	for _, f := range files {
		if strings.Contains(strings.ToLower(filepath.Base(f)), filter) {
			want++
		}
	}
	if want < 2 {
		t.Fatalf("%d files match %q: the test wants more", want, filter)
	}
	tb := newTab(t)
	tb.open("/")
	tb.upload(files...)
	tb.waitFor("40 rows", `document.querySelectorAll('[data-testid=index-row]').length === 40`)
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("index-filter")), filter))
	tb.waitFor("the filtered rows", `document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(want))
	tb.click(`[data-testid=index-table] [data-sort="test_id"]`)
	tb.waitFor("the order", q(`th[aria-sort="ascending"] [data-sort="test_id"]`)+` !== null`)
	order := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file)`)
	entries := eval[int](tb, `history.length`)

	kept := func(how string) {
		t.Helper()
		tb.visible(sel("index-table"))
		if got := eval[string](tb, q(sel("index-filter"))+`.value`); got != filter {
			t.Errorf("%s: filter %q, want %q", how, got, filter)
		}
		tb.waitFor(how+": the filtered rows in their order", `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file).join('\n') === `+jsq(strings.Join(order, "\n")))
		if !eval[bool](tb, q(`th[aria-sort="ascending"] [data-sort="test_id"]`)+` !== null`) {
			t.Errorf("%s: the order by test_id is gone", how)
		}
	}

	// A row opens its recording; the index tab brings the index back.
	tb.click(sel("index-row") + `[data-file=` + jsq(order[1]) + `] td.file button`)
	tb.waitTitle(filepath.Base(order[1]))
	tb.click(sel("index-tab"))
	kept("the index tab")

	// Back and Forward, inside the page.
	tb.click(sel("index-row") + `[data-file=` + jsq(order[0]) + `] td.file button`)
	tb.waitTitle(filepath.Base(order[0]))
	if n := eval[int](tb, `history.length`); n <= entries {
		t.Errorf("opening a row made no history entry (%d, was %d)", n, entries)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`history.back()`))
	kept("Back")
	if eval[bool](tb, q(sel("recording-title"))+` !== null`) {
		t.Errorf("after Back the recording is still shown")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`history.forward()`))
	tb.waitTitle(filepath.Base(order[0]))
}
