package recordings

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestStreamError: a stream that ends with an error (an OpenAI-compatible
// server's error chunk, Anthropic's and the Responses API's error event,
// as their docs show them) keeps it as the assembled response's "error", is complete, and
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
		{
			// platform.openai.com/docs/api-reference/responses-streaming/error
			name: "Responses error event", endpoint: "/v1/responses",
			events: []string{
				`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","error":null,"output":[]}}`,
				`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"message","id":"msg_1","role":"assistant","status":"in_progress","content":[]}}`,
				`{"type":"response.content_part.added","sequence_number":2,"output_index":0,"content_index":0,"item_id":"msg_1","part":{"type":"output_text","text":"","annotations":[]}}`,
				`{"type":"response.output_text.delta","sequence_number":3,"output_index":0,"content_index":0,"item_id":"msg_1","delta":"Hel"}`,
				`{"type":"error","code":"ERR_SOMETHING","message":"Something went wrong","param":null,"sequence_number":4}`,
			},
			text:  "Hel",
			want:  Exception{Type: "ERR_SOMETHING", Message: "Something went wrong"},
			delta: "error=Something went wrong",
		},
		{
			// The same with the error object nested, as some servers
			// send it.
			name: "Responses error event, nested", endpoint: "/v1/responses",
			events: []string{
				`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","error":null,"output":[]}}`,
				`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"message","id":"msg_1","role":"assistant","status":"in_progress","content":[]}}`,
				`{"type":"response.content_part.added","sequence_number":2,"output_index":0,"content_index":0,"item_id":"msg_1","part":{"type":"output_text","text":"","annotations":[]}}`,
				`{"type":"response.output_text.delta","sequence_number":3,"output_index":0,"content_index":0,"item_id":"msg_1","delta":"Hel"}`,
				`{"type":"error","sequence_number":4,"error":{"type":"server_error","message":"The server had an error"}}`,
			},
			text:  "Hel",
			want:  Exception{Type: "server_error", Message: "The server had an error"},
			delta: "error=The server had an error",
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
