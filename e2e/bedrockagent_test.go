//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestBedrockAgentDrawn opens dd-trace-py's InvokeAgent cassette, whose
// answer is a chunk of base64 in an AWS event stream: the page shows the
// user's message and the answer's words (decoded by hand: "Based on your
// preferences …", "5. Enjoying spa treatments at your resort"), its base64
// only in the raw chunk, and no "unknown endpoint".
func TestBedrockAgentDrawn(t *testing.T) {
	tb := openFirst(t, cassette("dd-trace-py__tests__contrib__botocore__bedrock_cassettes__agent_invoke_trace_disabled.yaml"))
	tb.waitFor("the answer", `document.querySelector('.response .answer .msg.role-assistant') !== null`)
	answer := eval[string](tb, `document.querySelector('.response .answer .msg.role-assistant').innerText`)
	for _, want := range []string{"Based on your preferences for a beach vacation", "Enjoying spa treatments at your resort", "during the peak season."} {
		if !strings.Contains(answer, want) {
			t.Errorf("the answer lacks %q: %.300q", want, answer)
		}
	}
	body := eval[string](tb, `document.body.innerText`)
	if !strings.Contains(body, "I like beach vacations but also nature") {
		t.Errorf("the request's message is not shown")
	}
	if strings.Contains(body, "unknown endpoint") {
		t.Errorf("the page still says unknown endpoint")
	}
	// The base64 is the raw chunk's, shown as recorded, not the answer's.
	if b64 := "QmFzZWQgb24geW91ciBwcmVmZXJlbmNlcyBm"; strings.Contains(answer, b64) || !strings.Contains(eval[string](tb, `document.querySelector('[data-testid=step-chunk]')?.innerText ?? ''`), b64) {
		t.Errorf("the base64 is in the answer, or not in the raw chunk")
	}
	t.Logf("wrote %s", tb.screenshot("bedrock-agent"))
}

// TestBedrockCatalogDrawn opens dd-trace-py's cassette that looks up an
// application inference profile before its Converse call: the lookup is
// Bedrock's catalog, its profile shown as recorded, not an unknown
// endpoint.
func TestBedrockCatalogDrawn(t *testing.T) {
	tb := openFirst(t, cassette("dd-trace-py__tests__contrib__botocore__bedrock_cassettes__bedrock_converse_inference_profile.yaml"))
	tb.waitFor("the profile", `document.body.innerText.includes('"inferenceProfileName": "dd-frmlo206"')`)
	body := eval[string](tb, `document.body.innerText`)
	if !strings.Contains(body, "Amazon Bedrock models and inference profiles") || strings.Contains(body, "unknown endpoint") {
		t.Errorf("the lookup is not drawn as Bedrock's catalog: %.600q", body)
	}
	t.Logf("wrote %s", tb.screenshot("bedrock-catalog"))
}
