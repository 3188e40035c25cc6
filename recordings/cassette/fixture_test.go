package cassette

import (
	"errors"
	"strings"
	"testing"
)

// TestFixtureAPI: a response without its request is placed by its
// payload, the shape each API's responses and chunks have, and by the
// vercel/ai package its file is in only when the payload cannot tell.
func TestFixtureAPI(t *testing.T) {
	for _, c := range []struct {
		name, data, endpoint, why string
	}{
		{"x.chunks.txt", `{"type":"message_start","message":{"id":"m"}}`, "/v1/messages", `"type": "message_start"`},
		{"x.json", `{"type":"message","role":"assistant","content":[]}`, "/v1/messages", `"type": "message"`},
		{"x.chunks.txt", `{"type":"response.created","response":{}}`, "/v1/responses", `"type": "response.created"`},
		{"x.json", `{"object":"response","output":[]}`, "/v1/responses", `"object": "response"`},
		{"x.chunks.txt", "{\"choices\":[],\"object\":\"\"}\n{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}", "/v1/chat/completions", "its choices' delta"},
		{"x.json", `{"object":"text_completion","choices":[{"text":"a"}]}`, "/v1/completions", `"object": "text_completion"`},
		{"x.chunks.txt", `{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`, "/v1beta/models/{model}:streamGenerateContent?alt=sse", "its candidates"},
		{"x.json", `{"candidates":[],"usageMetadata":{}}`, "/v1beta/models/{model}:generateContent", "its candidates"},
		{"x.chunks.txt", `{"event_type":"interaction.created","interaction":{}}`, "/v1beta/interactions", `"event_type": "interaction.created"`},
		{"x.chunks.txt", `{"messageStart":{"role":"assistant"}}`, "/model/{modelId}/converse-stream", `"messageStart" event`},
		{"x.json", `{"output":{"message":{}},"stopReason":"end_turn"}`, "/model/{modelId}/converse", "its output and stopReason"},
		{"x.chunks.txt", `{"type":"message-start","delta":{}}`, "/v2/chat", `"type": "message-start"`},
		{"packages/anthropic/src/__fixtures__/x.chunks.txt", `{"type":"ping"}`, "/v1/messages", "the path's packages/anthropic"},
		{"vercel__ai__packages__google__src__interactions____fixtures____x.chunks.txt", `{"a":1}`, "/v1beta/interactions", "the path's packages/google/src/interactions"},
		{"packages/openai/src/responses/__fixtures__/x.json", `{"a":1}`, "/v1/responses", "the path's packages/openai/src/responses"},
		{"packages/groq/src/__fixtures__/x.chunks.txt", `{"x_groq":{}}`, "/v1/chat/completions", "the path's packages/groq"},
	} {
		t.Run(c.name+" "+c.endpoint, func(t *testing.T) {
			cs, err := Parse(c.name, []byte(c.data+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			if cs.Recorder != VercelFixture || len(cs.Interactions) != 1 {
				t.Fatalf("recorder %q, %d interactions", cs.Recorder, len(cs.Interactions))
			}
			it := cs.Interactions[0]
			if it.Endpoint != c.endpoint || it.Method != "" || it.URI != "" || !strings.Contains(it.Notice, "the request was not recorded") ||
				!strings.HasSuffix(it.Notice, "is recview's choice from "+c.why) && !strings.HasSuffix(it.Notice, "is recview's choice from its "+c.why) {
				t.Errorf("endpoint %q, %q %q, notice %q", it.Endpoint, it.Method, it.URI, it.Notice)
			}
			if want := strings.HasSuffix(c.name, ".chunks.txt"); it.StreamedResponse() != want {
				t.Errorf("streamed %v", it.StreamedResponse())
			}
			if !strings.Contains(string(it.Recording()), `"request":{"url":"`+c.endpoint+`","method":""`) {
				t.Errorf("recording %s", it.Recording())
			}
		})
	}
}

// TestFixtureDetection: JSON lines are a stream by the name .chunks.txt,
// or by content (two lines or more, the first to tell of an API one
// apiOf knows); a JSON object is a response body when apiOf knows its
// shape or it is in a __fixtures__ folder; other JSON is not a cassette.
func TestFixtureDetection(t *testing.T) {
	lines := "{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n"
	if cs, err := Parse("stream.log", []byte(lines)); err != nil || cs.Recorder != VercelFixture || !cs.Interactions[0].StreamedResponse() {
		t.Errorf("JSON lines of chat chunks: %v %v", cs, err)
	}
	if cs, err := Parse("one.json", []byte(`{"object":"chat.completion","choices":[]}`)); err != nil || cs.Interactions[0].StreamedResponse() {
		t.Errorf("a chat completion: %v %v", cs, err)
	}
	if cs, err := Parse("one.chunks.txt", []byte(`{"object":"chat.completion.chunk","choices":[]}`)); err != nil || !cs.Interactions[0].StreamedResponse() {
		t.Errorf("a chunks file of one line: %v %v", cs, err)
	}
	for name, doc := range map[string]string{
		"a.json":                     `{"a":1}`,
		"a.jsonl":                    "{\"a\":1}\n{\"a\":2}\n",
		"src/__fixtures__/x.json":    `{"a":1}`,
		"x.chunks.txt":               `{"a":1}`,
		"packages/__fixtures__/x.ts": `{"a":1}`,
	} {
		if _, err := Parse(name, []byte(doc)); !errors.Is(err, ErrNotCassette) {
			t.Errorf("%s: %v, want ErrNotCassette", name, err)
		}
	}
	if _, err := Parse("x.chunks.txt", []byte("{\"type\":\"message_start\"}\nnot json\n")); err == nil || !strings.Contains(err.Error(), "cassette: x.chunks.txt: line 2:") {
		t.Errorf("a chunks file with a line that is not JSON: %v", err)
	}
	// json.Unmarshal reads null into a map as no map and no error: a
	// null line is not a chunk (a fuzz input found it).
	if _, err := Parse("x.chunks.txt", []byte("{\"type\":\"message_start\"}\nnull\n")); err == nil || !strings.Contains(err.Error(), "line 2: a stream chunk is a JSON object, this line is null") {
		t.Errorf("a chunks file with a null line: %v", err)
	}
	if _, err := Parse("src/__fixtures__/x.json", []byte("null")); err == nil {
		t.Errorf("a null body in a __fixtures__ folder: no error")
	}
}
