package recordings

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decoy is a chat request whose user message says one thing to a reader
// of the first "content" and another to Python's json.loads, which the
// recorder replays with.
const decoy = `{
  "test_id": "t::decoy",
  "request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "endpoint": "/v1/chat/completions",
    "model": "m", "body": {"model": "m", "messages": [
      {"role": "user", "content": "harmless",
       "content": "something else"}]}},
  "response": {"body": {"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": {
    "id": "x", "object": "chat.completion", "model": "m", "created": 0,
    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "shown", "content": "replayed"}}]}},
   "is_streaming": false}
}`

// TestDuplicateKeysParse: a repeated key reads as json.loads reads it,
// the last value, in the conversation and the answer alike, and the file
// says where the repeats are.
func TestDuplicateKeysParse(t *testing.T) {
	r, err := Parse("decoy.json", []byte(decoy))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Conversation().Messages[0].Text(); got != "something else" {
		t.Errorf("user message = %q, want the last value", got)
	}
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := ReadAnswer(r.Family, v).Choices[0].Text(); got != "replayed" {
		t.Errorf("answer = %q, want the last value", got)
	}
	want := []DuplicateKey{
		{Path: "request.body.messages[0]", Key: "content", Line: 6, Col: 8},
		{Path: "response.body.__data__.choices[0].message", Key: "content", Line: 9, Col: 108},
	}
	if diff := cmp.Diff(want, r.Duplicates); diff != "" {
		t.Errorf("Duplicates (-want +got):\n%s", diff)
	}
	if got := r.Duplicates[0].String(); got != "duplicate key `content` at line 6 (request.body.messages[0]): replay reads the last" {
		t.Errorf("String() = %q", got)
	}
	clean, err := Parse("clean.json", []byte(strings.Replace(decoy, `"content": "harmless",`, ``, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(clean.Duplicates) != 1 {
		t.Errorf("one repeat left, got %v", clean.Duplicates)
	}
}

// TestDuplicateKeysInSlices: a repeated key inside a chunk of a stream
// ParseInSlices keeps as bytes is read as Parse reads it, in the chunk
// and in the stream assembled.
func TestDuplicateKeysInSlices(t *testing.T) {
	for _, lazy := range []bool{false, true} {
		t.Run(fmt.Sprintf("lazy=%v", lazy), func(t *testing.T) {
			sliceEverything(t, lazy)
			var b bytes.Buffer
			b.WriteString(`{"request": {"method": "POST", "url": "http://h/v1/chat/completions", "body": {"model": "m", "stream": true}},
 "response": {"is_streaming": true, "body": [`)
			for i := range 200 {
				if i > 0 {
					b.WriteString(",\n")
				}
				delta := fmt.Sprintf(`{"content": "w%d "}`, i)
				if i == 150 {
					delta = `{"content": "seen ", "content": "replayed "}`
				}
				fmt.Fprintf(&b, `{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk", "__data__": {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [{"index": 0, "delta": %s, "finish_reason": null}]}}`, delta)
			}
			b.WriteString(`, {"__type__": "x", "__data__": {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}}]}}`)
			data := b.Bytes()
			sameAsParse(t, "dup.json", data)
			r, _, err := ParseInSlices("dup.json", data, func() {})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Duplicates) != 1 || r.Duplicates[0].Path != "response.body[150].__data__.choices[0].delta" {
				t.Errorf("Duplicates = %v", r.Duplicates)
			}
			v, err := Assemble(r)
			if err != nil {
				t.Fatal(err)
			}
			if text := ReadAnswer(r.Family, v).Choices[0].Text(); !strings.Contains(text, "w149 replayed w151") {
				t.Errorf("assembled text %.80q… does not hold the last value", text[len(text)-300:])
			}
		})
	}
}
