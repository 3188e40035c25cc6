package recordings_test

import (
	"fmt"
	"log"
	"strings"

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

func ExampleParseFragment() {
	// A comparison of a gallery sample with a hosted file, at step 3.
	f, err := recordings.ParseFragment("#v=1&sample=before.json&src=https://example.com/after.json&step=3&panel=response")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range f.Sources {
		fmt.Println(s.Kind, s.Value)
	}
	fmt.Println("step:", f.Step, f.HasStep, "panel:", f.Panel)

	// The links the viewer wrote before versioning still parse.
	old, _ := recordings.ParseFragment("sample=hello.json&step=2")
	fmt.Println(old.String())

	_, err = recordings.ParseFragment("v=1&sample=a.json&step=-1")
	fmt.Println(err)
	// Output:
	// sample before.json
	// src https://example.com/after.json
	// step: 3 true panel: response
	// v=1&sample=hello.json&step=2
	// recordings: step: bad link: want a chunk number 0 or more, got "-1"
}

func ExampleEncodeData() {
	d, err := recordings.EncodeData([]byte(stream))
	if err != nil {
		log.Fatal(err)
	}
	link := "http://127.0.0.1:8000/#" + recordings.Fragment{
		Sources: []recordings.Source{{Kind: recordings.SourceData, Value: d}},
		Step:    1, HasStep: true,
	}.String()
	fmt.Println(len(link) < recordings.MaxLinkLen)

	f, err := recordings.ParseFragment(link[strings.IndexByte(link, '#'):])
	if err != nil {
		log.Fatal(err)
	}
	data, err := recordings.DecodeData(f.Sources[0].Value)
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
