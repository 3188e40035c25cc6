package diff_test

import (
	"fmt"
	"log"
	"os"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// A recording of one OpenAI chat call, streamed in two chunks.
const before = `{
  "test_id": "tests/integration/inference/test_hello.py::test_hello",
  "request": {"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": {},
              "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Say hello"}], "temperature": 0.7, "stream": true},
              "endpoint": "/v1/chat/completions", "model": "llama3.2:3b"},
  "response": {"is_streaming": true, "body": [
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1753814831, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}, "finish_reason": null}]}},
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1753814831, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"content": "lo!"}, "finish_reason": "stop"}]}}
  ]}
}`

// The same call recorded again: another temperature, the same answer in
// three chunks, other ids and timestamps.
const after = `{
  "test_id": "tests/integration/inference/test_hello.py::test_hello",
  "request": {"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": {},
              "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Say hello"}], "temperature": 0.2, "stream": true},
              "endpoint": "/v1/chat/completions", "model": "llama3.2:3b"},
  "response": {"is_streaming": true, "body": [
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1775000000, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"role": "assistant", "content": "H"}, "finish_reason": null}]}},
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1775000000, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"content": "ello"}, "finish_reason": null}]}},
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1775000000, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"content": "!"}, "finish_reason": "stop"}]}}
  ]}
}`

func ExampleCompare() {
	a, err := recordings.Parse("before.json", []byte(before))
	if err != nil {
		log.Fatal(err)
	}
	b, err := recordings.Parse("after.json", []byte(after))
	if err != nil {
		log.Fatal(err)
	}
	res := diff.Compare(a, b)
	fmt.Println("same result:", res.SameResult, "same chunking:", res.SameChunking)
	for _, c := range res.Changes {
		fmt.Printf("%s %s %s: %s -> %s\n", c.Kind, c.Op, c.Path, c.Old, c.New)
	}
	// Output:
	// same result: true same chunking: false
	// metadata changed chunks: 2 -> 3
	// request changed body.temperature: 0.7 -> 0.2
}

func ExampleResult_Format() {
	a, _ := recordings.Parse("before.json", []byte(before))
	b, _ := recordings.Parse("after.json", []byte(after))
	diff.Compare(a, b).Format(os.Stdout)
	// Output:
	// --- before.json
	// +++ after.json
	// changed request, severity high: request changed: temperature; chunks 2 → 3
	// metadata chunks: 2 → 3
	// request  body.temperature: 0.7 → 0.2
}

func ExampleWords() {
	for _, s := range diff.Words("Roses are red, violets are blue.", "Roses are red, violets are purple.") {
		fmt.Printf("%s %q\n", s.Op, s.Text)
	}
	// Output:
	// equal "Roses are red, violets are "
	// removed "blue"
	// added "purple"
	// equal "."
}
