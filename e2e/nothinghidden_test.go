//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// llamaGuard is a corpus recording of a llama-guard safety check: its one
// message holds the category list and the conversation judged between
// tag-like lines (<BEGIN UNSAFE CONTENT CATEGORIES>, <BEGIN
// CONVERSATION>).
const llamaGuard = "tests__integration__agents__recordings__bd978bcd8997356a248151bfdf1ea2ba4d937215e922091fcba43b3eec385883.json"

// requestTexts reads the text of each request message from a recording
// file, here (not by the page's code).
func requestTexts(t *testing.T, data []byte) []string {
	t.Helper()
	var rec struct {
		Request struct {
			Body struct {
				Messages []struct {
					Content json.RawMessage `json:"content"`
				} `json:"messages"`
			} `json:"body"`
		} `json:"request"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range rec.Request.Body.Messages {
		var s string
		if json.Unmarshal(m.Content, &s) == nil {
			out = append(out, s)
		}
	}
	return out
}

// wordRun matches a run of letters and digits.
var wordRun = regexp.MustCompile(`[\p{L}\p{N}]+`)

// missingWords is the words of want, in order, that shown does not hold
// in that order (at most five of them).
func missingWords(want, shown string) []string {
	have := wordRun.FindAllString(shown, -1)
	var missing []string
	i := 0
	for _, w := range wordRun.FindAllString(want, -1) {
		j := i
		for j < len(have) && have[j] != w {
			j++
		}
		if j == len(have) {
			missing = append(missing, w)
			if len(missing) == 5 {
				break
			}
			continue
		}
		i = j + 1
	}
	return missing
}

// TestPromptTagsShown: a prompt's tag-like text is shown as text, every
// word of it, in the viewer's request panel: a llama-guard prompt (its
// categories and the conversation it judges, between <BEGIN …> lines)
// and a prompt of XML tags as the providers' guides teach (<document>,
// <instructions>, <example>, and real HTML that must never run).
func TestPromptTagsShown(t *testing.T) {
	guard, err := os.ReadFile(corpus(llamaGuard))
	if err != nil {
		t.Fatal(err)
	}
	tagged := `Read the <document>Quarterly report: revenue up 4%.</document> and follow the <instructions>Summarize it in one line.</instructions>

<example>
Revenue grew.
</example>

<img src=x onerror="document.title='pwned'"> <script>document.title='pwned'</script> <a href="javascript:document.title='pwned'">click</a>`
	var doc map[string]any
	json.Unmarshal(guard, &doc)
	doc["request"].(map[string]any)["body"].(map[string]any)["messages"] = []any{map[string]any{"role": "user", "content": tagged}}
	made, _ := json.Marshal(doc)
	dir := t.TempDir()
	taggedFile := filepath.Join(dir, "tagged.json")
	os.WriteFile(taggedFile, made, 0o644)

	for _, tc := range []struct {
		name, file string
		data       []byte
	}{{"llama-guard", corpus(llamaGuard), guard}, {"xml tags", taggedFile, made}} {
		t.Run(tc.name, func(t *testing.T) {
			want := requestTexts(t, tc.data)
			if len(want) == 0 || !strings.Contains(strings.Join(want, ""), "<") {
				t.Fatalf("no tag-like text in the request: %q", want)
			}
			for _, width := range []int64{1440, 390} {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.open("/")
				tb.upload(tc.file)
				tb.visible(".panel.request [data-testid=message]")
				shown := eval[[]string](tb, `[...document.querySelectorAll('.panel.request [data-testid=message]')].map(m => m.innerText)`)
				if len(shown) != len(want) {
					t.Fatalf("%d messages shown, the file has %d", len(shown), len(want))
				}
				for i := range want {
					if m := missingWords(want[i], shown[i]); len(m) > 0 {
						t.Errorf("message %d: %q not shown (of %.80q)", i, m, want[i])
					}
				}
				if n := eval[int](tb, `document.querySelectorAll('.panel.request .md img, .panel.request .md script, .panel.request .md a[href^=javascript]').length`); n != 0 {
					t.Errorf("%d elements of the prompt's HTML made it into the page", n)
				}
				if title := eval[string](tb, `document.title`); strings.Contains(title, "pwned") {
					t.Errorf("the prompt's script ran: title %q", title)
				}
				t.Logf("wrote %s", tb.screenshot(tc.name+"-"+map[int64]string{1440: "1440", 390: "390"}[width]))
			}
		})
	}
}

// TestAskedTagsShown: the review's Asked panel shows every word of a
// llama-guard prompt whose judged conversation changed under one file
// name (#3737's df8355d4d326), both sides.
func TestAskedTagsShown(t *testing.T) {
	const file = "tests/integration/agents/recordings/df8355d4d3267371f2a65159d80cfb4e34591e6222a5bc3a079c94a068bf8fd7.json"
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("server-isolation-3737"))
	base, head := map[string][]byte{file: cs.Base[file]}, map[string][]byte{file: cs.Head[file]}
	srv := fakegithub.New("ogx-ai", "ogx", 3737, base, head)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3737&file=" + file)
	tb.visible(sel("pair-asked") + " [data-testid=asked-message]")
	shown := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=pair-asked] [data-testid=asked-message]')].map(m => m.innerText)`)
	want := []string{requestTexts(t, head[file])[0], requestTexts(t, base[file])[0]}
	if len(shown) != 2 {
		t.Fatalf("%d asked cards, want the head's and the base's", len(shown))
	}
	for i := range want {
		if m := missingWords(want[i], shown[i]); len(m) > 0 {
			t.Errorf("asked card %d: %q not shown", i, m)
		}
	}
	if why := eval[string](tb, q(sel("pair-why"))+`?.innerText ?? ""`); !strings.Contains(why, "one name, two questions") {
		t.Logf("pair why %q", why)
	}
	t.Logf("wrote %s", tb.screenshot("asked"))
}

// TestToolCallPairMarks opens #3737's book_flight pair (95be86b56c9f):
// the model wrote both arguments as JSON text; head's flight.date moved
// (2023-08-20 → 2023-12-15) and head's passenger, {"age":", "name":"John
// Doe"}, is not valid JSON (read in the files by hand). Each side's
// arguments show as JSON with what differs marked, head's passenger
// flagged; "What differs" names the sides; the tool's schema unfolds in
// the Asked panel.
func TestToolCallPairMarks(t *testing.T) {
	const file = "tests/integration/inference/recordings/95be86b56c9f5f688bfb396933972ec68f056ccbdc10bee6610d2c6722761d5a.json"
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("server-isolation-3737"))
	base, head := map[string][]byte{file: cs.Base[file]}, map[string][]byte{file: cs.Head[file]}
	for _, width := range []int64{1440, 390} {
		srv := fakegithub.New("ogx-ai", "ogx", 3737, base, head)
		tb := newTab(t)
		tb.do(chromedp.EmulateViewport(width, 900))
		tb.serveGitHub(srv)
		tb.open("/#v=2&pr=ogx-ai/ogx/3737&file=" + file)
		tb.waitFor("the answers' arguments marked", `document.querySelectorAll('[data-testid=pair-answers] mark.arg-differs').length >= 2`)
		type side struct{ Marked, Invalid []string }
		read := func(label string) side {
			return eval[side](tb, `(() => {
				const a = document.querySelector('[data-testid=pair-answers] [data-side=`+label+`]');
				return {Marked: [...a.querySelectorAll('mark.arg-differs')].map(m => m.innerText.trim().split('\n')[0]),
					Invalid: [...a.querySelectorAll('[data-testid=arg-invalid]')].map(e => e.innerText)};
			})()`)
		}
		b, h := read("base"), read("head")
		if !slices.Contains(b.Marked, `"date": "2023-08-20"`) || !slices.Contains(h.Marked, `"date": "2023-12-15"`) {
			t.Errorf("flight.date not marked on both sides: base %q, head %q", b.Marked, h.Marked)
		}
		if !slices.ContainsFunc(h.Marked, func(s string) bool { return strings.HasPrefix(s, `"passenger": `) }) {
			t.Errorf("head's passenger not marked: %q", h.Marked)
		}
		if len(b.Invalid) != 0 || len(h.Invalid) != 1 || !strings.Contains(h.Invalid[0], `John Doe`) {
			t.Errorf("invalid JSON flagged: base %q, head %q; want head's passenger only", b.Invalid, h.Invalid)
		}
		notes := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=diff-note]')].map(e => e.innerText)`)
		if !slices.ContainsFunc(notes, func(s string) bool { return strings.HasPrefix(s, "head's text is not valid JSON") }) {
			t.Errorf("What differs' notes %q, want head's text named", notes)
		}
		tb.click(sel("pair-tool") + " summary")
		if schema := eval[string](tb, q(sel("pair-tool")+" pre")+".innerText"); !strings.Contains(schema, "passenger") {
			t.Errorf("book_flight's schema unfolds to %.200q", schema)
		}
		t.Logf("wrote %s", tb.screenshot(fmt.Sprint("pair-", width)))
	}
}

// imageGeneration is a Responses stream whose image_generation tool made
// a 1×1 PNG (its base64 from vercel/ai's azure-image-generation-tool
// fixture, Apache-2.0), then the model's message.
const imageGeneration = `{"request": {"method": "POST", "url": "https://example.openai.azure.com/openai/v1/responses",
 "body": {"model": "gpt-4.1-mini", "input": "Generate an image of a cute raccoon", "stream": true,
  "tools": [{"type": "image_generation", "model": "gpt-image-1", "quality": "medium", "size": "1024x1024", "output_format": "png"}]},
 "endpoint": "/v1/responses", "model": "gpt-4.1-mini"},
 "response": {"is_streaming": true, "body": [
 {"type": "response.created", "sequence_number": 0, "response": {"id": "resp_0ca0", "object": "response", "status": "in_progress", "model": "gpt-4.1-mini", "output": []}},
 {"type": "response.output_item.added", "sequence_number": 2, "output_index": 0, "item": {"id": "ig_0ca0", "type": "image_generation_call", "status": "in_progress"}},
 {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": {"id": "ig_0ca0", "type": "image_generation_call", "status": "generating", "output_format": "png", "quality": "medium",
  "result": "` + pngB64 + `", "revised_prompt": "anime-style cute raccoon waving hello", "size": "1024x1024"}},
 {"type": "response.output_item.added", "sequence_number": 7, "output_index": 1, "item": {"id": "msg_0ca0", "type": "message", "status": "in_progress", "content": [], "role": "assistant"}},
 {"type": "response.content_part.added", "sequence_number": 8, "item_id": "msg_0ca0", "output_index": 1, "content_index": 0, "part": {"type": "output_text", "annotations": [], "text": ""}},
 {"type": "response.output_text.delta", "sequence_number": 9, "item_id": "msg_0ca0", "output_index": 1, "content_index": 0, "delta": "Here is an anime-like image of a cute raccoon."},
 {"type": "response.completed", "sequence_number": 40, "response": {"id": "resp_0ca0", "object": "response", "status": "completed", "model": "gpt-4.1-mini", "output": []}}
 ]}}`

const pngB64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

// TestGeneratedImageShown: an image_generation_call's result is a
// thumbnail with its size and prompt, never base64 on the screen; the
// built-in tool is named; a Magistral stream (pydantic-ai's cassette)
// shows its thinking as reasoning, its first words as in the file.
func TestGeneratedImageShown(t *testing.T) {
	file := filepath.Join(t.TempDir(), "image.json")
	os.WriteFile(file, []byte(imageGeneration), 0o644)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.open("/")
	tb.upload(file)
	tb.visible(sel("image-part"))
	part := eval[string](tb, q(sel("image-part"))+".innerText")
	if !strings.Contains(part, "image/png · 69 bytes") || !strings.Contains(part, "anime-style cute raccoon waving hello") {
		t.Errorf("the image part reads %q", part)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=image-part] img.thumb[src^="data:image/png;base64,"]').length`); n != 1 {
		t.Errorf("%d thumbnails", n)
	}
	if body := eval[string](tb, `document.body.innerText`); strings.Contains(body, pngB64[:24]) {
		t.Error("the image's base64 is on the screen")
	}
	tb.click(".panel.request details.tools summary")
	if tool := eval[string](tb, q(sel("tool"))+".innerText"); !strings.Contains(tool, "image_generation") || !strings.Contains(tool, "built-in tool") || !strings.Contains(tool, `"quality": "medium"`) {
		t.Errorf("the tool reads %q", tool)
	}
	t.Logf("wrote %s", tb.screenshot("image"))

	tb.open("/")
	tb.upload(filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_mistral__test_mistral_model_thinking_part_iter.yaml"))
	tb.visible(".panel .answer details.thinking")
	tb.click(".panel .answer details.thinking summary")
	thinking := eval[string](tb, q(".panel .answer details.thinking")+".innerText")
	if !strings.Contains(thinking, "Okay, the user is asking how to cross the street.") {
		t.Errorf("the reasoning reads %.200q", thinking)
	}
	t.Logf("wrote %s", tb.screenshot("magistral"))
}

// hostileTags is tag-like text that is real HTML: each would change the
// page's title if it ran.
const hostileTags = `<img src=x onerror="document.title='pwned'"> <script>document.title='pwned'</script> <a href="javascript:document.title='pwned'">x</a>`

// TestHostileTagsNeverRun: real HTML in every element this change
// touches is shown as text and never runs: a prompt and a tool's
// description in the review's Asked panel, a tool call's arguments
// (plain, and as JSON text that does not parse) in both answers and in
// "What differs", and a content part recview does not read.
func TestHostileTagsNeverRun(t *testing.T) {
	const file = "tests/integration/inference/recordings/aaaa000000000000000000000000000000000000000000000000000000000000.json"
	make := func(args string) []byte {
		rec := map[string]any{
			"test_id": "tests/integration/inference/test_x.py::test_hostile",
			"request": map[string]any{"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "endpoint": "/v1/chat/completions", "model": "m",
				"body": map[string]any{"model": "m", "messages": []any{map[string]any{"role": "user", "content": []any{
					map[string]any{"type": "text", "text": "Call it. " + hostileTags},
					map[string]any{"type": "mystery", "html": hostileTags},
				}}},
					"tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "f", "description": hostileTags,
						"parameters": map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string", "description": hostileTags}}}}}}}},
			"response": map[string]any{"is_streaming": false, "body": map[string]any{"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": map[string]any{
				"id": "c", "object": "chat.completion", "created": 1, "model": "m",
				"choices": []any{map[string]any{"index": 0, "finish_reason": "tool_calls", "message": map[string]any{"role": "assistant", "content": nil,
					"tool_calls": []any{map[string]any{"id": "call_1", "type": "function", "function": map[string]any{"name": "f", "arguments": args}}}}}}}}},
		}
		data, _ := json.Marshal(rec)
		return data
	}
	q1, _ := json.Marshal(map[string]any{"q": hostileTags, "n": `{"a":1}`})
	q2, _ := json.Marshal(map[string]any{"q": hostileTags + "!", "n": `{"a":"` + hostileTags})
	srv := fakegithub.New("ogx-ai", "ogx", 1, map[string][]byte{file: make(string(q1))}, map[string][]byte{file: make(string(q2))})
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/1&file=" + file)
	tb.visible("[data-testid=diff-change]")
	tb.visible(sel("pair-answers") + " " + sel("arg-invalid"))
	tb.click(sel("pair-tool") + " summary")
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=diff-view] img:not(.thumb), [data-testid=diff-view] script, [data-testid=diff-view] a[href^=javascript]').length`); n != 0 {
		t.Errorf("%d elements of the recordings' HTML made it into the page", n)
	}
	for _, where := range []string{sel("pair-asked"), sel("pair-answers"), ".diff-changes"} {
		if text := eval[string](tb, q(where)+".innerText"); !strings.Contains(text, "onerror") {
			t.Errorf("%s does not show the HTML as text: %.300q", where, text)
		}
	}
	if title := eval[string](tb, `document.title`); strings.Contains(title, "pwned") {
		t.Errorf("the recordings' script ran: title %q", title)
	}
	t.Logf("wrote %s", tb.screenshot("hostile"))
}
