package recordings

import (
	"strings"
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
		c.Messages = append(c.Messages, chatMessage(m, openaiMessageRead))
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

// TestResultText: a tool result's text is its text blocks' (typed, or
// Bedrock's bare {text}), joined; every other item is an Other member
// at its index, and a text block's own members too, so nothing is
// glued to the text or dropped.
func TestResultText(t *testing.T) {
	content := fastjson.MustParse(`["a", {"type": "text", "text": "b", "cache_control": {"type": "ephemeral"}, "citations": [{"url": "https://x"}]},
		{"text": "c"}, {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}},
		{"json": {"k": 1}}, {"type": "input_text", "text": "d"}]`)
	text, other := resultText(nil, "content", content)
	if text != "abcd" {
		t.Errorf("text %q, want abcd", text)
	}
	var got []string
	for _, o := range other {
		got = append(got, o.Path+" "+o.Value.String())
	}
	want := []string{
		`content[1].cache_control {"type":"ephemeral"}`,
		`content[1].citations [{"url":"https://x"}]`,
		`content[3] {"type":"image","source":{"type":"url","url":"https://x/y.png"}}`,
		`content[4] {"json":{"k":1}}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Other (-want +got):\n%s", diff)
	}

	// An OpenAI tool message's content parts, and a Responses
	// function_call_output's output list.
	m := chatMessage(fastjson.MustParse(`{"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "12°C"}, {"type": "image_url", "image_url": {"url": "https://x/m.png"}}]}`), openaiMessageRead)
	if len(m.Parts) != 1 || m.Parts[0].Text != "12°C" || len(m.Other) != 1 || m.Other[0].Path != "content[1]" {
		t.Errorf("tool message: parts %+v, other %+v", m.Parts, m.Other)
	}
	in, ok := inputItem(fastjson.MustParse(`{"type": "function_call_output", "call_id": "c2", "output": [{"type": "input_text", "text": "done"}, {"type": "input_image", "image_url": "https://x/s.png"}]}`))
	if !ok || len(in.Parts) != 1 || in.Parts[0].Text != "done" || len(in.Parts[0].Other) != 1 || in.Parts[0].Other[0].Path != "output[1]" {
		t.Errorf("function_call_output: %+v", in.Parts)
	}

	// A Converse text block is known as a tool result's is: a member
	// beside its text is listed, and a "text" that is not a string is
	// no text block (the block is shown as recorded).
	p := contentPart(fastjson.MustParse(`{"text": "hi", "cachePoint": {"type": "default"}}`))
	if p.Kind != PartText || p.Text != "hi" || len(p.Other) != 1 || p.Other[0].Path != "cachePoint" {
		t.Errorf("Converse text block with a member beside: %+v", p)
	}
	if p := contentPart(fastjson.MustParse(`{"type": "text", "text": {"kind": "hi"}}`)); p.Kind != PartOther {
		t.Errorf("a text block whose text is an object of no value read as %v, want PartOther", p.Kind)
	}
	if p := contentPart(fastjson.MustParse(`{"text": 5}`)); p.Kind != PartOther {
		t.Errorf("a number as text read as %v, want PartOther", p.Kind)
	}
}

// TestBodyAsRecorded: a request body that is not a JSON object is one
// message of role "body", shown as recorded: a form or multipart text as
// its text (said to be base64 when it is), anything else as JSON; no
// body, null or "" gives no message.
func TestBodyAsRecorded(t *testing.T) {
	for _, tt := range []struct {
		body, want string // want: the part's Describe, "" for no message
	}{
		{`"grant_type=refresh_token&client_id=x"`, "text, 36 bytes"},
		{`"` + strings.Repeat("LS0tLS0t", 40) + `"`, "text, 320 bytes in base64"},
		{`[1, 2]`, "array, 5 bytes"},
		{`null`, ""},
		{`""`, ""},
	} {
		r := &Recording{Body: fastjson.MustParse(tt.body)}
		c := r.Conversation()
		switch {
		case tt.want == "" && len(c.Messages) != 0:
			t.Errorf("%s: %+v, want no message", tt.body, c.Messages)
		case tt.want == "":
		case len(c.Messages) != 1 || c.Messages[0].Role != "body" || len(c.Messages[0].Parts) != 1:
			t.Errorf("%s: %+v, want one body message", tt.body, c.Messages)
		default:
			p := c.Messages[0].Parts[0]
			if p.Kind != PartOther || p.Describe() != tt.want {
				t.Errorf("%s: %s %q, want other %q", tt.body, p.Kind, p.Describe(), tt.want)
			}
		}
	}
	r := &Recording{Body: fastjson.MustParse(`"a=1&b=2"`)}
	if got := r.Conversation().Messages[0].Parts[0].Text; got != "a=1&b=2" {
		t.Errorf("the form's text %q", got)
	}
}

// TestUsageItems: a usage object's counters, and beside them what says
// what they count: a string or a boolean as JSON (a service tier), a
// list's items named by their label (Gemini's modality) when each has
// its own, else by index; null and "" left out. Values by hand.
func TestUsageItems(t *testing.T) {
	u := fastjson.MustParse(`{"input_tokens": 12, "service_tier": "standard", "is_byok": false, "inference_geo": "",
		"cache": null, "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 16}, {"modality": "VIDEO", "tokenCount": 15780}],
		"iterations": [{"type": "message", "input_tokens": 3}, {"type": "message", "input_tokens": 4}],
		"byCode": [{"modality": 1, "tokenCount": 6}]}`)
	var got []string
	for _, it := range usageItems(u, "", nil) {
		got = append(got, it.Name+"="+it.Value)
	}
	want := []string{
		"input_tokens=12", `service_tier="standard"`, "is_byok=false",
		"promptTokensDetails[TEXT].tokenCount=16", "promptTokensDetails[VIDEO].tokenCount=15780",
		"iterations[0].type=\"message\"", "iterations[0].input_tokens=3", "iterations[1].type=\"message\"", "iterations[1].input_tokens=4",
		"byCode[0].modality=1", "byCode[0].tokenCount=6",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("usage items (-want +got):\n%s", d)
	}
}

// TestBedrockCountsAsRecorded: a Bedrock InvokeModel token count is read
// as any usage value is, so one that is not a number (none in the
// fixtures) is listed as recorded, not dropped.
func TestBedrockCountsAsRecorded(t *testing.T) {
	v := fastjson.MustParse(`{"generation": "hi", "prompt_token_count": 9, "generation_token_count": "3", "stop_reason": "stop"}`)
	a := ReadAnswer(FamilyBedrockInvoke, v)
	want := []UsageItem{{"prompt_token_count", "9"}, {"generation_token_count", `"3"`}}
	if d := cmp.Diff(want, a.Usage); d != "" {
		t.Errorf("usage (-want +got):\n%s", d)
	}
}
