package recordings

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cohereEvents is a /v2/chat stream written by hand from Cohere's event
// reference (docs.cohere.com/v2/docs/streaming, tool-use-streaming): a
// thinking block, a text block with a citation, a tool plan and a tool
// call whose arguments come in two pieces, then message-end.
var cohereEvents = []string{
	`{"id": "m1", "type": "message-start", "delta": {"message": {"role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}`,
	`{"type": "content-start", "index": 0, "delta": {"message": {"content": {"type": "thinking", "thinking": ""}}}}`,
	`{"type": "content-delta", "index": 0, "delta": {"message": {"content": {"thinking": "Think "}}}}`,
	`{"type": "content-delta", "index": 0, "delta": {"message": {"content": {"thinking": "hard."}}}}`,
	`{"type": "content-end", "index": 0}`,
	`{"type": "content-start", "index": 1, "delta": {"message": {"content": {"type": "text", "text": ""}}}}`,
	`{"type": "content-delta", "index": 1, "delta": {"message": {"content": {"text": "Hello "}}}}`,
	`{"type": "citation-start", "index": 0, "delta": {"message": {"citations": {"start": 0, "end": 5, "text": "Hello"}}}}`,
	`{"type": "content-delta", "index": 1, "delta": {"message": {"content": {"text": "world."}}}}`,
	`{"type": "citation-end", "index": 0}`,
	`{"type": "content-end", "index": 1}`,
	`{"type": "tool-plan-delta", "delta": {"message": {"tool_plan": "I will "}}}`,
	`{"type": "tool-plan-delta", "delta": {"message": {"tool_plan": "call f."}}}`,
	`{"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {"id": "c1", "type": "function", "function": {"name": "f", "arguments": ""}}}}}`,
	`{"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {"arguments": "{\"a\":"}}}}}`,
	`{"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {"arguments": "1}"}}}}}`,
	`{"type": "tool-call-end", "index": 0}`,
	`{"type": "message-end", "delta": {"finish_reason": "TOOL_CALL", "usage": {"tokens": {"input_tokens": 3, "output_tokens": 4}}}}`,
}

// cohereStream parses events as a recorded /v2/chat stream.
func cohereStream(t *testing.T, events []string) *Recording {
	t.Helper()
	r := parseStream(t, "/v2/chat", events)
	if r.Family != FamilyCohereChat {
		t.Fatalf("family %s, want %s", r.Family, FamilyCohereChat)
	}
	return r
}

// parseStream is a recording of a streamed POST to endpoint whose
// response is events.
func parseStream(t *testing.T, endpoint string, events []string) *Recording {
	t.Helper()
	doc := `{"request": {"method": "POST", "url": "https://api.example.com` + endpoint + `", "headers": {}, "body": {"model": "m", "stream": true, "messages": [{"role": "user", "content": "hi"}]}, "endpoint": "` + endpoint + `", "model": "m"}, "response": {"body": [` +
		strings.Join(events, ", ") + `], "is_streaming": true}}`
	r, err := Parse("stream.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// jsonOf is v's JSON decoded, to compare without regard to key order.
func jsonOf(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return v
}

// TestCohereAssemble: the stream folds to the answer the chat gives
// without a stream, written here by hand (its members as the API
// reference's non-streamed response names them), and the answer reads
// the thinking, the text, the tool plan and the call in order.
func TestCohereAssemble(t *testing.T) {
	r := cohereStream(t, cohereEvents)
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id": "m1", "message": {"role": "assistant",
		"content": [{"type": "thinking", "thinking": "Think hard."}, {"type": "text", "text": "Hello world."}],
		"tool_plan": "I will call f.",
		"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}],
		"citations": [{"start": 0, "end": 5, "text": "Hello"}]},
		"finish_reason": "TOOL_CALL", "usage": {"tokens": {"input_tokens": 3, "output_tokens": 4}}}`
	if d := cmp.Diff(jsonOf(t, want), jsonOf(t, v.String())); d != "" {
		t.Errorf("assembled (-want +got):\n%s", d)
	}
	a := ReadAnswer(r.Family, v)
	if len(a.Choices) != 1 {
		t.Fatalf("%d choices", len(a.Choices))
	}
	c := a.Choices[0]
	var got []string
	for _, p := range c.Parts {
		if p.Kind == PartToolCall {
			got = append(got, "call "+p.ToolCall.Name+" "+p.ToolCall.Arguments)
		} else {
			got = append(got, string(p.Kind)+" "+p.Text)
		}
	}
	wantParts := []string{"thinking Think hard.", "text Hello world.", "thinking I will call f.", `call f {"a":1}`}
	if d := cmp.Diff(wantParts, got); d != "" || c.Role != "assistant" || c.FinishReason != "TOOL_CALL" {
		t.Errorf("answer %s %s, parts (-want +got):\n%s", c.Role, c.FinishReason, d)
	}
	if u := a.Usage; len(u) != 2 || u[0] != (UsageItem{"tokens.input_tokens", "3"}) {
		t.Errorf("usage %v", u)
	}
}

// TestCohereSteps: what each event adds, as `recview steps` prints it,
// and the answer at a step in the middle.
func TestCohereSteps(t *testing.T) {
	r := cohereStream(t, cohereEvents)
	s, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{
		1:  "role=assistant",
		3:  `content[0].thinking +"Think "`,
		6:  "content[1]=text",
		8:  "citations=+1",
		12: `tool_plan +"I will "`,
		14: "tool_calls[0]=f",
		15: `tool_calls[0].arguments +"{\"a\":"`,
		18: "finish_reason=TOOL_CALL, usage",
	}
	for k, w := range want {
		if got := FormatDeltas(s.Deltas(k)); got != w {
			t.Errorf("step %d: %s, want %s", k, got, w)
		}
	}
	s.Seek(7)
	if got := string(s.Result().GetStringBytes("message", "content", "1", "text")); got != "Hello " {
		t.Errorf("step 7: text %q, want %q", got, "Hello ")
	}
	if s.Result().Get("finish_reason") != nil {
		t.Error("step 7 has a finish_reason")
	}
}

// TestCohereBadStreams: a stream cut before message-end is incomplete,
// with its answer so far; an event at an index that is none is reported
// by its place and the rest is folded; a delta of a block whose start
// never came opens it.
func TestCohereBadStreams(t *testing.T) {
	n := len(cohereEvents)
	v, err := Assemble(cohereStream(t, cohereEvents[:n-1]))
	if !errors.Is(err, ErrIncompleteStream) {
		t.Errorf("cut before message-end: %v, want ErrIncompleteStream", err)
	}
	if got := string(v.GetStringBytes("message", "content", "1", "text")); got != "Hello world." {
		t.Errorf("cut: text %q", got)
	}

	bad := append([]string{}, cohereEvents...)
	bad[6] = `{"type": "content-delta", "index": -1, "delta": {"message": {"content": {"text": "lost"}}}}`
	v, err = Assemble(cohereStream(t, bad))
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrBadChunk) || !strings.Contains(pe.Path, "response.body[6]") {
		t.Errorf("a bad index: %v, want a ParseError at response.body[6]", err)
	}
	if got := string(v.GetStringBytes("message", "content", "1", "text")); got != "world." {
		t.Errorf("a bad index: text %q, want the rest, %q", got, "world.")
	}

	noStart := []string{cohereEvents[0],
		`{"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": "Hi"}}}}`,
		`{"type": "message-end", "delta": {"finish_reason": "COMPLETE"}}`}
	v, err = Assemble(cohereStream(t, noStart))
	if err != nil || string(v.GetStringBytes("message", "content", "0", "text")) != "Hi" || string(v.GetStringBytes("message", "content", "0", "type")) != "text" {
		t.Errorf("a delta with no start: %v, %s", err, v)
	}
}
