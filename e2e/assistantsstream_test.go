//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAssistantsRunStreamDrawn opens openai-dotnet's streamed file search
// run (FileSearchStreamingWorks #4, 24 events): the answer, nine
// thread.message.delta events joined ("Filip's favorite food is
// cake【4:0†favorite_foods.txt】.", read in the file), is drawn as the
// assistant's with its file citation, the run steps through its 24
// events, and the page no longer says it cannot assemble the stream.
func TestAssistantsRunStreamDrawn(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.dropInteraction(filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FileSearchStreamingWorks.json"), 4)
	tb.waitFor("the answer", `document.querySelector('.response .answer .msg.role-assistant [data-testid=assembled]')?.innerText.includes("Filip's favorite food is cake")`)
	if got := eval[string](tb, `document.querySelector('[data-testid=step-label]')?.textContent ?? ''`); !strings.Contains(got, "24") {
		t.Errorf("the step label: %q", got)
	}
	body := eval[string](tb, `document.body.innerText`)
	if strings.Contains(body, "cannot assemble") {
		t.Errorf("the page still says it cannot assemble the stream")
	}
	if !strings.Contains(body, "file-CyHtsk7XAWdRabQUBYRjCu") {
		t.Errorf("the answer's file citation is not shown")
	}
	t.Logf("wrote %s", tb.screenshot("assistants-run-stream"))
}
