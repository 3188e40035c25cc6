package recordings

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestStreamError: a stream that ends with an error (an OpenAI-compatible
// server's error chunk, Anthropic's error event, both as their docs show
// them) keeps it as the assembled response's "error", is complete, and
// reads as its answer so far with the error beside it; an error without
// any answer stays an error's (an empty Answer).
func TestStreamError(t *testing.T) {
	tests := []struct {
		name, endpoint string
		events         []string
		text           string
		want           Exception
		delta          string // the last chunk's deltas
	}{
		{
			name: "OpenAI-compatible error chunk", endpoint: "/v1/chat/completions",
			events: []string{
				`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"may"},"finish_reason":null}]}`,
				`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"be"},"finish_reason":null}]}`,
				`{"error":{"message":"Tool choice is required, but model did not call a tool","type":"invalid_request_error","code":"tool_use_failed","status_code":400}}`,
			},
			text:  "maybe",
			want:  Exception{Status: 400, Type: "invalid_request_error", Message: "Tool choice is required, but model did not call a tool"},
			delta: "error=Tool choice is required, but model did not call a tool",
		},
		{
			// docs.anthropic.com/en/docs/build-with-claude/streaming#error-events
			name: "Anthropic error event", endpoint: "/v1/messages",
			events: []string{
				`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude","stop_reason":null,"usage":{"input_tokens":3,"output_tokens":1}}}`,
				`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
				`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}`,
				`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			},
			text:  "Hel",
			want:  Exception{Type: "overloaded_error", Message: "Overloaded"},
			delta: "error=Overloaded",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := parseStream(t, tc.endpoint, tc.events)
			v, err := Assemble(r)
			if errors.Is(err, ErrIncompleteStream) || err != nil {
				t.Fatalf("Assemble: %v", err)
			}
			ans := ReadAnswer(r.Family, v)
			if len(ans.Choices) != 1 || ans.Choices[0].Text() != tc.text {
				t.Fatalf("answer %+v, want the text %q", ans.Choices, tc.text)
			}
			if ans.Error == nil {
				t.Fatal("no error beside the answer")
			}
			if d := cmp.Diff(tc.want, *ans.Error, cmpopts.IgnoreFields(Exception{}, "Body")); d != "" {
				t.Errorf("error (-want +got):\n%s", d)
			}
			st, err := NewStepper(r)
			if err != nil {
				t.Fatal(err)
			}
			if got := FormatDeltas(st.Deltas(len(tc.events))); got != tc.delta {
				t.Errorf("the error's step adds %s, want %s", got, tc.delta)
			}
		})
	}
	// The error alone, no answer before it: an error's response.
	r := parseStream(t, "/v1/chat/completions", tests[0].events[2:])
	v, _ := Assemble(r)
	if ans := ReadAnswer(r.Family, v); len(ans.Choices) != 0 || ans.Error != nil {
		t.Errorf("an error alone reads as %+v", ans)
	}
}
