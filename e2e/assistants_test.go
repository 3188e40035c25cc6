//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAssistantsDrawn opens openai-dotnet's Assistants exchanges, each
// read in the file:
//   - FunctionToolsWork #17, GET /v1/threads/{id}/messages: two thread
//     messages drawn as a stored conversation, the assistant's "You
//     should eat tacos on Thursday! 🌮" (data[0]) then the user's
//     question (data[1]);
//   - #8, GET of the run: the tool call get_favorite_food_for_day_of_week
//     its required_action asks for, the run's status (requires_action)
//     and tools listed as recorded;
//   - FileSearchWorks #8: the answer's file_citation, its file id and
//     characters 29–53, the marker "【4:0†favorite_foods.txt】";
//   - #9, the run's steps: the message it created (its id) and the file
//     search's results ("Filip Carola: cake"), each step's usage.
func TestAssistantsDrawn(t *testing.T) {
	dir := filepath.Join(recordersDir, "azure-test-proxy")
	tb := newTab(t)
	tb.open("/")
	tb.dropInteraction(filepath.Join(dir, "openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FunctionToolsWork.json"), 17)
	tb.waitText(sel("answer-list"), "2 thread messages listed: a stored conversation, not an answer")
	heads := eval[[]string](tb, `[...document.querySelectorAll('.answer .msg-head')].map(e => e.textContent)`)
	texts := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=assembled]')].map(e => e.innerText)`)
	if len(heads) != 2 || len(texts) != 2 ||
		!strings.Contains(heads[0], "assistant") || !strings.Contains(heads[0], "data[0]") || !strings.Contains(texts[0], "You should eat tacos on Thursday!") ||
		!strings.Contains(heads[1], "user") || !strings.Contains(heads[1], "data[1]") || !strings.Contains(texts[1], "What should I eat on Thursday?") {
		t.Errorf("the thread's messages: heads %q, texts %q", heads, texts)
	}
	if notice := eval[string](tb, `document.body.innerText`); strings.Contains(notice, "unknown endpoint") {
		t.Errorf("the messages list still says unknown endpoint")
	}
	t.Logf("wrote %s", tb.screenshot("assistants-messages"))

	// The run, polled while it waited for the tool's output.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[7].click()`))
	tb.waitTitle("openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FunctionToolsWork.json#8")
	tb.waitFor("the run's tool call", `document.querySelector('.answer [data-testid=tool-call]')?.dataset.name === 'get_favorite_food_for_day_of_week'`)
	if o := eval[string](tb, `document.querySelector('.response').innerText`); !strings.Contains(o, "requires_action") ||
		!strings.Contains(o, "parallel_tool_calls") || !strings.Contains(o, "a day of the week, like Tuesday or Saturday") {
		t.Errorf("the run's settings are not listed as recorded:\n%s", o)
	}
	t.Logf("wrote %s", tb.screenshot("assistants-run"))

	tb.dropInteraction(filepath.Join(dir, "openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FileSearchWorks.json"), 8)
	tb.waitFor("the citation", `document.querySelector('[data-testid=citation]')?.innerText.includes('file-DLCAr5NoVMw44WT3FrWWva')`)
	if c := eval[string](tb, `document.querySelector('[data-testid=citation]').innerText`); !strings.Contains(c, "“【4:0†favorite_foods.txt】”") || !strings.Contains(c, "characters 29–53") {
		t.Errorf("the citation reads %q", c)
	}
	t.Logf("wrote %s", tb.screenshot("assistants-citation"))

	// #9, the run's steps: a file search, then the message it wrote.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[8].click()`))
	tb.waitTitle("openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FileSearchWorks.json#9")
	tb.waitText(sel("answer-list"), "2 run steps listed: what a run did, stored earlier, not an answer to this request")
	if o := eval[string](tb, `document.querySelector('.response').innerText`); !strings.Contains(o, "msg_zyAMtKD6txa2gyHZxCFDawwj") ||
		!strings.Contains(o, "Filip Carola: cake") || !strings.Contains(o, "data[1].prompt_tokens") {
		t.Errorf("the run's steps read:\n%s", o)
	}
	t.Logf("wrote %s", tb.screenshot("assistants-steps"))
}
