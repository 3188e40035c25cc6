//go:build !js

package cassette

import (
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
