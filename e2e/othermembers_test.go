//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestOtherMembersShown opens vercel/ai's Azure stream (eight chunks):
// what Azure adds beside the answer, prompt_filter_results in the first
// chunk and a choice's content_filter_results after, is listed under the
// answer as recorded (read in the file: "jailbreak" detected false, the
// answer "Capital of Denmark."). Then Groq's web search stream: its
// delta's executed_tools, which the assembly does not fold, are named
// with their two chunks from the 39th (counted in the file's SSE lines),
// at the last step only. Then a member whose words are markup: text; and
// a request message's own member, under the message.
func TestOtherMembersShown(t *testing.T) {
	path := filepath.Join(recordersDir, "chunks-txt", "vercel__ai__packages__openai__src__chat____fixtures____azure-model-router.1.chunks.txt")
	tb := openFirst(t, path)
	tb.waitFor("the other members", `document.querySelectorAll('[data-testid=answer-other] [data-testid=other-member]').length === 2`)
	paths := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=other-member] summary code')].map(e => e.textContent)`)
	if strings.Join(paths, " ") != "prompt_filter_results choices[0].content_filter_results" {
		t.Errorf("other members %q", paths)
	}
	other, _ := tb.text(sel("answer-other"))
	for _, want := range []string{"which recview does not read", `"jailbreak": {`, `"detected": false`} {
		if !strings.Contains(other, want) {
			t.Errorf("the other members read %q, without %q", other, want)
		}
	}
	if text := eval[string](tb, `document.querySelector('[data-testid=assembled]').innerText`); !strings.Contains(text, "Capital of Denmark.") {
		t.Errorf("the answer reads %q", text)
	}
	t.Logf("wrote %s", tb.screenshot("azure"))

	groq := filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_groq__test_groq_model_web_search_tool_stream.yaml")
	tb.dropPaths(groq)
	tb.waitTitle(filepath.Base(groq) + "#1")
	tb.waitFor("the unfolded deltas named", `document.querySelector('[data-testid=unfolded-deltas]') !== null`)
	if text, _ := tb.text(sel("unfolded-deltas")); !strings.Contains(text, "choices[0].delta.executed_tools in 2 chunks, from chunk 39") {
		t.Errorf("the unfolded deltas read %q", text)
	}
	t.Logf("wrote %s", tb.screenshotView("groq"))
	tb.key(kb.Home)
	tb.waitFor("no notice at step 0", `document.querySelector('[data-testid=unfolded-deltas]') === null`)

	hostile := filepath.Join(t.TempDir(), "hostile-member.json")
	doc := `{"request": {"method": "POST", "url": "http://localhost:8321/v1/chat/completions", "headers": {}, "body": {"model": "m", "messages": [{"role": "user", "content": "Hi", "cache_control": {"type": "ephemeral"}}]}, "endpoint": "/v1/chat/completions", "model": "m"}, ` +
		`"response": {"body": {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "x_note": "<img src=x onerror=alert(1)><b>bold</b>", ` +
		`"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hello."}}]}, "is_streaming": false}}`
	if err := os.WriteFile(hostile, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.dropPaths(hostile)
	tb.waitTitle("hostile-member.json")
	tb.waitFor("the other members", `document.querySelectorAll('[data-testid=other-member]').length === 2`)
	if text := eval[string](tb, `document.querySelector('.response [data-testid=other-member]').textContent`); !strings.Contains(text, `"<img src=x onerror=alert(1)><b>bold</b>"`) {
		t.Errorf("the hostile member reads %q", text)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=answer-other] img, [data-testid=answer-other] b').length`); n != 0 {
		t.Errorf("%d elements drawn from the member's words", n)
	}
	// A request's message lists its own.
	if text := eval[string](tb, `document.querySelector('[data-testid=message] [data-testid=answer-other]')?.textContent ?? ""`); !strings.Contains(text, "Also in the message") || !strings.Contains(text, "cache_control") || !strings.Contains(text, `"ephemeral"`) {
		t.Errorf("the user message's other members read %q", text)
	}
	t.Logf("wrote %s", tb.screenshotView("hostile"))
}

// TestBlockOthersShown opens pydantic-ai's deferred-capability cassette
// at its second interaction: the last user message holds two tool
// results, each with is_error false (read in the file), the second's
// one item a tool_reference, which has no text. Each block's members
// recview does not read are listed under the block, as recorded, and
// the tool_reference is not shown as the result's text; the answer's
// tool call lists its caller ({"type": "direct"}).
func TestBlockOthersShown(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_deferred_capability_without_tool_search_across_models[claude-haiku-4-5].yaml")
	tb := newTab(t)
	tb.open("/")
	tb.dropInteraction(path, 2)
	blocks := `[...document.querySelectorAll('[data-testid=message] .part-with-other')]`
	tb.waitFor("the tool results' members", blocks+`.length === 2`)
	texts := eval[[]string](tb, blocks+`.map(e => e.querySelector('[data-testid=answer-other]').innerText)`)
	for i, want := range [][]string{{"Also in the content block", "is_error", "false"}, {"is_error", "content[0]", `"tool_name": "lookup_refund_policy"`, `"type": "tool_reference"`}} {
		for _, w := range want {
			if !strings.Contains(texts[i], w) {
				t.Errorf("tool result %d's members read %q, without %q", i+1, texts[i], w)
			}
		}
	}
	if text := eval[string](tb, `[...`+blocks+`[1].childNodes].filter(n => !n.matches?.('[data-testid=answer-other]')).map(n => n.textContent).join('')`); strings.Contains(text, "tool_reference") {
		t.Errorf("the tool_reference is drawn as the result's text: %q", text)
	}
	if text := eval[string](tb, `document.querySelector('[data-testid=assembled] .part-with-other [data-testid=answer-other]')?.innerText ?? ""`); !strings.Contains(text, "caller") || !strings.Contains(text, `"direct"`) {
		t.Errorf("the tool call's members read %q", text)
	}
	t.Logf("wrote %s", tb.screenshot("block-others"))
}
