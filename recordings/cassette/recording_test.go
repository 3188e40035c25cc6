//go:build !js

package cassette

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/openai/openai-go/v3"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// interactions are every interaction of the testdata cassettes, by
// "file#K" (K from 1).
func interactions(t *testing.T) map[string]Interaction {
	t.Helper()
	out := map[string]Interaction{}
	for _, p := range cassetteFiles(t) {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(filepath.Base(p), raw)
		if err != nil {
			t.Fatal(err)
		}
		for i, it := range c.Interactions {
			out[filepath.Base(p)+"#"+strconv.Itoa(i+1)] = it
		}
	}
	return out
}

// allInteractions are the cassettes' interactions (interactions) and the
// recorders' (recorderInteractions), by name.
func allInteractions(t *testing.T) map[string]Interaction {
	t.Helper()
	all := interactions(t)
	rec, _ := recorderInteractions(t)
	for k, v := range rec {
		all[k] = v
	}
	return all
}

// assembled parses the interaction as a recording (a test failure when it
// does not) and assembles it; ok is false, the test failed, when it does
// not assemble.
func assembled(t *testing.T, name string, it Interaction) (*recordings.Recording, *fastjson.Value, bool) {
	t.Helper()
	r, err := recordings.Parse(name, it.Recording())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return r, nil, false
	}
	return r, v, true
}

// TestRecordingsParse: every interaction reads as a recording and
// assembles to a value that is not null (dd-trace-py's httpx responses
// were null); the chat completions, messages and generateContent calls
// are classified as such, by their URL.
func TestRecordingsParse(t *testing.T) {
	families := map[recordings.Family]int{}
	for name, it := range interactions(t) {
		r, err := recordings.Parse(name, it.Recording())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if v, _ := recordings.Assemble(r); v == nil || v.Type() == fastjson.TypeNull {
			t.Errorf("%s: assembled to null", name)
		}
		families[r.Family]++
		u := it.URI
		switch {
		case strings.HasSuffix(u, "/chat/completions") && r.Family != recordings.FamilyOpenAIChat,
			strings.HasSuffix(u, "/v1/messages") && r.Family != recordings.FamilyAnthropicMessages:
			t.Errorf("%s (%s): family %s", name, u, r.Family)
		}
	}
	t.Logf("families: %v", families)
}

// TestOpenAIChatStreamsPeer assembles every streamed chat completion of
// the cassettes and compares each choice's text, tool calls and finish
// reason with openai-go's ChatCompletionAccumulator fed the same chunks.
func TestOpenAIChatStreamsPeer(t *testing.T) {
	n := 0
	for name, it := range interactions(t) {
		if !strings.HasSuffix(it.URI, "/chat/completions") || !it.StreamedResponse() {
			continue
		}
		var chunks []json.RawMessage
		if err := json.Unmarshal(sseBody(it.ResponseBody), &chunks); err != nil {
			continue // not all data: lines are JSON: recview reports the bad chunk
		}
		var acc openai.ChatCompletionAccumulator
		objects, refused := true, false
		// A new id on every chunk (Groq's compound model) makes the SDK
		// refuse all but the first: then the file's own deltas, joined,
		// are the oracle of the first choice's text.
		var joined strings.Builder
		for _, c := range chunks {
			var d struct {
				Choices []struct {
					Index int
					Delta struct{ Content string }
				}
			}
			json.Unmarshal(c, &d)
			for _, ch := range d.Choices {
				if ch.Index == 0 {
					joined.WriteString(ch.Delta.Content)
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
		_, v, ok := assembled(t, name, it)
		if !ok {
			continue
		}
		n++
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
			if c := string(got.GetStringBytes("message", "content")); c != want.Message.Content {
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
	if n < 15 {
		t.Errorf("%d streamed chat completions compared", n)
	}
	t.Logf("%d streamed chat completions compared", n)
}

// TestAnthropicStreamsPeer assembles every streamed Messages call and
// compares its content blocks' text, tool inputs and stop reason with
// anthropic-sdk-go's Message.Accumulate fed the same events.
func TestAnthropicStreamsPeer(t *testing.T) {
	n := 0
	for name, it := range interactions(t) {
		if !strings.Contains(it.URI, "/v1/messages") || strings.Contains(it.URI, "count_tokens") || !it.StreamedResponse() {
			continue
		}
		var msg anthropic.Message
		for _, l := range strings.Split(strings.ReplaceAll(string(it.ResponseBody), "\r\n", "\n"), "\n") {
			d, ok := strings.CutPrefix(l, "data:")
			if !ok {
				continue
			}
			var ev anthropic.MessageStreamEventUnion
			if err := json.Unmarshal([]byte(strings.TrimSpace(d)), &ev); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := msg.Accumulate(ev); err != nil {
				t.Fatalf("%s: the SDK: %v", name, err)
			}
		}
		_, v, ok := assembled(t, name, it)
		if !ok {
			continue
		}
		n++
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
			if b.Type == "tool_use" {
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
	if n < 10 {
		t.Errorf("%d streamed messages compared", n)
	}
	t.Logf("%d streamed messages compared", n)
}

// TestGeminiStreams assembles every streamed generateContent call (the
// REST API's camelCase JSON) and holds each to its file: the first
// candidate's text is its chunks' text parts joined (thoughts apart), its
// finishReason the last one sent, and the stream is complete; a
// generateContent answer reads its candidates.
func TestGeminiStreams(t *testing.T) {
	n, answers := 0, 0
	for name, it := range interactions(t) {
		if !strings.Contains(it.URI, ":streamGenerateContent") && !strings.Contains(it.URI, ":generateContent") {
			continue
		}
		r, v, ok := assembled(t, name, it)
		if !ok {
			continue
		}
		if !it.StreamedResponse() {
			if len(v.GetArray("candidates")) > 0 {
				if a := recordings.ReadAnswer(r.Family, v); len(a.Choices) == 0 || len(a.Usage) == 0 {
					t.Errorf("%s: answer %+v: no choice or no usage", name, a)
				}
				answers++
			}
			continue
		}
		var chunks []struct {
			Candidates []struct {
				Content struct {
					Parts []struct {
						Text    *string
						Thought bool
					}
				}
				FinishReason string
			}
		}
		if err := json.Unmarshal(sseBody(it.ResponseBody), &chunks); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var text strings.Builder
		finish := ""
		for _, c := range chunks {
			if len(c.Candidates) == 0 {
				continue
			}
			for _, p := range c.Candidates[0].Content.Parts {
				if p.Text != nil && !p.Thought {
					text.WriteString(*p.Text)
				}
			}
			if f := c.Candidates[0].FinishReason; f != "" {
				finish = f
			}
		}
		n++
		var got strings.Builder
		for _, p := range v.GetArray("candidates", "0", "content", "parts") {
			if p.Get("text") != nil && !p.GetBool("thought") {
				got.Write(p.GetStringBytes("text"))
			}
		}
		if got.String() != text.String() {
			t.Errorf("%s: text %q, the chunks' %q", name, got.String(), text.String())
		}
		if f := string(v.GetStringBytes("candidates", "0", "finishReason")); f != finish || finish == "" {
			t.Errorf("%s: finishReason %q, the chunks' last %q", name, f, finish)
		}
	}
	if n < 9 || answers < 20 {
		t.Errorf("%d streams and %d answers checked", n, answers)
	}
	t.Logf("%d streams and %d answers checked", n, answers)
}

// TestResponsesStreams assembles every streamed Responses API call from
// its deltas and holds the result to the stream's own last word, the
// response of its response.completed (or .incomplete) event, read from
// the file: per output item, the message texts, the function call's
// arguments, the reasoning summaries; and the status. A non-streamed
// response's answer reads its output.
func TestResponsesStreams(t *testing.T) {
	n, answers := 0, 0
	for name, it := range interactions(t) {
		if !strings.HasSuffix(strings.SplitN(it.URI, "?", 2)[0], "/v1/responses") {
			continue
		}
		r, v, ok := assembled(t, name, it)
		if !ok {
			continue
		}
		if r.Family != recordings.FamilyOpenAIResponses {
			t.Errorf("%s: family %s", name, r.Family)
			continue
		}
		if !it.StreamedResponse() {
			if len(v.GetArray("output")) > 0 {
				if a := recordings.ReadAnswer(r.Family, v); len(a.Choices) != 1 || len(a.Choices[0].Parts) == 0 {
					t.Errorf("%s: answer %+v", name, a)
				}
				answers++
			}
			continue
		}
		var final json.RawMessage
		for _, l := range strings.Split(string(it.ResponseBody), "\n") {
			d, ok := strings.CutPrefix(strings.TrimSpace(l), "data:")
			if !ok {
				continue
			}
			var ev struct {
				Type     string
				Response json.RawMessage
			}
			if json.Unmarshal([]byte(strings.TrimSpace(d)), &ev) == nil && (ev.Type == "response.completed" || ev.Type == "response.incomplete") {
				final = ev.Response
			}
		}
		if final == nil {
			t.Logf("%s: no response.completed: not compared", name)
			continue
		}
		n++
		type item struct {
			Type      string
			Arguments string
			Content   []struct{ Type, Text string }
			Summary   []struct{ Text string }
		}
		var want struct {
			Status string
			Output []item
		}
		if err := json.Unmarshal(final, &want); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Status string
			Output []item
		}
		if err := json.Unmarshal(v.MarshalTo(nil), &got); err != nil {
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
	if n < 10 || answers < 30 {
		t.Errorf("%d streams and %d answers checked", n, answers)
	}
	t.Logf("%d streams and %d answers checked", n, answers)
}

// TestRecordingKeepsText: an interaction's bodies reach the recording as
// recorded, text and all (no \u003c for <), a non-JSON body as a string,
// an SSE stream of data: lines as its JSON objects without [DONE]; no
// response body as the string "", never null.
func TestRecordingKeepsText(t *testing.T) {
	it := Interaction{Method: "POST", URI: "https://api.openai.com/v1/chat/completions", Status: 200,
		RequestBody:     []byte(`{"messages": [{"role": "user", "content": "a <b> & c"}]}`),
		ResponseHeaders: map[string][]string{"Content-Type": {"text/event-stream; charset=utf-8"}},
		ResponseBody:    []byte("data: {\"x\":1}\n\ndata: {\"x\":2}\n\ndata: [DONE]\n\n")}
	got := string(it.Recording())
	want := `{"request":{"url":"https://api.openai.com/v1/chat/completions","method":"POST","payload":{"messages":[{"role":"user","content":"a <b> & c"}]}},"response":{"status":200,"body":[{"x":1},{"x":2}],"is_streaming":true}}` + "\n"
	if got != want {
		t.Errorf("recording\n got %s\nwant %s", got, want)
	}
	it.RequestBody, it.ResponseHeaders, it.ResponseBody = []byte("a=1&b=<2>"), nil, nil
	if got := string(it.Recording()); !strings.Contains(got, `"payload":"a=1&b=<2>"`) || !strings.Contains(got, `"body":"","is_streaming":false`) {
		t.Errorf("a form body and no response body: %s", got)
	}
}

// TestRecordingNeverNull: a body recview cannot write as the recorder did
// is kept, and Notice says why: no response body is "", bytes that are not
// UTF-8 are base64 (request and response), the JSON null is the string
// "null", a JSON response that is not JSON is text; each assembles to a
// value that is not null.
func TestRecordingNeverNull(t *testing.T) {
	for _, c := range []struct {
		name, doc    string
		body, notice string // the recording's response body, the notice
	}{
		{"no body", "interactions:\n- request: {method: POST, uri: 'https://api.openai.com/v1/chat/completions'}\n  response: {status: {code: 500, message: x}, headers: {Date: [today]}}\n",
			`""`, "the response has no body"},
		{"empty body", "interactions:\n- request: {method: DELETE, uri: 'https://api.openai.com/v1/files/f'}\n  response: {status: {code: 204, message: x}, body: {string: ''}}\n",
			`""`, "the response has no body"},
		{"binary", "interactions:\n- request: {method: POST, uri: 'https://api.openai.com/v1/audio/speech', body: !!binary '/9j/'}\n  response:\n    status: {code: 200, message: x}\n    headers: {Content-Type: [audio/mpeg]}\n    body: {string: !!binary 'SUQzBP8A'}\n",
			`"SUQzBP8A"`, "the response body is 6 bytes that are not text (audio/mpeg): shown in base64; the request body is 3 bytes that are not text: shown in base64"},
		{"null", "interactions:\n- request: {method: GET, uri: 'https://x/v1/models'}\n  response: {status: {code: 200, message: x}, body: {string: 'null'}}\n",
			`"null"`, ""},
		{"bad JSON", "interactions:\n- request: {method: GET, uri: 'https://x/v1/models'}\n  response: {status: {code: 502, message: x}, headers: {Content-Type: [application/json; charset=utf-8]}, body: {string: '<html>bad gateway'}}\n",
			`"<html>bad gateway"`, "the response body is not JSON although its Content-Type is application/json; charset=utf-8: shown as text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, err := Parse("x.yaml", []byte(c.doc))
			if err != nil {
				t.Fatal(err)
			}
			it := cs.Interactions[0]
			if it.Notice != c.notice {
				t.Errorf("notice %q, want %q", it.Notice, c.notice)
			}
			rec := it.Recording()
			if !strings.Contains(string(rec), `"body":`+c.body+`,"is_streaming":false`) {
				t.Errorf("recording %s, want the body %s", rec, c.body)
			}
			r, err := recordings.Parse(c.name, rec)
			if err != nil {
				t.Fatal(err)
			}
			if v, _ := recordings.Assemble(r); v == nil || v.Type() == fastjson.TypeNull {
				t.Errorf("assembled to %v", v)
			}
		})
	}
}

// TestRecordingStreams: a stream the recorder kept as JSON lines or as
// one JSON array reaches the core as the list of its chunks, which it
// folds as the provider's SDK does; SSE comments are left out.
func TestRecordingStreams(t *testing.T) {
	for _, c := range []struct {
		name, uri, ctype, body string
		text                   string // the assembled answer's text
		path                   []string
	}{
		{"ollama ndjson", "http://localhost:11434/api/chat", "application/x-ndjson",
			`{"model":"m","message":{"role":"assistant","content":"Hel"},"done":false}` + "\n" +
				`{"model":"m","message":{"role":"assistant","content":"lo"},"done":false}` + "\n" +
				`{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}` + "\n",
			"Hello", []string{"message", "content"}},
		{"gemini one array", "https://generativelanguage.googleapis.com/v1beta/models/g:streamGenerateContent", "application/json; charset=UTF-8",
			`[{"candidates":[{"content":{"role":"model","parts":[{"text":"Hel"}]}}],"modelVersion":"g"},` +
				`{"candidates":[{"content":{"role":"model","parts":[{"text":"lo"}]},"finishReason":"STOP"}],"modelVersion":"g"}]`,
			"Hello", []string{"candidates", "0", "content", "parts", "0", "text"}},
		{"sse comments", "https://openrouter.ai/api/v1/chat/completions", "text/event-stream",
			": OPENROUTER PROCESSING\n\n" +
				`data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel"}}]}` + "\n\n" +
				`data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n",
			"Hello", []string{"choices", "0", "message", "content"}},
		{"sse without a Content-Type", "https://api.openai.com/v1/chat/completions", "",
			"event: x\n" + `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel"}}]}` + "\n\n" +
				`data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}` + "\n\n",
			"Hello", []string{"choices", "0", "message", "content"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			it := Interaction{Method: "POST", URI: c.uri, Status: 200, RequestBody: []byte(`{}`), ResponseBody: []byte(c.body)}
			if c.ctype != "" {
				it.ResponseHeaders = map[string][]string{"Content-Type": {c.ctype}}
			}
			if !it.StreamedResponse() {
				t.Fatal("not streamed")
			}
			r, v, ok := assembled(t, c.name, it)
			if !ok {
				return
			}
			if !r.Streaming || len(r.Chunks) < 2 {
				t.Errorf("streaming %v, %d chunks", r.Streaming, len(r.Chunks))
			}
			if got := string(v.GetStringBytes(c.path...)); got != c.text {
				t.Errorf("text %q, want %q in %s", got, c.text, v)
			}
		})
	}
	it := Interaction{URI: "http://localhost:11434/api/pull", ResponseHeaders: map[string][]string{"Content-Type": {"application/x-ndjson"}},
		ResponseBody: []byte("{\"status\":\"pulling\"}\nnot json\n")}
	if got := string(it.Recording()); !strings.Contains(got, `"body":["{\"status\":\"pulling\"}","not json"],"is_streaming":true`) {
		t.Errorf("JSON lines that are not all JSON: %s", got)
	}
}
