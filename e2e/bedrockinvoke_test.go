//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestBedrockInvokeDrawn opens traceloop's HAR of Claude v2 over
// Bedrock's InvokeModel, streamed: 53 chunks of Anthropic's Text
// Completions (decoded from the file's event stream with Python), their
// text joined into the answer ("The 4 cardinal directions are: … North
// … West"), the finish reason stop_sequence, the invocation metrics as
// usage; at step 1 only the first piece, " The".
func TestBedrockInvokeDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "har", "traceloop__openllmetry-js__packages__instrumentation-bedrock__recordings__Test-Anthropic-with-AWS-Bedrock-Instrumentation_3427560822__should-set-request-and-response-attributes-in-span-for-given-prompt-with-streaming-result_3091204960__recording.har")
	tb := openFirst(t, path)
	tb.waitText(sel("step-label"), "53 / 53")
	text := eval[string](tb, `document.querySelector('[data-testid=assembled]').innerText`)
	for _, want := range []string{"The 4 cardinal directions are:", "North", "West", "most important or principal directions."} {
		if !strings.Contains(text, want) {
			t.Errorf("the answer reads %q, without %q", text, want)
		}
	}
	if f := eval[string](tb, `document.querySelector('[data-testid=finish-reason]').textContent`); f != "stop_sequence" {
		t.Errorf("finish reason %q", f)
	}
	if u := eval[string](tb, `document.querySelector('.response').innerText`); !strings.Contains(u, "amazon-bedrock-invocationMetrics.outputTokenCount") {
		t.Errorf("the response reads %q, without the invocation metrics", u)
	}
	t.Logf("wrote %s", tb.screenshot("claude-v2"))
	tb.key(kb.Home)
	tb.key(kb.ArrowRight)
	tb.waitText(sel("step-label"), "1 / 53")
	if text := strings.TrimSpace(eval[string](tb, `document.querySelector('[data-testid=assembled]').innerText`)); text != "The" {
		t.Errorf("at step 1 the answer reads %q, want The", text)
	}
}
