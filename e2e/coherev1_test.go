//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCohereV1Drawn opens traceloop's HAR of Cohere's v1 chat, streamed
// with a web search: the history and the question as turns, the answer
// whole with its 13 citations (the stream's citation-generation events,
// counted in the file), the first on "December 25" linked to Wikipedia,
// and the search's documents listed as recorded.
func TestCohereV1Drawn(t *testing.T) {
	path := filepath.Join(recordersDir, "har", "traceloop__openllmetry-js__packages__instrumentation-cohere__recordings__Test-Chat-with-Cohere-Instrumentation_1517473443__should-set-request-and-response-attributes-in-span-for-given-prompt-with-stream_606450421__recording.har")
	tb := openFirst(t, path)
	tb.waitFor("13 citations", `document.querySelectorAll('[data-testid=assembled] [data-testid=citation]').length === 13`)
	if roles := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=message]')].map(e => e.dataset.role)`); strings.Join(roles, " ") != "user assistant user" {
		t.Errorf("the request's turns %q", roles)
	}
	if text := eval[string](tb, `document.querySelector('[data-testid=assembled]').innerText`); !strings.Contains(text, "Isaac Newton was born on December 25, 1642") {
		t.Errorf("the answer reads %q", text)
	}
	if href := eval[string](tb, `document.querySelector('[data-testid=citation] a').href`); href != "https://en.wikipedia.org/wiki/Early_life_of_Isaac_Newton" {
		t.Errorf("the first citation links %q", href)
	}
	if paths := eval[[]string](tb, `[...document.querySelectorAll('.response [data-testid=other-member] summary code')].map(e => e.textContent)`); strings.Join(paths, " ") != "documents search_results search_queries" {
		t.Errorf("other members %q", paths)
	}
	t.Logf("wrote %s", tb.screenshot("chat"))
}
