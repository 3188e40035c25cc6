package recordings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/valyala/fastjson"
)

// TestOtherMembersShapes: the Answer's Other lists, in order, the
// response's, each choice's and each message's members that it does not
// read, and leaves out the bookkeeping ones and empty values; a stream
// keeps a chunk's and a choice's members as the last value that is not
// empty, so its Other is the one of the same response unstreamed.
func TestOtherMembersShapes(t *testing.T) {
	plain := `{"id": "x", "object": "chat.completion", "created": 1, "model": "m",
		"citations": ["https://a.example"], "cost": 0, "empty": {}, "none": null,
		"choices": [{"index": 0, "finish_reason": "stop", "logprobs": null, "native_finish_reason": "end_turn",
			"message": {"role": "assistant", "content": "Hi", "refusal": null, "audio": null, "reasoning_details": [{"type": "reasoning.text", "text": "hm"}]}}],
		"usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}`
	want := []string{
		`citations ["https://a.example"]`,
		`cost 0`,
		`choices[0].native_finish_reason "end_turn"`,
		`choices[0].message.reasoning_details [{"type":"reasoning.text","text":"hm"}]`,
	}
	if diff := cmp.Diff(want, others(ReadAnswer(FamilyOpenAIChat, fastjson.MustParse(plain)))); diff != "" {
		t.Errorf("unstreamed (-want +got):\n%s", diff)
	}

	// The same members sent in chunks: citations in each, growing; cost
	// and the choice's native finish reason in the last, after an empty
	// one; reasoning_details in a delta, which the assembly does not fold
	// (UnfoldedDeltas counts it).
	r := parseStream(t, "/v1/chat/completions", []string{
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "citations": [], "obfuscation": "abc", "choices": [{"index": 0, "delta": {"role": "assistant", "content": "H", "reasoning_details": [{"type": "reasoning.text", "text": "h", "index": 0}]}, "native_finish_reason": ""}]}`,
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "citations": ["https://a.example"], "obfuscation": "de", "choices": [{"index": 0, "delta": {"content": "i", "reasoning_details": [{"type": "reasoning.text", "text": "m", "index": 0}]}}]}`,
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "citations": ["https://a.example"], "cost": 0, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop", "native_finish_reason": "end_turn"}]}`,
	})
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want[:3], others(ReadAnswer(FamilyOpenAIChat, v))); diff != "" {
		t.Errorf("streamed (-want +got):\n%s", diff)
	}
	s, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]DeltaMember{{Path: "choices[0].delta.reasoning_details", Chunks: 2, First: 1}}, s.UnfoldedDeltas()); diff != "" {
		t.Errorf("unfolded deltas (-want +got):\n%s", diff)
	}
}

func others(a Answer) []string {
	var s []string
	for _, m := range a.Other {
		s = append(s, m.Path+" "+m.Value.String())
	}
	return s
}

// TestLegacyFunctionCall: a message's function_call, the chat API's call
// before tool calls (platform.openai.com/docs/api-reference/chat/object:
// "Deprecated and replaced by tool_calls. The name and arguments of a
// function that should be called"), reads as a tool call without an id,
// recorded whole or streamed in pieces.
func TestLegacyFunctionCall(t *testing.T) {
	plain := `{"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, "finish_reason": "function_call",
		"message": {"role": "assistant", "content": null, "function_call": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}}]}`
	r := parseStream(t, "/v1/chat/completions", []string{
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"role": "assistant", "function_call": {"name": "get_weather", "arguments": ""}}}]}`,
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"function_call": {"arguments": "{\"city\": "}}}]}`,
		`{"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"function_call": {"arguments": "\"Paris\"}"}}, "finish_reason": "function_call"}]}`,
	})
	streamed, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]*fastjson.Value{"recorded whole": fastjson.MustParse(plain), "streamed": streamed} {
		a := ReadAnswer(FamilyOpenAIChat, v)
		if len(a.Choices) != 1 || len(a.Other) != 0 {
			t.Fatalf("%s: %+v", name, a)
		}
		calls := a.Choices[0].ToolCalls()
		if len(calls) != 1 || calls[0].Name != "get_weather" || calls[0].Arguments != `{"city": "Paris"}` {
			t.Errorf("%s: calls %+v, want get_weather with {\"city\": \"Paris\"}", name, calls)
		}
	}
}

// TestMessageOther: a request's message lists what chatMessage does not
// read (OpenRouter's reasoning_details sent back, Mistral's prefix,
// a cache_control), as the answer's message does; Ollama's tool_name
// names a tool result's tool.
func TestMessageOther(t *testing.T) {
	body := `{"model": "m", "messages": [
		{"role": "user", "content": "Hi", "cache_control": {"type": "ephemeral"}},
		{"role": "assistant", "content": "Hm", "prefix": true, "reasoning_details": [{"type": "reasoning.text", "text": "hm"}], "audio": null},
		{"role": "tool", "content": "12°C", "tool_name": "get_weather"}]}`
	var c Conversation
	for _, m := range fastjson.MustParse(body).GetArray("messages") {
		c.Messages = append(c.Messages, chatMessage(m))
	}
	var got []string
	for _, m := range c.Messages {
		for _, o := range m.Other {
			got = append(got, m.Role+" "+o.Path+" "+o.Value.String())
		}
	}
	want := []string{
		`user cache_control {"type":"ephemeral"}`,
		`assistant prefix true`,
		`assistant reasoning_details [{"type":"reasoning.text","text":"hm"}]`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages' Other (-want +got):\n%s", diff)
	}
	if n := c.Messages[2].Name; n != "get_weather" {
		t.Errorf("the tool result names %q, want get_weather", n)
	}
}
