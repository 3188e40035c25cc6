//go:build !js

package cassette

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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

// TestReasoningStreams: a model's reasoning, streamed in a field OpenAI's
// chat completions do not have, is assembled as the answer's thinking,
// apart from its text: Mistral's thinking content parts (Magistral:
// delta.content [{"type": "thinking", "thinking": [{"type": "text"}]}]),
// DeepSeek's delta.reasoning_content and OpenRouter's delta.reasoning.
// The oracle joins the deltas with encoding/json; the thinking's first
// words were read in the files by hand.
func TestReasoningStreams(t *testing.T) {
	all := interactions(t)
	tests := []struct{ name, key, start, text string }{
		{"pydantic-ai__tests__models__cassettes__test_mistral__test_mistral_model_thinking_part_iter.yaml#1", "mistral",
			"Okay, the user is asking how to cross the street.", "To cross the street safely, follow these steps:"},
		{"dd-trace-py__tests__contrib__openai__cassettes__v1__deepseek_streamed_reasoning_content.yaml#1", "reasoning_content",
			`We are asked: "What is 17 * 23?"`, "The product of 17 and 23 is 391."},
		{"pydantic-ai__tests__models__cassettes__test_openrouter__test_openrouter_streaming_reasoning.yaml#1", "reasoning",
			"This is a simple arithmetic question. 2+2 equals 4.", "2 + 2 = 4"},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			it, ok := all[tc.name]
			if !ok {
				t.Fatalf("no %s", tc.name)
			}
			var thinking, text strings.Builder
			for line := range strings.Lines(string(it.ResponseBody)) {
				c, ok := strings.CutPrefix(strings.TrimSpace(line), "data: ")
				if !ok || c == "[DONE]" {
					continue // OpenRouter's ": OPENROUTER PROCESSING" comments
				}
				var d struct {
					Choices []struct {
						Delta map[string]json.RawMessage
					}
				}
				if err := json.Unmarshal([]byte(c), &d); err != nil {
					t.Fatal(err)
				}
				for _, ch := range d.Choices {
					var s, r string
					if json.Unmarshal(ch.Delta["content"], &s) == nil {
						text.WriteString(s)
					}
					if json.Unmarshal(ch.Delta[tc.key], &r) == nil {
						thinking.WriteString(r)
					}
					var parts []struct {
						Type, Text string
						Thinking   []struct{ Text string }
					}
					json.Unmarshal(ch.Delta["content"], &parts)
					for _, p := range parts {
						text.WriteString(p.Text)
						for _, th := range p.Thinking {
							thinking.WriteString(th.Text)
						}
					}
				}
			}
			r, v, ok := assembled(t, tc.name, it)
			if !ok {
				return
			}
			ans := recordings.ReadAnswer(r.Family, v)
			if len(ans.Choices) != 1 {
				t.Fatalf("%d choices", len(ans.Choices))
			}
			c := ans.Choices[0]
			var got string
			for _, p := range c.Parts {
				if p.Kind == recordings.PartThinking {
					got += p.Text
				}
			}
			if got != thinking.String() || !strings.HasPrefix(got, tc.start) {
				t.Errorf("thinking %q, want %q, starting %q", got, thinking.String(), tc.start)
			}
			if c.Text() != text.String() || !strings.HasPrefix(c.Text(), tc.text) {
				t.Errorf("text %q, want %q, starting %q", c.Text(), text.String(), tc.text)
			}
			if c.Parts[0].Kind != recordings.PartThinking {
				t.Errorf("the thinking is not first: %v", c.Parts[0].Kind)
			}
		})
	}
}

// TestMistralThinkingAnswer: Mistral's answer that is not streamed holds
// its thinking as a content part of text parts ({"type": "thinking",
// "thinking": [{"type": "text", "text"}, …]}): each text part is a
// thinking part of the answer, before the text; the request's earlier
// assistant message, sent back with its thinking, reads the same. The
// three summaries' titles were read in the file by hand.
func TestMistralThinkingAnswer(t *testing.T) {
	name := "pydantic-ai__tests__models__cassettes__test_mistral__test_mistral_model_thinking_part.yaml#2"
	it, ok := interactions(t)[name]
	if !ok {
		t.Fatalf("no %s", name)
	}
	r, v, ok := assembled(t, name, it)
	if !ok {
		return
	}
	kinds := func(ps []recordings.Part) (out []string) {
		for _, p := range ps {
			title, _, _ := strings.Cut(p.Text, "\n")
			out = append(out, string(p.Kind)+": "+title)
		}
		return out
	}
	c := recordings.ReadAnswer(r.Family, v).Choices[0]
	if got := kinds(c.Parts); len(got) != 2 || got[0] != "thinking: **Analogizing crossing a river**" || !strings.HasPrefix(got[1], "text: ") {
		t.Errorf("answer parts %q", got)
	}
	msgs := r.Conversation().Messages
	if len(msgs) != 3 {
		t.Fatalf("%d messages", len(msgs))
	}
	want := []string{"thinking: **Providing crossing guidelines**", "thinking: **Sharing safe crossing tips**",
		"thinking: **Providing street crossing guidelines**", "text: I’m not a certified traffic safety expert, but here are some general guidelines to help you cross the street safely. Remember that local laws and conditions may vary, so always stay alert and follow any posted signs or signals."}
	if got := kinds(msgs[1].Parts); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("assistant message parts %q, want %q", got, want)
	}
}
