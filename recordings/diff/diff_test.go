package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// Hand-made OpenAI chat recordings, in the shape the ogx recorder writes.

const (
	question = `{"role":"user","content":"Weather in Paris?"}`
	answer   = `{"role":"assistant","content":"Let me check."}`
	followUp = `{"role":"user","content":"And tomorrow?"}`
)

// chatBody is a chat request body with the given messages and temperature.
func chatBody(temp string, msgs ...string) string {
	return `{"model":"gpt-4o","messages":[` + strings.Join(msgs, ",") + `],"temperature":` + temp + `}`
}

// recording wraps a request body and a response object into a file.
func recording(testID, body, response string) string {
	return `{"test_id":` + quote(testID) + `,"request":{"method":"POST","url":"http://localhost:8321/v1/chat/completions","headers":{},` +
		`"body":` + body + `,"endpoint":"/v1/chat/completions","model":"gpt-4o"},"response":` + response + `}`
}

// completion is a non-streamed chat completion with one choice.
func completion(id string, created int, content, finish, toolCalls string) string {
	msg := `{"role":"assistant","content":` + content
	if toolCalls != "" {
		msg += `,"tool_calls":` + toolCalls
	}
	msg += `}`
	return `{"body":{"__type__":"openai.types.chat.chat_completion.ChatCompletion","__data__":{"id":` + quote(id) +
		`,"object":"chat.completion","created":` + fmt.Sprint(created) + `,"model":"gpt-4o","system_fingerprint":"fp_` + id + `",` +
		`"choices":[{"index":0,"message":` + msg + `,"finish_reason":` + quote(finish) + `}],` +
		`"usage":{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}}},"is_streaming":false}`
}

// messageList is a stored chat completion's messages as
// GET /v1/chat/completions/{id}/messages lists them: the question, then
// an assistant message of content, the first item's id given.
func messageList(id, content string) string {
	return `{"body":{"object":"list","data":[{"id":` + id + `,"role":"user","content":"What is the weather?"},` +
		`{"id":"m-1","role":"assistant","content":` + content + `}],"first_id":` + id + `,"last_id":"m-1","has_more":false},"is_streaming":false}`
}

// stream is a streamed chat completion whose chunks carry the given text
// pieces, the last one with finish reason "stop".
func stream(id string, pieces ...string) string {
	var cs []string
	for i, p := range pieces {
		delta := `{"content":` + quote(p) + `}`
		if i == 0 {
			delta = `{"role":"assistant","content":` + quote(p) + `}`
		}
		finish := "null"
		if i == len(pieces)-1 {
			finish = `"stop"`
		}
		cs = append(cs, `{"__type__":"openai.types.chat.chat_completion_chunk.ChatCompletionChunk","__data__":{"id":`+quote(id)+
			`,"object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","choices":[{"index":0,"delta":`+delta+`,"finish_reason":`+finish+`}]}}`)
	}
	return `{"body":[` + strings.Join(cs, ",") + `],"is_streaming":true}`
}

func toolCall(id, args string) string {
	return `[{"id":` + quote(id) + `,"type":"function","function":{"name":"get_weather","arguments":` + quote(args) + `}}]`
}

func parse(t *testing.T, name, data string) *recordings.Recording {
	t.Helper()
	r, err := recordings.Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse %s: %v\n%s", name, err, data)
	}
	return r
}

const tid = "tests/integration/test_weather.py::test_weather"

var (
	base     = recording(tid, chatBody("0.7", question), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "stop", ""))
	longText = "The forecast for Paris says it will be sunny in the morning, with clouds coming in from the west after noon.\nTake an umbrella."
)

func TestCompare(t *testing.T) {
	tests := []struct {
		name         string
		a, b         string
		want         []Change
		sameResult   bool
		sameChunking bool
	}{
		{
			name:         "identical but for ids and timestamps",
			a:            base,
			b:            recording(tid, chatBody("0.7", question), completion("chatcmpl-B2", 1800000000, `"Sunny, 21 degrees."`, "stop", "")),
			sameResult:   true,
			sameChunking: true,
		},
		{
			name: "changed temperature",
			a:    base,
			b:    recording(tid, chatBody("0.2", question), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "stop", "")),
			want: []Change{
				{Kind: KindRequest, Path: "body.temperature", Op: OpChanged, Old: "0.7", New: "0.2"},
			},
			sameResult:   true,
			sameChunking: true,
		},
		{
			name:         "numbers compare by value",
			a:            base,
			b:            recording(tid, chatBody("0.70", question), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "stop", "")),
			sameResult:   true,
			sameChunking: true,
		},
		{
			name: "added message",
			a:    recording(tid, chatBody("0.7", question, answer), completion("x", 0, `"Sunny."`, "stop", "")),
			b:    recording(tid, chatBody("0.7", question, answer, followUp), completion("x", 0, `"Sunny."`, "stop", "")),
			want: []Change{
				{Kind: KindRequest, Path: "body.messages[2]", Op: OpAdded, New: followUp},
			},
			sameResult:   true,
			sameChunking: true,
		},
		{
			name: "changed message and test_id",
			a:    base,
			b:    recording(tid+"[v2]", chatBody("0.7", `{"role":"user","content":"Weather in Lyon?"}`), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "stop", "")),
			want: []Change{
				{Kind: KindMetadata, Path: "test_id", Op: OpChanged, Old: tid, New: tid + "[v2]"},
				{Kind: KindRequest, Path: "body.messages[0].content", Op: OpChanged, Old: `"Weather in Paris?"`, New: `"Weather in Lyon?"`},
			},
			sameResult:   true,
			sameChunking: true,
		},
		{
			name: "changed tool call argument",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, "null", "tool_calls", toolCall("call_abc", `{"city":"Paris","unit":"c"}`))),
			b:    recording(tid, chatBody("0.7", question), completion("y", 0, "null", "tool_calls", toolCall("call_xyz", `{"city":"Lyon","unit":"c"}`))),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].tool_calls[get_weather].arguments.city", Op: OpChanged, Old: `"Paris"`, New: `"Lyon"`},
			},
			sameChunking: true,
		},
		{
			name: "tool call arguments that do not parse",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, "null", "tool_calls", toolCall("call_abc", `{"city":"Paris"}`))),
			b:    recording(tid, chatBody("0.7", question), completion("y", 0, "null", "tool_calls", toolCall("call_xyz", `{"city":"Par`))),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].tool_calls[get_weather].arguments", Op: OpChanged, Old: `"{\"city\":\"Paris\"}"`, New: `"{\"city\":\"Par"`,
					Note: `B's text is not valid JSON: cannot parse JSON: cannot parse object: cannot parse object value: cannot parse string: missing closing '"'; unparsed tail: ""`},
			},
			sameChunking: true,
		},
		{
			name: "tool call replaced by text",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, "null", "tool_calls", toolCall("call_abc", `{"city":"Paris"}`))),
			b:    recording(tid, chatBody("0.7", question), completion("y", 0, `"Sunny."`, "stop", "")),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].text", Op: OpChanged, Old: `""`, New: `"Sunny."`},
				{Kind: KindResponse, Path: "choices[0].tool_calls[get_weather]", Op: OpRemoved, Old: `{"name":"get_weather","arguments":{"city":"Paris"}}`},
				{Kind: KindResponse, Path: "choices[0].finish_reason", Op: OpChanged, Old: `"tool_calls"`, New: `"stop"`},
			},
			sameChunking: true,
		},
		{
			name: "different finish reason",
			a:    base,
			b:    recording(tid, chatBody("0.7", question), completion("chatcmpl-B2", 1800000000, `"Sunny, 21 degrees."`, "length", "")),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].finish_reason", Op: OpChanged, Old: `"stop"`, New: `"length"`},
			},
			sameChunking: true,
		},
		{
			name: "long text gets a word diff",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, quote(longText), "stop", "")),
			b:    recording(tid, chatBody("0.7", question), completion("y", 0, quote(strings.Replace(longText, "sunny", "rainy", 1)), "stop", "")),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].text", Op: OpChanged, Old: quote(longText), New: quote(strings.Replace(longText, "sunny", "rainy", 1)),
					Text: []Span{
						{OpEqual, "The forecast for Paris says it will be "},
						{OpRemoved, "sunny"},
						{OpAdded, "rainy"},
						{OpEqual, " in the morning, with clouds coming in from the west after noon.\nTake an umbrella."},
					}},
			},
			sameChunking: true,
		},
		{
			name:         "same text split into different chunks",
			a:            recording(tid, chatBody("0.7", question), stream("chatcmpl-1", "Hel", "lo!")),
			b:            recording(tid, chatBody("0.7", question), stream("chatcmpl-2", "H", "ello", "!")),
			want:         []Change{{Kind: KindMetadata, Path: "chunks", Op: OpChanged, Old: "2", New: "3"}},
			sameResult:   true,
			sameChunking: false,
		},
		{
			name:         "same chunk count, different split",
			a:            recording(tid, chatBody("0.7", question), stream("chatcmpl-1", "Hel", "lo!")),
			b:            recording(tid, chatBody("0.7", question), stream("chatcmpl-2", "Hello", "!")),
			sameResult:   true,
			sameChunking: false,
		},
		{
			name:         "same stream, other ids",
			a:            recording(tid, chatBody("0.7", question), stream("chatcmpl-1", "Hel", "lo!")),
			b:            recording(tid, chatBody("0.7", question), stream("chatcmpl-2", "Hel", "lo!")),
			sameResult:   true,
			sameChunking: true,
		},
		{
			// The same answer: usage counters alone never change a
			// result; the stream's shape is the judgement's (high).
			name: "stream against non-stream of the same answer",
			a:    recording(tid, chatBody("0.7", question), stream("chatcmpl-1", "Sunny, ", "21 degrees.")),
			b:    base,
			want: []Change{
				{Kind: KindMetadata, Path: "streaming", Op: OpChanged, Old: "true", New: "false"},
				{Kind: KindResponse, Path: "usage.prompt_tokens", Op: OpAdded, New: "12"},
				{Kind: KindResponse, Path: "usage.completion_tokens", Op: OpAdded, New: "5"},
				{Kind: KindResponse, Path: "usage.total_tokens", Op: OpAdded, New: "17"},
			},
			sameResult: true,
		},
		{
			name: "incomplete stream",
			a:    recording(tid, chatBody("0.7", question), stream("chatcmpl-1", "Hel", "lo!")),
			b: recording(tid, chatBody("0.7", question), strings.Replace(stream("chatcmpl-1", "Hel", "lo!"),
				`"finish_reason":"stop"`, `"finish_reason":null`, 1)),
			want: []Change{
				{Kind: KindResponse, Path: "assembly", Op: OpChanged, Old: `"ok"`, New: `"incomplete stream"`},
				{Kind: KindResponse, Path: "choices[0].finish_reason", Op: OpChanged, Old: `"stop"`, New: `""`},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Compare(parse(t, "a.json", tc.a), parse(t, "b.json", tc.b))
			if d := cmp.Diff(tc.want, res.Changes); d != "" {
				t.Errorf("changes (-want +got):\n%s", d)
			}
			if res.SameResult != tc.sameResult || res.SameChunking != tc.sameChunking {
				t.Errorf("SameResult %v, SameChunking %v; want %v, %v", res.SameResult, res.SameChunking, tc.sameResult, tc.sameChunking)
			}
			// Comparing a recording with itself finds nothing.
			self := Compare(parse(t, "a.json", tc.a), parse(t, "a.json", tc.a))
			if len(self.Changes) != 0 || !self.SameResult || !self.SameChunking {
				t.Errorf("A against itself: %+v", self)
			}
		})
	}
}

// ollama is an Ollama /api/generate recording.
func ollama(createdAt string, duration int, response string, evalCount int) string {
	return `{"request":{"method":"POST","url":"http://localhost:11434/api/generate","headers":{},` +
		`"body":{"model":"llama3.2:3b","prompt":"Which planet?","stream":false},"endpoint":"/api/generate","model":"llama3.2:3b"},` +
		`"response":{"body":{"__type__":"ollama._types.GenerateResponse","__data__":{"model":"llama3.2:3b","created_at":` + quote(createdAt) +
		`,"done":true,"done_reason":"stop","total_duration":` + fmt.Sprint(duration) + `,"load_duration":` + fmt.Sprint(duration/2) +
		`,"prompt_eval_count":23,"eval_count":` + fmt.Sprint(evalCount) + `,"response":` + quote(response) + `,"context":[1,2,3]}},"is_streaming":false}}`
}

func TestCompareAnswerKinds(t *testing.T) {
	twoChoices := strings.Replace(completion("x", 0, `"Sunny."`, "stop", ""),
		`"choices":[{"index":0,"message":{"role":"assistant","content":"Sunny."},"finish_reason":"stop"}]`,
		`"choices":[{"index":0,"message":{"role":"assistant","content":"Sunny."},"finish_reason":"stop"},{"index":1,"message":{"role":"assistant","content":"Warm."},"finish_reason":"stop"}]`, 1)
	tests := []struct {
		name       string
		a, b       string
		want       []Change
		sameResult bool
	}{
		{
			name: "Ollama: timings, dates and context ignored, no choice prefix",
			a:    ollama("2025-07-29T18:47:29Z", 334746667, "Humans live on Earth.", 6),
			b:    strings.Replace(ollama("2026-01-02T10:00:00Z", 123, "Humans live on planet Earth.", 7), "[1,2,3]", "[4,5,6,7]", 1),
			want: []Change{
				{Kind: KindResponse, Path: "text", Op: OpChanged, Old: `"Humans live on Earth."`, New: `"Humans live on planet Earth."`},
				{Kind: KindResponse, Path: "usage.eval_count", Op: OpChanged, Old: "6", New: "7"},
			},
		},
		{
			name: "a field the answer does not read",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, `"Sunny."`, "stop", "")),
			b:    strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 0, `"Sunny."`, "stop", "")), `"object":"chat.completion","created":0,"model":"gpt-4o"`, `"object":"chat.completion","created":0,"model":"gpt-4o-2024-08-06"`, 1),
			want: []Change{
				{Kind: KindResponse, Path: "model", Op: OpChanged, Old: `"gpt-4o"`, New: `"gpt-4o-2024-08-06"`},
			},
		},
		{
			// Text the same, the source it cites moved: the answer's
			// comparison reads citations (under choices[*].message, which
			// it covers, a change would otherwise not show at all).
			name: "a citation changed",
			a:    strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 0, `"[a](https://a.com)"`, "stop", "")), `"content":"[a](https://a.com)"`, `"content":"[a](https://a.com)","annotations":[{"type":"url_citation","url_citation":{"start_index":0,"end_index":18,"title":"A","url":"https://a.com"}}]`, 1),
			b:    strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 0, `"[a](https://a.com)"`, "stop", "")), `"content":"[a](https://a.com)"`, `"content":"[a](https://a.com)","annotations":[{"type":"url_citation","url_citation":{"start_index":0,"end_index":18,"title":"A","url":"https://b.com"}}]`, 1),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].citations[0]", Op: OpChanged, Old: `"“[a](https://a.com)” — A <https://a.com> (characters 0–18)"`, New: `"“[a](https://a.com)” — A <https://b.com> (characters 0–18)"`},
			},
		},
		{
			// A message's member the answer does not read (OpenAI's audio
			// output, its words in the transcript) lies under
			// choices[*].message, which the answer covers: compared as
			// JSON, from the Answer's Other. A response's own member
			// (Perplexity's citations) is the rest's, reported once.
			name: "a member recview does not read changed",
			a:    strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 0, `null`, "stop", "")), `"content":null`, `"content":null,"audio":{"id":"audio_1","transcript":"Hello!"}`, 1),
			b:    strings.Replace(strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 0, `null`, "stop", "")), `"content":null`, `"content":null,"audio":{"id":"audio_2","transcript":"Goodbye!"}`, 1), `"choices":`, `"citations":["https://b.com"],"choices":`, 1),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].message.audio.id", Op: OpChanged, Old: `"audio_1"`, New: `"audio_2"`},
				{Kind: KindResponse, Path: "choices[0].message.audio.transcript", Op: OpChanged, Old: `"Hello!"`, New: `"Goodbye!"`},
				{Kind: KindResponse, Path: "citations", Op: OpAdded, New: `["https://b.com"]`},
			},
		},
		{
			// A content block's member the answer does not read (here a
			// text block's, as Mistral's list content holds them) lies
			// under choices[*].message too: compared from the Part's
			// Other, by the block's index.
			name: "a content block's member recview does not read changed",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, `[{"type":"text","text":"Sunny.","lang":"en"}]`, "stop", "")),
			b:    recording(tid, chatBody("0.7", question), completion("x", 0, `[{"type":"text","text":"Sunny.","lang":"fr"}]`, "stop", "")),
			want: []Change{
				{Kind: KindResponse, Path: "choices[0].block_members[0]", Op: OpChanged, Old: `{"part":0,"path":"lang","value":"en"}`, New: `{"part":0,"path":"lang","value":"fr"}`},
			},
		},
		{
			// A stored chat completion's messages, listed: compared
			// item by item at data[i], as the file holds them, the
			// items' ids (bookkeeping) left out.
			name: "a listed message changed",
			a:    recording(tid, chatBody("0.7", question), messageList(`"m-0"`, `"Sunny."`)),
			b:    recording(tid, chatBody("0.7", question), messageList(`"m-9"`, `"Rainy."`)),
			want: []Change{
				{Kind: KindResponse, Path: "data[1].text", Op: OpChanged, Old: `"Sunny."`, New: `"Rainy."`},
			},
		},
		{
			name: "choice added",
			a:    recording(tid, chatBody("0.7", question), completion("x", 0, `"Sunny."`, "stop", "")),
			b:    recording(tid, chatBody("0.7", question), twoChoices),
			want: []Change{
				{Kind: KindResponse, Path: "choices[1]", Op: OpAdded, New: `"Warm."`},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Compare(parse(t, "a.json", tc.a), parse(t, "b.json", tc.b))
			if d := cmp.Diff(tc.want, res.Changes); d != "" {
				t.Errorf("changes (-want +got):\n%s", d)
			}
			if res.SameResult != tc.sameResult {
				t.Errorf("SameResult %v, want %v", res.SameResult, tc.sameResult)
			}
		})
	}
}

// toolStream is a streamed tool call: the call's id and name, then its
// arguments in two pieces, then the finish reason.
func toolStream(chatID, callID string) string {
	chunk := func(delta, finish string) string {
		return `{"__type__":"openai.types.chat.chat_completion_chunk.ChatCompletionChunk","__data__":{"id":` + quote(chatID) +
			`,"object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}}`
	}
	return `{"body":[` +
		chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":`+quote(callID)+`,"type":"function","function":{"name":"get_weather","arguments":""}}]}`, "null") + "," +
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]}`, "null") + "," +
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]}`, "null") + "," +
		chunk(`{}`, `"tool_calls"`) +
		`],"is_streaming":true}`
}

func TestCompareToolStreams(t *testing.T) {
	a := parse(t, "a.json", recording(tid, chatBody("0.7", question), toolStream("chatcmpl-1", "call_abc")))
	b := parse(t, "b.json", recording(tid, chatBody("0.7", question), toolStream("chatcmpl-2", "call_xyz")))
	if len(a.Chunks) != 4 {
		t.Fatalf("%d chunks, want 4", len(a.Chunks))
	}
	res := Compare(a, b)
	if len(res.Changes) != 0 || !res.SameResult || !res.SameChunking {
		t.Errorf("streams differing only in ids: %+v", res)
	}
}
