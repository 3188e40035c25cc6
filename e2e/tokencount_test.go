//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestTokenCountDrawn opens pydantic-ai's Bedrock count of tokens (read
// in the file: inputTokens 23 for "The quick brown fox jumps over the
// lazydog." and "What was next?", inside input.converse): the request
// drawn as the conversation it counts, the count as the response's
// counts, not raw JSON under an unknown endpoint.
func TestTokenCountDrawn(t *testing.T) {
	path := cassette("pydantic-ai__tests__models__cassettes__test_bedrock__test_bedrock_model_usage_limit_exceeded.yaml")
	tb := openFirst(t, path)
	tb.waitFor("the counts", `!!document.querySelector('.response [data-testid=token-counts]')`)
	if got := eval[string](tb, `document.querySelector('[data-testid=token-counts] [data-testid=usage]').innerText`); !strings.Contains(got, "inputTokens") || !strings.Contains(got, "23") {
		t.Errorf("the counts: %q", got)
	}
	user := eval[string](tb, `document.querySelector('.request .msg.role-user')?.innerText ?? ''`)
	for _, w := range []string{"The quick brown fox jumps over the lazydog.", "cachePoint", "What was next?"} {
		if !strings.Contains(user, w) {
			t.Errorf("the user's turn lacks %q: %q", w, user)
		}
	}
	if strings.Contains(eval[string](tb, `document.body.innerText`), "unknown endpoint") {
		t.Errorf("the count still says unknown endpoint")
	}
	t.Logf("wrote %s", tb.screenshot("tokencount"))
}
