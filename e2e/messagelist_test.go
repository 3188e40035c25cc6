//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMessageListDrawn opens openai-dotnet's multi-part pagination test
// at its second interaction, GET /v1/responses/{id}/input_items: a list
// of two input items (read in the file), drawn as a stored conversation
// rather than raw JSON. The note says "2 input items listed", each item
// is labelled by its place in "data" (not "choice N"), with its role
// and text ("What is input text?", "Item 2"), its input_image, which
// kept neither URL nor data, is said to be so, and has_more true is
// listed as recorded.
func TestMessageListDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ResponseStoreTests__GetInputItemsWithMultiPartPagination.json")
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path) + "#1")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[1].click()`))
	tb.waitTitle(filepath.Base(path) + "#2")
	tb.waitText(sel("answer-list"), "2 input items listed: a stored conversation, not an answer")
	heads := eval[[]string](tb, `[...document.querySelectorAll('.answer .msg-head')].map(e => e.textContent)`)
	if len(heads) != 2 || !strings.Contains(heads[0], "user") || !strings.Contains(heads[0], "data[0]") || !strings.Contains(heads[1], "data[1]") || strings.Contains(strings.Join(heads, " "), "choice") {
		t.Errorf("the items' heads read %q", heads)
	}
	texts := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=assembled]')].map(e => e.innerText)`)
	if len(texts) != 2 || !strings.Contains(texts[0], "What is input text?") || !strings.Contains(texts[1], "Item 2") {
		t.Errorf("the items read %q", texts)
	}
	// The input_image kept its detail, not the image.
	if img := eval[string](tb, `document.querySelector('.answer [data-testid=image-part]')?.innerText ?? ""`); !strings.Contains(img, "image: no URL or data recorded") {
		t.Errorf("the input_image reads %q", img)
	}
	if o := eval[string](tb, `document.querySelector('.response').innerText`); !strings.Contains(o, "has_more") {
		t.Errorf("the response reads %q, without has_more", o)
	}
	t.Logf("wrote %s", tb.screenshot("input-items"))
}

// TestCompletionListDrawn opens openai-dotnet's after-id pagination test
// at its fifth interaction, GET /v1/chat/completions: two stored chat
// completions (read in the file: "Test 0", "Test 1", each finished by
// stop, 21 tokens), drawn as answers stored earlier rather than raw
// JSON: the note says what they are, each is labelled by its place in
// "data", and each item's seed is listed as recorded.
func TestCompletionListDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ChatStoreTests__GetChatCompletionsWithAfterIdPaginationAsync.json")
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path) + "#1")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[4].click()`))
	tb.waitTitle(filepath.Base(path) + "#5")
	tb.waitText(sel("answer-list"), "2 chat completions listed: answers stored earlier, not an answer to this request")
	heads := eval[[]string](tb, `[...document.querySelectorAll('.answer .msg-head')].map(e => e.textContent)`)
	if len(heads) != 2 || !strings.Contains(heads[0], "assistant") || !strings.Contains(heads[0], "data[0]") || !strings.Contains(heads[1], "data[1]") {
		t.Errorf("the items' heads read %q", heads)
	}
	texts := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=assembled]')].map(e => e.innerText)`)
	if len(texts) != 2 || !strings.Contains(texts[0], "Test 0") || !strings.Contains(texts[1], "Test 1") {
		t.Errorf("the items read %q", texts)
	}
	o := eval[string](tb, `document.querySelector('.response').innerText`)
	for _, w := range []string{"data[1].seed", "7829133868895082880", "data[0].total_tokens"} {
		if !strings.Contains(o, w) {
			t.Errorf("the response lacks %q:\n%s", w, o)
		}
	}
	t.Logf("wrote %s", tb.screenshot("chat-completions-listed"))
}
