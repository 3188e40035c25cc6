package recordings_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// runStreamFile is openai-dotnet's file search run, streamed: 24 events,
// the answer in nine thread.message.delta events.
const runStreamFile = "testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__AssistantsTests__FileSearchStreamingWorks.json"

// runStreamAnswer is that run's answer, read by hand in the file: the
// nine deltas' text joined, which is also the thread.message.completed
// event's text; its one annotation, a file citation at characters 29–53.
const runStreamAnswer = "Filip's favorite food is cake【4:0†favorite_foods.txt】."

// TestAssistantsRunStream folds the run's events: after four deltas
// (step 15) the text is "Filip's favorite"; before the message's
// completed event (step 20) the deltas are merged as openai-python's
// accumulate_delta merges them (the text joined, the annotation merged
// by its index; checked with a script of its own against the file), and
// after it the message is the completed one; the run's usage is read
// (total_tokens 2068) and the stream is complete.
func TestAssistantsRunStream(t *testing.T) {
	r := interactionOf(t, runStreamFile, 3)
	if r.Family != recordings.FamilyOpenAIAssistants || r.Notice != "" || len(r.Chunks) != 24 {
		t.Fatalf("family %s, notice %q, %d chunks", r.Family, r.Notice, len(r.Chunks))
	}
	s, err := recordings.NewStepper(r)
	if err != nil || s.Err() != nil {
		t.Fatalf("%v, %v", err, s.Err())
	}
	var joined strings.Builder
	for k := 1; k <= s.Len(); k++ {
		for _, d := range s.Deltas(k) {
			if d.Kind == recordings.KindContent {
				joined.WriteString(d.Text)
			}
		}
	}
	if joined.String() != runStreamAnswer {
		t.Errorf("the deltas' text: %q", joined.String())
	}
	for _, tt := range []struct {
		step int
		text string
	}{{10, ""}, {15, "Filip's favorite"}, {20, runStreamAnswer}, {24, runStreamAnswer}} {
		s.Seek(tt.step)
		a := recordings.ReadAnswer(r.Family, s.Result())
		if len(a.Choices) != 1 || a.Choices[0].Role != "assistant" {
			t.Errorf("step %d: choices %+v", tt.step, a.Choices)
			continue
		}
		text := a.Choices[0].Text()
		if text != tt.text {
			t.Errorf("step %d: %q, want %q", tt.step, text, tt.text)
		}
		if tt.step >= 20 {
			cs := a.Choices[0].Parts[0].Citations
			if len(cs) != 1 || !strings.Contains(cs[0].String(), "file-CyHtsk7XAWdRabQUBYRjCu") {
				t.Errorf("step %d: citations %v", tt.step, cs)
			}
		}
		if tt.step == 24 {
			usage := map[string]string{}
			for _, u := range a.Usage {
				usage[u.Name] = u.Value
			}
			if usage["run.total_tokens"] != "2068" {
				t.Errorf("usage %v", a.Usage)
			}
		}
	}
}

// TestAssistantsRunStreamAction: a run that stops to ask for a tool's
// output (requires_action, written from the API reference) is complete,
// its calls the assistant's; a delta of a message never created is an
// error naming it.
func TestAssistantsRunStreamAction(t *testing.T) {
	run := `{"id":"run_1","object":"thread.run","status":"%s"%s}`
	action := `,"required_action":{"type":"submit_tool_outputs","submit_tool_outputs":{"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]}}`
	sse := func(events ...string) *recordings.Recording {
		t.Helper()
		var body []string
		for i := 0; i < len(events); i += 2 {
			body = append(body, "event: "+events[i], "data: "+events[i+1], "")
		}
		lines, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r, err := recordings.Parse("run.json", []byte(`{"request":{"url":"https://api.openai.com/v1/threads/thread_1/runs","method":"POST","payload":{"assistant_id":"asst_1","stream":true}},`+
			`"response":{"status":200,"body":`+string(lines)+`,"is_streaming":true}}`))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := sse("thread.run.created", fmt.Sprintf(run, "queued", ""), "thread.run.requires_action", fmt.Sprintf(run, "requires_action", action))
	s, err := recordings.NewStepper(r)
	if err != nil || s.Err() != nil {
		t.Fatalf("%v, %v", err, s.Err())
	}
	s.Seek(s.Len())
	a := recordings.ReadAnswer(r.Family, s.Result())
	if calls := a.Choices; len(calls) != 1 || len(calls[0].ToolCalls()) != 1 || calls[0].ToolCalls()[0].Name != "get_weather" {
		t.Errorf("choices %+v", a.Choices)
	}
	r = sse("thread.message.delta", `{"id":"msg_9","object":"thread.message.delta","delta":{"content":[{"index":0,"type":"text","text":{"value":"Hi"}}]}}`)
	if s, err := recordings.NewStepper(r); err != nil || s.ChunkErr(1) == nil || !strings.Contains(s.ChunkErr(1).Error(), `message "msg_9", which no thread.message event created`) {
		t.Errorf("a delta of no message: %v, %v", err, s.ChunkErr(1))
	}
	// openai-python's accumulate_run_step raises a KeyError for a step's
	// delta before the step: refused, naming the step, and the step that
	// came is kept alone.
	step := `{"id":"step_1","object":"thread.run.step","type":"tool_calls","step_details":{"type":"tool_calls","tool_calls":[]}}`
	r = sse("thread.run.step.created", step,
		"thread.run.step.delta", `{"id":"step_2","object":"thread.run.step.delta","delta":{"step_details":{"type":"tool_calls","tool_calls":[{"index":0,"type":"function"}]}}}`)
	s, err = recordings.NewStepper(r)
	if err != nil || s.ChunkErr(2) == nil || !strings.Contains(s.ChunkErr(2).Error(), `step "step_2", which no thread.run.step event created`) {
		t.Fatalf("a delta of no step: %v, %v", err, s.ChunkErr(2))
	}
	s.Seek(s.Len())
	if steps := s.Result().GetArray("steps"); len(steps) != 1 || string(steps[0].GetStringBytes("id")) != "step_1" || len(steps[0].GetArray("step_details", "tool_calls")) != 0 {
		t.Errorf("steps %s", s.Result().Get("steps"))
	}
}
