package recordings_test

import (
	"fmt"
	"log"

	"github.com/recview/recview/recordings"
)

// A two-chunk OpenAI chat stream, as the ogx recorder writes it.
const stream = `{
  "test_id": "tests/integration/inference/test_hello.py::test_hello",
  "request": {"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": {},
              "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Say hello"}], "stream": true},
              "endpoint": "/v1/chat/completions", "model": "llama3.2:3b"},
  "response": {"is_streaming": true, "body": [
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "rec-1", "object": "chat.completion.chunk", "created": 0, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}, "finish_reason": null}]}},
    {"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk",
     "__data__": {"id": "rec-1", "object": "chat.completion.chunk", "created": 0, "model": "llama3.2:3b",
                  "choices": [{"index": 0, "delta": {"content": "lo!"}, "finish_reason": "stop"}]}}
  ]}
}`

func ExampleParse() {
	r, err := recordings.Parse("hello.json", []byte(stream))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Family.Title(), r.Endpoint, r.Model)
	fmt.Println("streaming:", r.Streaming, "chunks:", len(r.Chunks))
	for _, m := range r.Conversation().Messages {
		fmt.Printf("%s: %s\n", m.Role, m.Text())
	}
	// Output:
	// OpenAI chat completions /v1/chat/completions llama3.2:3b
	// streaming: true chunks: 2
	// user: Say hello
}

func ExampleAssemble() {
	r, err := recordings.Parse("hello.json", []byte(stream))
	if err != nil {
		log.Fatal(err)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		log.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	fmt.Println(a.Choices[0].Role, a.Choices[0].Text(), a.Choices[0].FinishReason)
	fmt.Println(string(v.GetStringBytes("object")))
	// Output:
	// assistant Hello! stop
	// chat.completion
}

func ExampleStepper() {
	r, err := recordings.Parse("hello.json", []byte(stream))
	if err != nil {
		log.Fatal(err)
	}
	s, err := recordings.NewStepper(r)
	if err != nil {
		log.Fatal(err)
	}
	for k := 1; k <= s.Len(); k++ {
		s.Seek(k)
		text := recordings.ReadAnswer(r.Family, s.Result()).Choices[0].Text()
		fmt.Printf("step %d: %-24s -> %q\n", k, recordings.FormatDeltas(s.Deltas(k)), text)
	}
	// Output:
	// step 1: role=assistant, content +"Hel" -> "Hel"
	// step 2: content +"lo!", finish_reason=stop -> "Hello!"
}
