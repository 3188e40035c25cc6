//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// chatRecording is a non-streaming OpenAI chat recording whose answer is
// the text answer.
func chatRecording(t *testing.T, answer string) []byte {
	t.Helper()
	rec := map[string]any{
		"test_id": "tests/integration/x/test_md.py::test_md",
		"request": map[string]any{
			"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": map[string]any{},
			"body":     map[string]any{"model": "m", "messages": []any{map[string]any{"role": "user", "content": "hi"}}},
			"endpoint": "/v1/chat/completions", "model": "m",
		},
		"response": map[string]any{"is_streaming": false, "body": map[string]any{
			"__type__": "openai.types.chat.chat_completion.ChatCompletion",
			"__data__": map[string]any{"id": "x", "object": "chat.completion", "created": 0, "model": "m",
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
					"message": map[string]any{"role": "assistant", "content": answer}}}}}},
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// hostileAnswers are answers whose Markdown cost the page seconds or its
// life before the limits: each must come out as text under a notice that
// names the limit.
var hostileAnswers = []struct{ name, md, limit string }{
	{"table", "|" + strings.Repeat("a|", 1000) + "\n|" + strings.Repeat("-|", 1000) + "\n" + strings.Repeat("b\n", 1000), "tables of 1,001,000 cells"},
	{"quote", strings.Repeat(">", 20000) + " deep", "nested 20,000 deep"},
	{"list", strings.Repeat("- ", 6000) + "x", "nested 6,000 deep"},
	{"links", strings.Repeat("[a] ", 5000) + "\n\n[a]: https://example.com\n", "about 5,001 links"},
}

// TestHostileMarkdown opens each hostile answer from a dropped file and
// from a permalink (d= data): the answer shows as text with a notice
// naming the limit, no Content-Security-Policy rule is broken, and the page
// still opens a good recording afterwards. An aligned table renders with
// classes, never a style attribute.
func TestHostileMarkdown(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range hostileAnswers {
		data := chatRecording(t, tc.md)
		for _, via := range []string{"drop", "link"} {
			t.Run(tc.name+"/"+via, func(t *testing.T) {
				tb := newTab(t)
				w := watchTab(t, tb)
				name := tc.name + ".json"
				if via == "drop" {
					p := filepath.Join(dir, name)
					if err := os.WriteFile(p, data, 0o644); err != nil {
						t.Fatal(err)
					}
					tb.open("/")
					tb.dropPaths(p)
				} else {
					d, err := permalink.EncodeData(data)
					if err != nil {
						t.Fatal(err)
					}
					tb.open("/#v=2&d=" + d + "&name=" + name)
				}
				tb.waitTitle(name)
				tb.visible(sel("md-limit"))
				if msg, _ := tb.text(sel("md-limit")); !strings.Contains(msg, tc.limit) {
					t.Errorf("notice %q does not say %q", msg, tc.limit)
				}
				if n := eval[int](tb, `document.querySelectorAll('.md table, .md blockquote, .md li').length`); n != 0 {
					t.Errorf("%d Markdown elements drawn from the hostile answer", n)
				}
				tb.open("/#v=2&sample=" + seedHello)
				tb.waitTitle(seedHello)
				w.check(t, tb)
			})
		}
	}

	t.Run("aligned table", func(t *testing.T) {
		tb := newTab(t)
		w := watchTab(t, tb)
		d, err := permalink.EncodeData(chatRecording(t, "| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n"))
		if err != nil {
			t.Fatal(err)
		}
		tb.open("/#v=2&d=" + d + "&name=aligned.json")
		tb.waitTitle("aligned.json")
		tb.visible(".md td.align-center")
		if n := eval[int](tb, `document.querySelectorAll('[style]').length`); n != 0 {
			t.Errorf("%d elements carry a style attribute", n)
		}
		if got := eval[string](tb, `getComputedStyle(document.querySelector('.md td.align-right')).textAlign`); got != "right" {
			t.Errorf("the right-aligned cell is aligned %q", got)
		}
		w.check(t, tb)
	})
}

// TestLongMarkdown: a long answer within the limits is drawn a piece at a
// time, and in the end whole.
func TestLongMarkdown(t *testing.T) {
	md := strings.Repeat("A paragraph of *text* and `code` that goes on for a while.\n\n", 900)
	d, err := permalink.EncodeData(chatRecording(t, md))
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/#v=2&d=" + d + "&name=long.json")
	tb.waitTitle("long.json")
	tb.waitFor("all 900 paragraphs", `document.querySelectorAll('.panel.response .md p').length === 900`)
	if n := eval[int](tb, `document.querySelectorAll('.panel.response .md .md-part').length`); n < 3 {
		t.Errorf("drawn in %d pieces, want several", n)
	}
}

// TestDuplicateKeysShown drops, and links to, a recording whose user
// message says "content" twice: the page shows the value replay reads
// (the last), says where the repeat is in the header, and marks the file
// in the index.
func TestDuplicateKeysShown(t *testing.T) {
	text := string(chatRecording(t, "ok"))
	text = strings.Replace(text, `"content":"hi"`, `"content":"harmless","content":"something else"`, 1)
	dir := t.TempDir()
	p := filepath.Join(dir, "decoy.json")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := permalink.EncodeData([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, via := range []string{"drop", "link"} {
		t.Run(via, func(t *testing.T) {
			tb := newTab(t)
			if via == "drop" {
				tb.open("/")
				tb.dropPaths(p)
			} else {
				tb.open("/#v=2&d=" + d + "&name=decoy.json")
			}
			tb.waitTitle("decoy.json")
			tb.visible(sel("dup-key"))
			if msg, _ := tb.text(sel("dup-key")); !strings.Contains(msg, "duplicate key `content` at line 1") || !strings.Contains(msg, "replay reads the last") {
				t.Errorf("header notice %q", msg)
			}
			body, _ := tb.text(".panel.request")
			if !strings.Contains(body, "something else") || strings.Contains(body, "harmless") {
				t.Errorf("the request panel does not show the value replay reads: %q", body)
			}
		})
	}
	t.Run("index", func(t *testing.T) {
		tb := newTab(t)
		tb.open("/")
		tb.dropPaths(p, seed(seedHello))
		tb.waitFor("2 rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
		row := sel("index-row") + `[data-file="decoy.json"] ` + sel("dup-key")
		tb.visible(row)
		if n := eval[int](tb, `document.querySelectorAll('[data-testid=index-row] [data-testid=dup-key]').length`); n != 1 {
			t.Errorf("%d rows marked, want 1", n)
		}
	})
}
