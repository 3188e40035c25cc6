//go:build !js

package cassette

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/openai/openai-go/v3"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// A stream is a streamed interaction of the cassettes or the recorders'
// fixtures, its recording assembled.
type stream struct {
	name   string
	it     Interaction
	r      *recordings.Recording
	v      *fastjson.Value
	chunks []json.RawMessage // streamChunks; nil when one is not JSON
}

// streams are every streamed interaction of family f, assembled (a test
// failure when one does not assemble, but for a stream that ends early,
// cut or ended by an error event: the answer so far, which the peers see
// too, is compared; TestRecordersManifest names the recorders' ones).
func streams(t *testing.T, f recordings.Family) []stream {
	t.Helper()
	var out []stream
	for name, it := range allInteractions(t) {
		if !it.StreamedResponse() {
			continue
		}
		r, err := recordings.Parse(name, it.Recording())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Family != f {
			continue
		}
		v, err := recordings.Assemble(r)
		if err != nil && !errors.Is(err, recordings.ErrIncompleteStream) {
			t.Errorf("%s: %v", name, err)
			continue
		}
		chunks, _ := streamChunks(it)
		out = append(out, stream{name, it, r, v, chunks})
	}
	return out
}

// count is how many of ss are the cassettes' and how many the
// recorders'.
func count(ss []stream) (cassettes, recorders int) {
	for _, s := range ss {
		if strings.Contains(s.name, "/") {
			recorders++
		} else {
			cassettes++
		}
	}
	return
}

// TestOpenAIChatStreamsPeer assembles every streamed chat completion of
// the cassettes and the recorders' fixtures and compares each choice's
// text, tool calls and finish reason with openai-go's
// ChatCompletionAccumulator fed the same chunks, read from the file apart
// from Recording (streamChunks).
func TestOpenAIChatStreamsPeer(t *testing.T) {
	var compared []stream
	for _, s := range streams(t, recordings.FamilyOpenAIChat) {
		name, chunks, v := s.name, s.chunks, s.v
		if chunks == nil {
			continue // not all data: lines are JSON: recview reports the bad chunk
		}
		var acc openai.ChatCompletionAccumulator
		objects, refused, parts := true, false, false
		// A new id on every chunk (Groq's compound model) makes the SDK
		// refuse all but the first: then the file's own deltas, joined,
		// are the oracle of the first choice's text.
		var joined strings.Builder
		for _, c := range chunks {
			var d struct {
				Choices []struct {
					Index int
					Delta struct{ Content json.RawMessage }
				}
			}
			json.Unmarshal(c, &d)
			for _, ch := range d.Choices {
				var text string
				if len(ch.Delta.Content) > 0 && ch.Delta.Content[0] == '[' {
					parts = true
				} else if json.Unmarshal(ch.Delta.Content, &text) == nil && ch.Index == 0 {
					joined.WriteString(text)
				}
			}
		}
		// The SDK sets each choice's finish reason from every chunk, so
		// that a chunk after the finish with finish_reason null (OpenRouter's
		// usage chunk) clears it; recview keeps the stream's finish. The
		// oracle is the last finish reason the SDK held.
		finish := map[int64]string{}
		for _, c := range chunks {
			var chunk openai.ChatCompletionChunk
			if len(c) == 0 || c[0] != '{' {
				objects = false // an error event (Groq's): recview reports the bad chunk
				break
			}
			if err := json.Unmarshal(c, &chunk); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !acc.AddChunk(chunk) {
				refused = true
			}
			for _, ch := range acc.Choices {
				if ch.FinishReason != "" {
					finish[ch.Index] = strings.Clone(ch.FinishReason)
				}
			}
		}
		if !objects {
			continue
		}
		compared = append(compared, s)
		if parts {
			t.Logf("%s: content as lists of parts, which the SDK does not read: its content is not compared", name)
		}
		if refused {
			if c := string(v.GetStringBytes("choices", "0", "message", "content")); c != joined.String() {
				t.Errorf("%s: content %q, the deltas joined %q", name, c, joined.String())
			}
			t.Logf("%s: chunks of several ids, which the SDK refuses: compared with the deltas joined", name)
			continue
		}
		for i, want := range acc.Choices {
			got := v.Get("choices", strconv.Itoa(i))
			if got == nil {
				t.Errorf("%s: no choice %d", name, i)
				continue
			}
			// Mistral's deltas that are lists of parts (its thinking) are
			// no string to the SDK, which joins their JSON: the content is
			// not compared, the rest is.
			if c := string(got.GetStringBytes("message", "content")); c != want.Message.Content && !parts {
				t.Errorf("%s choice %d: content %q, the SDK %q", name, i, c, want.Message.Content)
			}
			if f := string(got.GetStringBytes("finish_reason")); f != finish[want.Index] {
				t.Errorf("%s choice %d: finish %q, the SDK's last %q", name, i, f, finish[want.Index])
			}
			calls := got.GetArray("message", "tool_calls")
			if len(calls) != len(want.Message.ToolCalls) {
				t.Errorf("%s choice %d: %d tool calls, the SDK %d", name, i, len(calls), len(want.Message.ToolCalls))
				continue
			}
			for k, tc := range want.Message.ToolCalls {
				if a := string(calls[k].GetStringBytes("function", "arguments")); a != tc.Function.Arguments || string(calls[k].GetStringBytes("function", "name")) != tc.Function.Name {
					t.Errorf("%s choice %d call %d: %q %q, the SDK %q %q", name, i, k, calls[k].GetStringBytes("function", "name"), a, tc.Function.Name, tc.Function.Arguments)
				}
			}
		}
	}
	c, r := count(compared)
	if c < 24 || r < 43 {
		t.Errorf("%d streamed chat completions of the cassettes compared, %d of the recorders'", c, r)
	}
	t.Logf("%d streamed chat completions of the cassettes compared, %d of the recorders'", c, r)
}

// TestAnthropicStreamsPeer assembles every streamed Messages call of the
// cassettes and the recorders' fixtures (through Bedrock's
// invoke-with-response-stream too) and compares its content blocks'
// text, tool inputs and stop reason with anthropic-sdk-go's
// Message.Accumulate fed the same events.
func TestAnthropicStreamsPeer(t *testing.T) {
	var compared []stream
	for _, s := range streams(t, recordings.FamilyAnthropicMessages) {
		name, v := s.name, s.v
		if s.chunks == nil {
			t.Errorf("%s: an event is not JSON", name)
			continue
		}
		var msg anthropic.Message
		for _, c := range s.chunks {
			var ev anthropic.MessageStreamEventUnion
			if err := json.Unmarshal(c, &ev); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := msg.Accumulate(ev); err != nil {
				t.Fatalf("%s: the SDK: %v", name, err)
			}
		}
		compared = append(compared, s)
		if s := string(v.GetStringBytes("stop_reason")); s != string(msg.StopReason) {
			t.Errorf("%s: stop %q, the SDK %q", name, s, msg.StopReason)
		}
		blocks := v.GetArray("content")
		if len(blocks) != len(msg.Content) {
			t.Errorf("%s: %d blocks, the SDK %d", name, len(blocks), len(msg.Content))
			continue
		}
		for i, b := range msg.Content {
			if got := string(blocks[i].GetStringBytes("text")); got != b.Text {
				t.Errorf("%s block %d: text %q, the SDK %q", name, i, got, b.Text)
			}
			if got := string(blocks[i].GetStringBytes("thinking")); got != b.Thinking {
				t.Errorf("%s block %d: thinking %q, the SDK %q", name, i, got, b.Thinking)
			}
			if b.Type == "tool_use" || b.Type == "server_tool_use" {
				var want, got any
				json.Unmarshal(b.Input, &want)
				json.Unmarshal(blocks[i].Get("input").MarshalTo(nil), &got)
				wj, _ := json.Marshal(want)
				gj, _ := json.Marshal(got)
				if string(wj) != string(gj) {
					t.Errorf("%s block %d: input %s, the SDK %s", name, i, gj, wj)
				}
			}
		}
	}
	c, r := count(compared)
	if c < 14 || r < 32 {
		t.Errorf("%d streamed messages of the cassettes compared, %d of the recorders'", c, r)
	}
	t.Logf("%d streamed messages of the cassettes compared, %d of the recorders'", c, r)
}

// TestGeminiStreams assembles every streamed generateContent call of
// the cassettes and the recorders' fixtures (the REST API's camelCase
// JSON; an SSE stream, one JSON array, or a vercel/ai chunks file) and
// holds each to its file: the first candidate's text is its chunks' text
// parts joined (thoughts apart), its finishReason the last one sent, and
// the stream is complete; a generateContent answer reads its candidates.
func TestGeminiStreams(t *testing.T) {
	var compared []stream
	for _, s := range streams(t, recordings.FamilyGeminiGenerate) {
		name, v := s.name, s.v
		var text strings.Builder
		finish := ""
		for _, raw := range s.chunks {
			var c struct {
				Candidates []struct {
					Content struct {
						Parts []struct {
							Text    *string
							Thought bool
						}
					}
					FinishReason json.RawMessage // a number in older JSON (langchaingo's)
				}
			}
			if err := json.Unmarshal(raw, &c); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(c.Candidates) == 0 {
				continue
			}
			for _, p := range c.Candidates[0].Content.Parts {
				if p.Text != nil && !p.Thought {
					text.WriteString(*p.Text)
				}
			}
			if f := c.Candidates[0].FinishReason; len(f) > 0 {
				finish = string(f)
			}
		}
		compared = append(compared, s)
		var got strings.Builder
		for _, p := range v.GetArray("candidates", "0", "content", "parts") {
			if p.Get("text") != nil && !p.GetBool("thought") {
				got.Write(p.GetStringBytes("text"))
			}
		}
		if got.String() != text.String() {
			t.Errorf("%s: text %q, the chunks' %q", name, got.String(), text.String())
		}
		if f := v.Get("candidates", "0", "finishReason").String(); f != finish || finish == "" {
			t.Errorf("%s: finishReason %q, the chunks' last %q", name, f, finish)
		}
	}
	answers := 0
	for name, it := range interactions(t) {
		if it.StreamedResponse() || !strings.Contains(it.URI, ":generateContent") {
			continue
		}
		r, v, ok := assembled(t, name, it)
		if ok && len(v.GetArray("candidates")) > 0 {
			if a := recordings.ReadAnswer(r.Family, v); len(a.Choices) == 0 || len(a.Usage) == 0 {
				t.Errorf("%s: answer %+v: no choice or no usage", name, a)
			}
			answers++
		}
	}
	c, r := count(compared)
	if c < 9 || r < 30 || answers < 27 {
		t.Errorf("%d streams of the cassettes and %d of the recorders checked, %d answers", c, r, answers)
	}
	t.Logf("%d streams of the cassettes and %d of the recorders checked, %d answers", c, r, answers)
}

// TestResponsesStreams assembles every streamed Responses API call of
// the cassettes and the recorders' fixtures from its deltas and holds
// the result to the stream's own last word, the response of its last
// response.completed (or .incomplete) event, read from the file: per
// output item, the message texts, the function call's arguments, the
// reasoning summaries; and the status. A stream of several responses
// (vercel/ai's) is held to the last. A non-streamed response's answer
// reads its output.
func TestResponsesStreams(t *testing.T) {
	var compared []stream
	for _, s := range streams(t, recordings.FamilyOpenAIResponses) {
		name := s.name
		var final json.RawMessage
		var done []json.RawMessage // the items of output_item.done since the last response.created
		for _, c := range s.chunks {
			var ev struct {
				Type     string
				Response json.RawMessage
				Item     json.RawMessage
			}
			if json.Unmarshal(c, &ev) != nil {
				continue
			}
			switch ev.Type {
			case "response.created":
				done = nil
			case "response.output_item.done":
				done = append(done, ev.Item)
			case "response.completed", "response.incomplete":
				final = ev.Response
			}
		}
		if final == nil {
			t.Logf("%s: no response.completed: not compared", name)
			continue
		}
		compared = append(compared, s)
		type item struct {
			Type      string
			Arguments string
			Content   []struct{ Type, Text string }
			Summary   []struct{ Text string }
		}
		var want, got struct {
			Status string
			Output []item
		}
		if err := json.Unmarshal(final, &want); err != nil {
			t.Fatal(err)
		}
		if len(want.Output) == 0 && len(done) > 0 {
			// ChatGPT's codex backend ends with "output": [] after
			// streaming its items: the oracle is the items
			// output_item.done gave, as openai-go's ResponseAccumulator
			// fills a terminal response without output.
			t.Logf("%s: response.completed without output: held to output_item.done's %d items", name, len(done))
			for _, d := range done {
				var it item
				json.Unmarshal(d, &it)
				want.Output = append(want.Output, it)
			}
		}
		if err := json.Unmarshal(s.v.MarshalTo(nil), &got); err != nil {
			t.Fatal(err)
		}
		if got.Status != want.Status || len(got.Output) != len(want.Output) {
			t.Errorf("%s: status %q, %d items; response.completed %q, %d", name, got.Status, len(got.Output), want.Status, len(want.Output))
			continue
		}
		for i := range want.Output {
			g, w := got.Output[i], want.Output[i]
			gj, _ := json.Marshal([]any{g.Type, g.Arguments, g.Content, g.Summary})
			wj, _ := json.Marshal([]any{w.Type, w.Arguments, w.Content, w.Summary})
			if string(gj) != string(wj) {
				t.Errorf("%s item %d:\n got %s\nwant %s", name, i, gj, wj)
			}
		}
	}
	answers := 0
	for name, it := range interactions(t) {
		if it.StreamedResponse() || !strings.HasSuffix(strings.SplitN(it.URI, "?", 2)[0], "/v1/responses") {
			continue
		}
		r, v, ok := assembled(t, name, it)
		if r.Family != recordings.FamilyOpenAIResponses {
			t.Errorf("%s: family %s", name, r.Family)
		}
		if ok && len(v.GetArray("output")) > 0 {
			if a := recordings.ReadAnswer(r.Family, v); len(a.Choices) != 1 || len(a.Choices[0].Parts) == 0 {
				t.Errorf("%s: answer %+v", name, a)
			}
			answers++
		}
	}
	c, r := count(compared)
	if c < 13 || r < 41 || answers < 42 {
		t.Errorf("%d streams of the cassettes and %d of the recorders checked, %d answers", c, r, answers)
	}
	t.Logf("%d streams of the cassettes and %d of the recorders checked, %d answers", c, r, answers)
}
