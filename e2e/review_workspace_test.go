//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// askedText is what a recording's request asks, read from the file here
// (not by the page's code): the text of its last user message, or its
// first embedding input; the test fails when it asks neither.
func askedText(t *testing.T, data []byte) string {
	t.Helper()
	s := askedOrNone(t, data)
	if s == "" {
		t.Fatalf("no user message or string input in the request")
	}
	return s
}

// askedOrNone is askedText, "" for a request with no user message or
// string input (an embeddings call of no input).
func askedOrNone(t *testing.T, data []byte) string {
	t.Helper()
	var rec struct {
		Request struct {
			Body struct {
				Messages []struct {
					Role    string `json:"role"`
					Content any    `json:"content"`
				} `json:"messages"`
				Input any `json:"input"`
			} `json:"body"`
		} `json:"request"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	b := rec.Request.Body
	for i := len(b.Messages) - 1; i >= 0; i-- {
		if s, ok := b.Messages[i].Content.(string); ok && b.Messages[i].Role == "user" {
			return s
		}
	}
	switch in := b.Input.(type) {
	case string:
		return in
	case []any:
		if len(in) > 0 {
			if s, ok := in[0].(string); ok {
				return s
			}
		}
	}
	return ""
}

// TestReviewWorkspace walks a pull request's review as a reviewer does:
// a pair shows what its test asked (a chat pair's user message, an
// embeddings pair's input, read here from the files) and both answers;
// Open head shows the head as a recording and Back returns to the pair;
// Back from the pair returns to the table scrolled as it was, the pair's
// row marked and focused; j moves the table's current row to the next
// meaningful pair and Enter opens it; v marks it viewed; the viewed count
// leaves the folded noise out.
func TestReviewWorkspace(t *testing.T) {
	base, head := readSet(t, "test-isolation-3681")
	srv := fakegithub.New("ogx-ai", "ogx", 3681, base, head)
	res, lines := cliReview(t, base, head, true)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3681")
	tb.checkSummary(res)
	// At least 15 rows in a 1,440 × 900 window, whole.
	tb.click(sel("review-unfold"))
	tb.waitFor("every row", fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, len(lines)))
	// Counted two frames on: until a frame draws them, the rows off
	// screen before have their estimated height (content-visibility).
	if n := awaitJS[int](tb, `new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done([...document.querySelectorAll('[data-testid=review-row]')].filter(r => r.getBoundingClientRect().bottom <= innerHeight).length))))`); n < 15 {
		t.Errorf("%d rows in a 1,440 × 900 window, want 15 or more", n)
	}
	// ?: the table's keys; Esc closes them.
	tb.key("?")
	tb.waitFor("the table's keys", q(sel("keys-help"))+` && `+q(sel("keys-help"))+`.textContent.includes("open the pair moved to")`)
	tb.screenshot("keys-table")
	tb.key(kb.Escape)
	tb.waitFor("the keys closed", `!`+q(sel("keys-help")))
	tb.click(sel("review-unfold"))
	// A window shorter than the table, so that it scrolls.
	tb.do(chromedp.EmulateViewport(1440, 560))
	meaningful := 0
	for _, p := range res.Pairs {
		if p.Meaningful() {
			meaningful++
		}
	}
	if meaningful < 2 {
		t.Fatalf("%d meaningful pairs: the test wants two", meaningful)
	}
	tb.click(sel("review-unfold"))
	tb.waitFor("every row", fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, len(lines)))
	tb.waitText(sel("review-summary")+` [data-testid=viewed-count]`, fmt.Sprintf("0 of %d viewed", meaningful))

	// An embeddings pair, low in the table: scrolled to, opened.
	var emb string
	for _, p := range res.Pairs {
		if p.Base != "" && p.Head != "" && strings.Contains(p.Endpoint, "embeddings") {
			emb = p.Head
		}
	}
	if emb == "" {
		t.Fatal("no embeddings pair with two sides")
	}
	row := sel("review-row") + `[data-head="` + emb + `"]`
	tb.do(chromedp.Evaluate[chromedp.Void](q(row) + `.scrollIntoView({block: "center"})`))
	// Where the row stands once the page has settled: the rows just
	// unfolded have their estimated height (content-visibility) until a
	// frame draws them, and the page moves as they get their own. Read
	// at once, the row was once 305 px from the top, where the page,
	// shorter by then, could not scroll it back (the reader clicked it at
	// 341 px).
	top := awaitJS[float64](tb, `new Promise(done => {
		let last = NaN, still = 0, frames = 0;
		const frame = () => {
			const top = `+q(row)+`.getBoundingClientRect().top;
			still = top === last ? still + 1 : 0;
			last = top;
			if (still === 3 || ++frames === 120) done(top); else requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
	})`)
	if y := eval[float64](tb, `window.scrollY`); y < 200 {
		t.Fatalf("the table scrolled only %.0f px to its embeddings pair: the test wants a table taller than the window", y)
	}
	tb.click(row + ` button`)
	tb.waitFor("the pair's question", q(sel("pair-asked")))
	tb.waitFor("the embeddings pair's input", q(sel("pair-asked")+` [data-testid=asked-message]`)+`.textContent.includes(`+jsq(askedText(t, head[emb]))+`)`)

	// Open head: the recording; Back: the pair again.
	tb.waitFor("Open head enabled", q(sel("open-head"))+` && !`+q(sel("open-head"))+`.disabled`)
	tb.click(sel("open-head"))
	tb.waitTitle(path.Base(emb))
	tb.do(chromedp.Evaluate[chromedp.Void](`history.back()`))
	tb.waitFor("the pair after Back", q(sel("review-pair"))+` && `+q(sel("review-pair"))+`.dataset.file === `+jsq(emb)+` && `+q(sel("pair-asked")))

	// Back to the table: scrolled as it was, the row marked and focused.
	tb.click(sel("review-back"))
	tb.waitFor("the table", q(sel("review-table"))+` && !`+q(sel("review-pair")))
	tb.waitFor("the pair's row marked", q(row)+` && `+q(row)+`.classList.contains("current")`)
	tb.waitFor(fmt.Sprintf("the pair's row %.0f px from the window's top, as before", top),
		fmt.Sprintf(`Math.abs(%s.getBoundingClientRect().top - %f) <= 10`, q(row), top))
	if !eval[bool](tb, q(row)+`.contains(document.activeElement)`) {
		t.Errorf("the focus is on %s after Back, not in the pair's row", eval[string](tb, `document.activeElement.outerHTML.slice(0, 120)`))
	}

	// k and j move the table's current row through the meaningful pairs
	// in the table's order (read here from the rows); Enter opens the
	// current row's pair; v marks it viewed.
	var before []string // the meaningful rows above the embeddings pair's, by path
	for _, r := range eval[[][2]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].map(r => [r.dataset.head || r.dataset.base, r.dataset.severity])`) {
		if r[0] == emb {
			break
		}
		if r[1] != "none" {
			before = append(before, r[0])
		}
	}
	if len(before) < 2 {
		t.Fatalf("%d meaningful rows above the embeddings pair: the test wants two", len(before))
	}
	current := func() string {
		return eval[string](tb, `(() => { const r = document.querySelector('.review-row.current'); return r ? (r.dataset.head || r.dataset.base) : ""; })()`)
	}
	tb.key("k")
	tb.key("k")
	if got, want := current(), before[len(before)-2]; got != want {
		t.Errorf("current row after k, k: %q, want %q", got, want)
	}
	tb.key("j")
	want := before[len(before)-1]
	if got := current(); got != want {
		t.Errorf("current row after k, k, j: %q, want %q", got, want)
	}
	tb.key("\r")
	tb.waitFor("the current row's pair", q(sel("review-pair"))+` && `+q(sel("review-pair"))+`.dataset.file === `+jsq(want))
	tb.key("v")
	tb.waitText(sel("review-pair")+` [data-testid=viewed-count]`, fmt.Sprintf("1 of %d viewed", meaningful))
	// ?: a pair's keys, not the table's; ? again closes them.
	tb.key("?")
	tb.waitFor("the pair's keys", q(sel("keys-help"))+` && `+q(sel("keys-help"))+`.textContent.includes("accept the pair, then the next")`)
	if got, _ := tb.text(sel("keys-help")); strings.Contains(got, "Enter") {
		t.Errorf("a pair's keys say %q: Enter is the table's", got)
	}
	tb.key("?")
	tb.waitFor("the keys closed", `!`+q(sel("keys-help")))

	// Back on the table, typing a filter that keeps the current row (its
	// path's folder) keeps the focus in the field while the table is
	// drawn again around that row.
	tb.click(sel("review-back"))
	tb.waitFor("the table", q(sel("review-table"))+` && !`+q(sel("review-pair")))
	tb.waitFor("the current row focused", q(`.review-row.current`)+` && `+q(`.review-row.current`)+`.contains(document.activeElement)`)
	tb.do(chromedp.Focus(chromedp.CSS(sel("review-filter"))))
	for _, c := range "responses" { // a key a frame, as a person types
		tb.do(chromedp.SendKeys(chromedp.CSS(sel("review-filter")), string(c)))
		tb.waitFor("a frame", `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
	}
	if got := eval[string](tb, q(sel("review-filter"))+`.value`); got != "responses" {
		t.Errorf("the filter reads %q after typing responses", got)
	}
	if got := current(); got != want {
		t.Errorf("the current row after the filter: %q, want %q", got, want)
	}
	if !eval[bool](tb, `document.activeElement === `+q(sel("review-filter"))) {
		t.Errorf("the focus left the filter while typing: on %s", eval[string](tb, `document.activeElement.outerHTML.slice(0, 120)`))
	}
}

// watchedReview opens the review of pull request pr ("OWNER/REPO/N")
// from the fake GitHub srv in a new tab watched for scripts and requests
// off the site (watchTab), and waits for its summary.
func watchedReview(t *testing.T, srv http.Handler, pr string) (*tab, *watch) {
	t.Helper()
	tb := newTab(t)
	w := watchTab(t, tb)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=" + pr)
	tb.visible(sel("review-summary"))
	return tb, w
}

// TestReviewHostilePair reviews a pull request whose recordings carry
// markup and script in every string (hostileRecording: test_id, model,
// prompt, tool names, answer) under a path with markup, one of them
// re-recorded with another answer and two more recorded by the same test:
// the summary, the table, the pair (what was asked, both answers) and
// its head opened as a recording run no script, gain no element or
// handler, and send no request off the site.
func TestReviewHostilePair(t *testing.T) {
	const dir = "tests/integration/recordings/"
	name := dir + `<img src=x onerror=alert('path')>.json`
	rec := hostileRecording(t)
	var changed map[string]any
	if err := json.Unmarshal(rec, &changed); err != nil {
		t.Fatal(err)
	}
	changed["request"].(map[string]any)["body"].(map[string]any)["temperature"] = "<b onmouseover=alert('param')>0.7</b>"
	msg := changed["response"].(map[string]any)["body"].(map[string]any)["__data__"].(map[string]any)["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
	msg["content"] = "<script>alert('new answer')</script> a new answer"
	head2, err := json.Marshal(changed)
	if err != nil {
		t.Fatal(err)
	}
	base := map[string][]byte{name: rec}
	head := map[string][]byte{name: head2, dir + "b.json": rec, dir + "c.json": rec}
	tb, w := watchedReview(t, fakegithub.New("ogx-ai", "ogx", 7, base, head), "ogx-ai/ogx/7")
	row := sel("review-row") + `[data-head="` + name + `"]`
	for _, step := range []func(){
		func() { tb.waitFor("the pair's row", q(row)) }, // the summary and table (its rows drawn a frame after)
		func() {
			tb.click(row + ` button`)
			tb.waitFor("the pair's question", q(sel("pair-asked")+` [data-testid=asked-message]`))
			tb.waitFor("both answers", `document.querySelectorAll('[data-testid=pair-answers] .panel.response').length === 2`)
		},
		func() { // the system prompt and tools unfolded, every answer raw
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('details').forEach(d => d.open = true); document.querySelectorAll('[data-testid=review-pair] button.toggle').forEach(b => b.click())`))
		},
		func() {
			tb.waitFor("Open head enabled", q(sel("open-head"))+` && !`+q(sel("open-head"))+`.disabled`)
			tb.click(sel("open-head"))
			tb.visible(sel("assembled"))
		},
	} {
		step()
		tb.waitFor("the page to settle", `new Promise(r => requestAnimationFrame(() => r(true)))`)
		if bad := eval[[]string](tb, injected); len(bad) > 0 {
			t.Errorf("injected into the page: %q", bad)
		}
	}
	w.check(t, tb)
}
