//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
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
	tb.dropInteraction(path, 2)
	listDrawn(tb, "2 input items listed: a stored conversation, not an answer", "user", "What is input text?", "Item 2")
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
	tb.dropInteraction(path, 5)
	listDrawn(tb, "2 chat completions listed: answers stored earlier, not an answer to this request", "assistant", "Test 0", "Test 1")
	o := eval[string](tb, `document.querySelector('.response').innerText`)
	for _, w := range []string{"data[1].seed", "7829133868895082880", "data[0].total_tokens"} {
		if !strings.Contains(o, w) {
			t.Errorf("the response lacks %q:\n%s", w, o)
		}
	}
	t.Logf("wrote %s", tb.screenshot("chat-completions-listed"))
}

// listDrawn waits for the list note to read note, then checks that the
// response draws one item per text, each headed by role and its place
// in data (data[0], data[1], never "choice N") and holding its text.
func listDrawn(tb *tab, note, role string, texts ...string) {
	tb.t.Helper()
	tb.waitText(sel("answer-list"), note)
	heads := eval[[]string](tb, `[...document.querySelectorAll('.answer .msg-head')].map(e => e.textContent)`)
	got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=assembled]')].map(e => e.innerText)`)
	if len(heads) != len(texts) || len(got) != len(texts) {
		tb.t.Errorf("%d items drawn, heads %q, texts %q; want %d", len(got), heads, got, len(texts))
		return
	}
	for i, want := range texts {
		h := heads[i]
		if !strings.Contains(h, role) || !strings.Contains(h, fmt.Sprintf("data[%d]", i)) || strings.Contains(h, "choice") {
			tb.t.Errorf("item %d's head reads %q", i, h)
		}
		if !strings.Contains(got[i], want) {
			tb.t.Errorf("item %d reads %q, without %q", i, got[i], want)
		}
	}
}

// TestCompactionDrawn opens openai-dotnet's compaction test at its
// second interaction, POST /v1/responses/compact: what it answers
// (object response.compaction, read in the file) is the conversation
// kept, the user's message "Create a simple landing page for a dog
// petting café." then a compaction item whose encrypted_content was
// sanitized ("Sanitized"), and the pass's usage (1,503 tokens in all).
// It is drawn as that list, each item headed by its place in "output",
// the compaction item as recorded, the usage listed.
func TestCompactionDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ResponsesTests__CanCompactConversationAsync.json")
	tb := newTab(t)
	tb.open("/")
	tb.dropInteraction(path, 2)
	tb.waitText(sel("answer-list"), "2 compacted items listed: the conversation compacted for the requests after it, not an answer")
	heads := eval[[]string](tb, `[...document.querySelectorAll('.answer .msg-head')].map(e => e.textContent)`)
	if len(heads) != 2 || !strings.Contains(heads[0], "user") || !strings.Contains(heads[0], "output[0]") ||
		!strings.Contains(heads[1], "compaction") || !strings.Contains(heads[1], "output[1]") {
		t.Errorf("the items' heads read %q", heads)
	}
	o := eval[string](tb, `document.querySelector('.response').innerText`)
	for _, w := range []string{"Create a simple landing page for a dog petting café.", `"Sanitized"`, "1503"} {
		if !strings.Contains(o, w) {
			t.Errorf("the response lacks %q:\n%s", w, o)
		}
	}
	t.Logf("wrote %s", tb.screenshot("compaction-listed"))
}
