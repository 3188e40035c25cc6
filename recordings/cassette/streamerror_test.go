//go:build !js

package cassette

import (
	"testing"

	"github.com/recview/recview/recordings"
)

// TestStreamErrorGroq: pydantic-ai's Groq cassette records a stream that
// answered "maybe" and then failed with an error chunk (read from its
// SSE data lines apart from recview): the answer keeps the text and the
// error beside it, and the stream counts as complete.
func TestStreamErrorGroq(t *testing.T) {
	r := parsedInteraction(t, allInteractions(t), "pydantic-ai__tests__models__cassettes__test_groq__test_tool_use_failed_error_streaming_with_text.yaml#1")
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	ans := recordings.ReadAnswer(r.Family, v)
	if len(ans.Choices) != 1 || ans.Choices[0].Text() != "maybe" {
		t.Fatalf("answer %+v, want the text maybe", ans.Choices)
	}
	if e := ans.Error; e == nil || e.Status != 400 || e.Type != "invalid_request_error" || e.Message != "Tool choice is required, but model did not call a tool" {
		t.Errorf("error %+v", e)
	}
}
