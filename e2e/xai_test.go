//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestXAIDrawn opens pydantic-ai's xAI stream of 88 chunks (read in the
// file): the assistant's call of DeepWiki's ask_question, the tool's
// output and the answer, "Pydantic/pydantic-ai is a GenAI Agent
// Framework…", drawn as three turns, not raw JSON under an unknown
// endpoint.
func TestXAIDrawn(t *testing.T) {
	path := cassette("pydantic-ai__tests__models__cassettes__test_xai__test_xai_builtin_mcp_server_tool_stream.xai.yaml")
	tb := openFirst(t, path)
	tb.waitFor("the answer", `document.querySelectorAll('.response .answer .msg').length === 3`)
	roles := eval[string](tb, `[...document.querySelectorAll('.response .answer .msg')].map(m => m.className).join(' | ')`)
	for i, r := range []string{"role-assistant", "role-tool", "role-assistant"} {
		if parts := strings.Split(roles, " | "); len(parts) != 3 || !strings.Contains(parts[i], r) {
			t.Errorf("turn %d: %q, want %s", i, roles, r)
		}
	}
	if n := eval[string](tb, `document.querySelector('.response .answer .msg [data-testid=tool-call]')?.dataset.name ?? ''`); n != "deepwiki.ask_question" {
		t.Errorf("the first turn's call: %q", n)
	}
	if last := eval[string](tb, `[...document.querySelectorAll('.response .answer .msg')][2].innerText`); !strings.Contains(last, "Pydantic/pydantic-ai is a GenAI Agent Framework") {
		t.Errorf("the answer: %.300q", last)
	}
	if got := eval[string](tb, `document.querySelector('[data-testid=step-label]')?.textContent ?? ''`); !strings.Contains(got, "88") {
		t.Errorf("the step label: %q", got)
	}
	if strings.Contains(eval[string](tb, `document.body.innerText`), "unknown endpoint") {
		t.Errorf("the stream still says unknown endpoint")
	}
	t.Logf("wrote %s", tb.screenshot("xai"))
}
