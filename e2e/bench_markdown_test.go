//go:build e2e && bench

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBenchMarkdown drops recordings whose answer is hostile Markdown
// (hostileAnswers, past the limits) or long Markdown within them, and
// reports the page's longest freeze from the drop until the answer is
// drawn: with the limits, none over 100 ms.
func TestBenchMarkdown(t *testing.T) {
	cases := append([]struct{ name, md, limit string }{
		{"a short answer (for comparison)", "Hello, *world*.", ""},
		{"long: 64 KB of paragraphs", strings.Repeat("A paragraph of *text* and `code` that goes on for a while.\n\n", 1060), ""},
		{"table of 30 × 32 cells", "|" + strings.Repeat("a|", 30) + "\n|" + strings.Repeat(":-:|", 30) + "\n" + strings.Repeat("b\n", 32), ""},
		{"200 links", strings.Repeat("[a] ", 200) + "\n\n[a]: https://example.com\n", ""},
	}, hostileAnswers...)
	dir := t.TempDir()
	fmt.Printf("\n| Markdown in an answer, dropped | longest freeze | budget | |\n|---|---|---|---|\n")
	for i, c := range cases {
		p := filepath.Join(dir, fmt.Sprintf("md%d.json", i))
		if err := os.WriteFile(p, chatRecording(t, c.md), 0o644); err != nil {
			t.Fatal(err)
		}
		var gaps []float64
		for range 3 {
			tb := hookedTab(t)
			tb.open("/")
			tb.waitApp()
			time.Sleep(300 * time.Millisecond)
			tb.do(chromedp.Evaluate[chromedp.Void](`window.__resetGaps()`))
			tb.upload(p)
			tb.waitTitle(filepath.Base(p))
			time.Sleep(time.Second) // the pieces drawn frame by frame
			gaps = append(gaps, eval[float64](tb, "window.__maxGap"))
			tb.close()
		}
		name := c.name
		if c.limit != "" {
			name += " (shown as text)"
		}
		g := median(gaps)
		fmt.Println(benchRow{name, fmt.Sprintf("%.0f ms", g), "< 100 ms", g < 100})
	}
}
