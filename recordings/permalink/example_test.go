package permalink_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/permalink"
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
	// A comparison of a gallery sample with a hosted file, at step 3.
	f, err := permalink.Parse("#v=1&sample=before.json&src=https://example.com/after.json&step=3&panel=response")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range f.Sources {
		fmt.Println(s.Kind, s.Value)
	}
	fmt.Println("step:", f.Step, f.HasStep, "panel:", f.Panel)

	// The links the viewer wrote before versioning still parse.
	old, _ := permalink.Parse("sample=hello.json&step=2")
	fmt.Println(old.String())

	_, err = permalink.Parse("v=1&sample=a.json&step=-1")
	fmt.Println(err)
	// Output:
	// sample before.json
	// src https://example.com/after.json
	// step: 3 true panel: response
	// v=1&sample=hello.json&step=2
	// recordings: step: bad link: want a chunk number 0 or more, got "-1"
}

func ExampleEncodeData() {
	d, err := permalink.EncodeData([]byte(stream))
	if err != nil {
		log.Fatal(err)
	}
	link := "http://127.0.0.1:8000/#" + permalink.Fragment{
		Sources: []permalink.Source{{Kind: permalink.SourceData, Value: d}},
		Step:    1, HasStep: true,
	}.String()
	fmt.Println(len(link) < permalink.MaxLinkLen)

	f, err := permalink.Parse(link[strings.IndexByte(link, '#'):])
	if err != nil {
		log.Fatal(err)
	}
	data, err := permalink.DecodeData(f.Sources[0].Value)
	if err != nil {
		log.Fatal(err)
	}
	r, err := recordings.Parse("link.json", data)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Family.Title(), len(r.Chunks), "chunks, step", f.Step)
	// Output:
	// true
	// OpenAI chat completions 2 chunks, step 1
}
