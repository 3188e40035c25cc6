//go:build !js

package recordings

// Peer test: recview's Anthropic /v1/messages SSE assembly against the
// official Go SDK's anthropic.Message.Accumulate, on every streamed
// messages recording of the corpus and on a hand-written stream. The peer is
// linked only into the native test binary.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/google/go-cmp/cmp"
	"github.com/valyala/fastjson"
)

// peerMessage is the part of a "message" both sides produce; "" and 0 stand
// for JSON null as well, as in the SDK.
type peerMessage struct {
	ID, Model, Role, Type    string
	StopReason, StopSequence string
	InputTokens              int64
	OutputTokens             int64
	Content                  []peerBlock
}

type peerBlock struct {
	Type, Text, Thinking, Signature string
	// ID, Name and Input are compared for tool_use and server_tool_use
	// blocks only; Input is the parsed JSON.
	ID, Name string
	Input    any
	// PartialJSON is the tool input text so far when it is not valid JSON
	// yet (mid-stream, or a cut stream); Input is then {} on both sides.
	PartialJSON string
}

func isToolUse(typ string) bool { return typ == "tool_use" || typ == "server_tool_use" }

func parseJSON(t *testing.T, what string, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Errorf("%s: %v in %q", what, err, b)
	}
	return v
}

// recviewMessage projects recview's assembled message.
func recviewMessage(t *testing.T, v *fastjson.Value) peerMessage {
	t.Helper()
	if v == nil || v.Type() != fastjson.TypeObject {
		t.Fatalf("recview result is %v, not an object", v)
	}
	m := peerMessage{
		ID:           jsonStr(t, v, "id"),
		Model:        jsonStr(t, v, "model"),
		Role:         jsonStr(t, v, "role"),
		Type:         jsonStr(t, v, "type"),
		StopReason:   jsonStr(t, v, "stop_reason"),
		StopSequence: jsonStr(t, v, "stop_sequence"),
		InputTokens:  jsonInt(t, v, "usage", "input_tokens"),
		OutputTokens: jsonInt(t, v, "usage", "output_tokens"),
	}
	for _, b := range v.GetArray("content") {
		pb := peerBlock{
			Type:      jsonStr(t, b, "type"),
			Text:      jsonStr(t, b, "text"),
			Thinking:  jsonStr(t, b, "thinking"),
			Signature: jsonStr(t, b, "signature"),
		}
		if isToolUse(pb.Type) {
			pb.ID, pb.Name = jsonStr(t, b, "id"), jsonStr(t, b, "name")
			if in := b.Get("input"); in != nil {
				pb.Input = parseJSON(t, "recview input", in.MarshalTo(nil))
			}
			pb.PartialJSON = jsonStr(t, b, "partial_json")
		}
		m.Content = append(m.Content, pb)
	}
	return m
}

// anthropicMessage projects the SDK's accumulated message.
func anthropicMessage(t *testing.T, acc *anthropic.Message) peerMessage {
	t.Helper()
	m := peerMessage{
		ID:           acc.ID,
		Model:        string(acc.Model),
		Role:         string(acc.Role),
		Type:         string(acc.Type),
		StopReason:   string(acc.StopReason),
		StopSequence: acc.StopSequence,
		InputTokens:  acc.Usage.InputTokens,
		OutputTokens: acc.Usage.OutputTokens,
	}
	for _, b := range acc.Content {
		pb := peerBlock{Type: b.Type, Text: b.Text, Thinking: b.Thinking, Signature: b.Signature}
		if isToolUse(pb.Type) {
			pb.ID, pb.Name = b.ID, b.Name
			switch {
			case json.Valid(b.Input):
				pb.Input = parseJSON(t, "openai-go input", b.Input)
			case len(b.Input) > 0:
				// The concatenated input_json_delta text is not JSON yet:
				// the SDK keeps it raw until the block stops (and then
				// empties it to {}); recview shows {} and the text.
				pb.Input = map[string]any{}
				pb.PartialJSON = string(b.Input)
			}
		}
		m.Content = append(m.Content, pb)
	}
	return m
}

// runAnthropicPeer feeds every SSE event to Message.Accumulate and returns
// the projected message after each step (index k: after k events).
func runAnthropicPeer(t *testing.T, r *Recording) []peerMessage {
	t.Helper()
	var acc anthropic.Message
	states := []peerMessage{anthropicMessage(t, &acc)}
	for i := range r.Chunks {
		c := &r.Chunks[i]
		if c.Data() == nil {
			t.Fatalf("SSE event %d (%s) is not JSON: %.80q", i+1, c.Event, c.Text)
		}
		var ev anthropic.MessageStreamEventUnion
		if err := ev.UnmarshalJSON(c.Raw()); err != nil {
			t.Fatalf("SSE event %d: MessageStreamEventUnion.UnmarshalJSON: %v", i+1, err)
		}
		if err := acc.Accumulate(ev); err != nil {
			t.Fatalf("SSE event %d (%s): Message.Accumulate: %v", i+1, c.Event, err)
		}
		states = append(states, anthropicMessage(t, &acc))
	}
	return states
}

// checkAnthropic compares recview's Assemble result and every Stepper step
// with the peer, and returns the peer's final message.
func checkAnthropic(t *testing.T, r *Recording) peerMessage {
	t.Helper()
	peer := runAnthropicPeer(t, r)
	n := len(r.Chunks)
	v, err := Assemble(r)
	if err != nil {
		t.Errorf("Assemble: %v", err)
	}
	if diff := cmp.Diff(peer[n], recviewMessage(t, v)); diff != "" {
		t.Errorf("Assemble differs from anthropic-sdk-go (-sdk +recview):\n%s", diff)
	}
	s, err := NewStepper(r)
	if err != nil {
		t.Fatalf("NewStepper: %v", err)
	}
	// Every step, backwards first (through the checkpoints), then forwards.
	for k := n; k >= 0; k-- {
		s.Seek(k)
		if diff := cmp.Diff(peer[k], recviewMessage(t, s.Result())); diff != "" {
			t.Errorf("step %d (Seek backwards) differs from anthropic-sdk-go (-sdk +recview):\n%s", k, diff)
		}
	}
	for k := 1; k <= n; k++ {
		s.Next()
		if diff := cmp.Diff(peer[k], recviewMessage(t, s.Result())); diff != "" {
			t.Errorf("step %d (Next) differs from anthropic-sdk-go (-sdk +recview):\n%s", k, diff)
		}
	}
	return peer[n]
}

func TestPeerAnthropicMessages(t *testing.T) {
	recs := streamsOf(t, FamilyAnthropicMessages)
	var files, blocks, deltas int
	for _, name := range sortedKeys(recs) {
		r := recs[name]
		t.Run(name, func(t *testing.T) {
			m := checkAnthropic(t, r)
			files++
			blocks += len(m.Content)
			for _, c := range r.Chunks {
				if c.Event == "content_block_delta" {
					deltas++
				}
			}
		})
	}
	t.Logf("compared %d streams, %d content blocks, %d deltas", files, blocks, deltas)
	if files < 2 || blocks < 3 || deltas < 50 {
		t.Errorf("the corpus no longer exercises the comparison: %d files, %d blocks, %d deltas", files, blocks, deltas)
	}
}

// anthropicSSE is a hand-written stream in the recorder's layout (one list
// element per SSE line): a thinking block with a signature, a text block,
// a tool_use block whose input arrives in pieces that split keys, strings,
// a number list and a literal, and a tool_use block with no input deltas.
var anthropicSSE = []string{
	`event: message_start`,
	`data: {"type":"message_start","message":{"id":"msg_peer01","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":412,"output_tokens":2}}}`,
	``,
	`event: ping`,
	`data: {"type":"ping"}`,
	``,
	`event: content_block_start`,
	`data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Need the "}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"weather."}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCkYIBxgC"}}`,
	``,
	`event: content_block_stop`,
	`data: {"type":"content_block_stop","index":0}`,
	``,
	`event: content_block_start`,
	`data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"I'll check "}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"the weather."}}`,
	``,
	`event: content_block_stop`,
	`data: {"type":"content_block_stop","index":1}`,
	``,
	`event: content_block_start`,
	`data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{}}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"location\": \"San"}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":" Francisco, CA\", \"un"}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"it\": \"celsius\", \"days\": [1,"}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":" 2], \"alerts\": tr"}}`,
	``,
	`event: content_block_delta`,
	`data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"ue}"}}`,
	``,
	`event: content_block_stop`,
	`data: {"type":"content_block_stop","index":2}`,
	``,
	`event: content_block_start`,
	`data: {"type":"content_block_start","index":3,"content_block":{"type":"tool_use","id":"toolu_01B","name":"get_time","input":{}}}`,
	``,
	`event: content_block_stop`,
	`data: {"type":"content_block_stop","index":3}`,
	``,
	`event: message_delta`,
	`data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":89}}`,
	``,
	`event: message_stop`,
	`data: {"type":"message_stop"}`,
	``,
}

// anthropicRecording wraps SSE lines into a raw-HTTP recording as the
// recorder writes them for /v1/messages.
func anthropicRecording(t *testing.T, lines []string) *Recording {
	t.Helper()
	doc := map[string]any{
		"test_id": "tests/integration/messages/test_peer.py::test_synthetic",
		"request": map[string]any{
			"test_id": "tests/integration/messages/test_peer.py::test_synthetic",
			"url":     "http://0.0.0.0:11434/v1/messages",
			"method":  "POST",
			"payload": map[string]any{"model": "claude-sonnet-4-5", "max_tokens": 256, "stream": true},
		},
		"response": map[string]any{"body": lines, "is_streaming": true},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse("synthetic.json", data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if r.Family != FamilyAnthropicMessages || !r.Streaming {
		t.Fatalf("Family %s, Streaming %v: want an anthropic-messages stream", r.Family, r.Streaming)
	}
	return r
}

func TestPeerAnthropicSynthetic(t *testing.T) {
	r := anthropicRecording(t, anthropicSSE)
	if got, want := len(r.Chunks), strings.Count(strings.Join(anthropicSSE, "\n"), "data: "); got != want {
		t.Fatalf("%d SSE events, want %d", got, want)
	}
	got := checkAnthropic(t, r)
	// Written out by hand, not taken from either side.
	want := peerMessage{
		ID: "msg_peer01", Model: "claude-sonnet-4-5", Role: "assistant", Type: "message",
		StopReason: "tool_use", InputTokens: 412, OutputTokens: 89,
		Content: []peerBlock{
			{Type: "thinking", Thinking: "Need the weather.", Signature: "EqQBCkYIBxgC"},
			{Type: "text", Text: "I'll check the weather."},
			{Type: "tool_use", ID: "toolu_01A", Name: "get_weather", Input: map[string]any{
				"location": "San Francisco, CA",
				"unit":     "celsius",
				"days":     []any{1.0, 2.0},
				"alerts":   true,
			}},
			{Type: "tool_use", ID: "toolu_01B", Name: "get_time", Input: map[string]any{}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("anthropic-sdk-go's message differs from the hand-written one (-want +sdk):\n%s", diff)
	}
	v, _ := Assemble(r)
	if diff := cmp.Diff(want, recviewMessage(t, v)); diff != "" {
		t.Errorf("recview's message differs from the hand-written one (-want +recview):\n%s", diff)
	}
}

// TestPeerAnthropicTwoMessages: a stream that holds two messages (a
// fixture of a whole conversation's turns) is assembled as the SDK's
// Accumulate does, whose message_start sets the message: the second is
// the answer, at every step; a second message cut before its
// message_stop is an incomplete stream.
func TestPeerAnthropicTwoMessages(t *testing.T) {
	second := []string{
		`event: message_start`,
		`data: {"type":"message_start","message":{"id":"msg_peer02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":500,"output_tokens":1}}}`,
		``,
		`event: content_block_start`,
		`data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		``,
		`event: content_block_delta`,
		`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"It is sunny."}}`,
		``,
		`event: content_block_stop`,
		`data: {"type":"content_block_stop","index":0}`,
		``,
		`event: message_delta`,
		`data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}`,
		``,
	}
	stop := []string{`event: message_stop`, `data: {"type":"message_stop"}`, ``}
	lines := append(append(append([]string(nil), anthropicSSE...), second...), stop...)
	got := checkAnthropic(t, anthropicRecording(t, lines))
	// Written out by hand, not taken from either side.
	want := peerMessage{
		ID: "msg_peer02", Model: "claude-sonnet-4-5", Role: "assistant", Type: "message",
		StopReason: "end_turn", InputTokens: 500, OutputTokens: 5,
		Content: []peerBlock{{Type: "text", Text: "It is sunny."}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the SDK's message differs from the hand-written one (-want +sdk):\n%s", diff)
	}
	cut := append(append([]string(nil), anthropicSSE...), second...)
	if _, err := Assemble(anthropicRecording(t, cut)); !errors.Is(err, ErrIncompleteStream) {
		t.Errorf("a second message without its message_stop: %v, want ErrIncompleteStream", err)
	}
}
