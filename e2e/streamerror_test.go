//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStreamErrorShown opens pydantic-ai's Groq cassette whose stream
// answered "maybe" and then sent an error chunk: the answer is drawn,
// and under it the error card with the chunk's status, type and message
// (read from the file's SSE lines).
func TestStreamErrorShown(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_groq__test_tool_use_failed_error_streaming_with_text.yaml")
	tb := openFirst(t, path)
	tb.waitFor("the error under the answer", `document.querySelector('[data-testid=answer-error] [data-testid=error-card]') !== null`)
	card, _ := tb.text(sel("answer-error"))
	for _, want := range []string{"400 invalid_request_error", "Tool choice is required, but model did not call a tool"} {
		if !strings.Contains(card, want) {
			t.Errorf("the error card reads %q, not %q", card, want)
		}
	}
	if text := eval[string](tb, `document.querySelector('[data-testid=assembled]').innerText`); !strings.Contains(text, "maybe") {
		t.Errorf("the answer reads %q, without its text", text)
	}
	t.Logf("wrote %s", tb.screenshotView("groq"))
}
