//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestStripMarks opens a stream whose content deltas carry markup and
// looks at the step bar's strip, which the page writes as HTML of its own
// (app/marks.go stripHTML): one mark per chunk with the chunk's deltas as
// its title, text and all, never as markup; the mark of the step shown,
// and only it, marked current as the step moves; a click on a mark going
// to its chunk.
func TestStripMarks(t *testing.T) {
	deltas := []string{"Hello", `"><img src=x onerror=alert('mark')>`, "<script>alert('strip')</script>", " & more"}
	var body []any
	for i, d := range deltas {
		ch := map[string]any{"index": 0, "delta": map[string]any{"content": d}, "finish_reason": nil}
		if i == 0 {
			ch["delta"].(map[string]any)["role"] = "assistant"
		}
		body = append(body, map[string]any{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
			"__data__": map[string]any{"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": []any{ch}}})
	}
	body = append(body, map[string]any{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
		"__data__": map[string]any{"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
			"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": "stop"}}}})
	data, err := json.Marshal(map[string]any{
		"request": map[string]any{"method": "POST", "url": "http://localhost/v1/chat/completions", "headers": map[string]any{},
			"body":     map[string]any{"model": "m", "messages": []any{map[string]any{"role": "user", "content": "hi"}}, "stream": true},
			"endpoint": "/v1/chat/completions", "model": "m"},
		"response": map[string]any{"is_streaming": true, "body": body},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "strip.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	n := len(body)
	tb := newTab(t)
	w := watchTab(t, tb)
	tb.open("/")
	tb.upload(path)
	tb.waitTitle("strip.json")
	tb.waitStep(n, n)

	if got := eval[int](tb, `document.querySelectorAll('.strip .mark').length`); got != n {
		t.Fatalf("%d marks, want %d", got, n)
	}
	if got := eval[int](tb, `document.querySelectorAll('.strip *:not(.mark)').length`); got != 0 {
		t.Errorf("the strip holds %d elements that are not marks: a title became markup", got)
	}
	titles := eval[[]string](tb, `[...document.querySelectorAll('.strip .mark')].map(m => m.title)`)
	for i, d := range deltas[1:3] {
		want := fmt.Sprintf("chunk %d: content +%q", i+2, d)
		if titles[i+1] != want {
			t.Errorf("mark %d's title is %q, want %q", i+2, titles[i+1], want)
		}
	}
	current := func() []int {
		return eval[[]int](tb, `[...document.querySelectorAll('.strip .mark')].flatMap((m, i) => m.classList.contains('current') ? [i + 1] : [])`)
	}
	tb.waitFor("the last mark to be current", `document.querySelector('.strip .mark:last-child.current') !== null`)
	if got := current(); len(got) != 1 || got[0] != n {
		t.Errorf("current marks %v at the last step, want [%d]", got, n)
	}
	tb.do(chromedp.Click(chromedp.CSS(`.strip .mark:nth-child(2)`)))
	tb.waitStep(2, n)
	tb.waitFor("mark 2 to be current", `document.querySelector('.strip .mark:nth-child(2).current') !== null`)
	if got := current(); len(got) != 1 || got[0] != 2 {
		t.Errorf("current marks %v at step 2, want [2]", got)
	}
	if bad := eval[[]string](tb, injected); len(bad) > 0 {
		t.Errorf("injected into the page: %v", bad)
	}
	w.check(t, tb)
}

// TestStripLegend opens a streamed tool call and looks at the legend
// under the chunk strip: every colour the strip's marks have is in the
// legend, under the name the README gives that kind of chunk, and its
// swatch has the marks' colour, in the light scheme and the dark. And the
// index names its API family facet and column as such, each chip saying
// what a click does.
func TestStripLegend(t *testing.T) {
	names := map[string]string{ // the README's words for what a chunk carried
		"content": "content", "tool_call": "tool call", "finish": "finish", "usage": "usage",
		"role": "role", "thinking": "reasoning", "meta": "other", "none": "nothing",
	}
	for _, scheme := range []string{"light", "dark"} {
		tb := newTab(t)
		tb.do(colorScheme(scheme))
		tb.open("/#v=2&sample=" + seedToolCall)
		tb.waitTitle(seedToolCall)
		tb.visible(sel("strip-legend"))
		// kind -> the colours of its marks, and of its swatch.
		type colours struct{ Marks, Swatch []string }
		got := eval[map[string]colours](tb, `(() => {
			const out = {};
			for (const m of document.querySelectorAll('.strip .mark')) {
				const k = [...m.classList].find(c => c.startsWith('k-')).slice(2);
				out[k] = out[k] || {Marks: [], Swatch: []};
				out[k].Marks.push(getComputedStyle(m).backgroundColor);
			}
			for (const s of document.querySelectorAll('[data-testid=strip-legend] .legend-item')) {
				const k = s.dataset.kind;
				out[k] = out[k] || {Marks: [], Swatch: []};
				out[k].Swatch.push(getComputedStyle(s.querySelector('.swatch')).backgroundColor + ' ' + s.textContent.trim());
			}
			return out;
		})()`)
		if len(got) < 3 {
			t.Fatalf("%s: the strip and legend show %d kinds, want a tool call's several", scheme, len(got))
		}
		for k, c := range got {
			switch {
			case len(c.Marks) == 0:
				t.Errorf("%s: the legend names %s, which no mark has", scheme, k)
			case len(c.Swatch) != 1:
				t.Errorf("%s: %d marks of kind %s, with %d legend entries, want 1", scheme, len(c.Marks), k, len(c.Swatch))
			case c.Swatch[0] != c.Marks[0]+" "+names[k]:
				t.Errorf("%s: legend entry %q for the %s marks, coloured %s, want %q", scheme, c.Swatch[0], k, c.Marks[0], c.Marks[0]+" "+names[k])
			}
		}
		if scheme == "light" {
			t.Logf("wrote %s", tb.screenshot("legend-"+scheme))
		}
	}

	tb := newTab(t)
	tb.open("/")
	tb.upload(corpusFiles(t)[:20]...)
	tb.waitFor("20 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 20`)
	if got, _ := tb.text(`.facet[aria-label="API family"] .label`); got != "API family" {
		t.Errorf("the family facet is labelled %q, want API family", got)
	}
	if got, _ := tb.text(`[data-sort=family]`); got != "API family" {
		t.Errorf("the family column is headed %q, want API family", got)
	}
	title := eval[string](tb, q(`.facet[aria-label="API family"] button.chip`)+".title")
	if !strings.Contains(title, "Click to show only these") {
		t.Errorf("a family chip's title is %q, want it to say what a click does", title)
	}
}
