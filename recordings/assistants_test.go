package recordings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/valyala/fastjson"
)

// TestAssistantsShapes: the Assistants API's shapes that openai-dotnet's
// fixtures do not hold, written from the API reference
// (platform.openai.com/docs/api-reference/run-steps/step-object,
// /runs/object, /messages/createMessage): a function call's step with
// its output, a failed run's last_error, a required action of another
// kind, a list of mixed objects, a message added to a thread.
func TestAssistantsShapes(t *testing.T) {
	// A function call's step: the call, then its output as its result.
	step := fastjson.MustParse(`{"id":"step_1","object":"thread.run.step","type":"tool_calls","status":"completed","last_error":null,
		"step_details":{"type":"tool_calls","tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}","output":"12°C"}}]}}`)
	a := ReadAnswer(FamilyOpenAIAssistants, step)
	if len(a.Choices) != 1 || len(a.Choices[0].Parts) != 2 {
		t.Fatalf("a function call's step: %+v", a.Choices)
	}
	call, out := a.Choices[0].Parts[0], a.Choices[0].Parts[1]
	if call.Kind != PartToolCall || call.ToolCall.Name != "get_weather" || call.ToolCall.Arguments != `{"city":"Oslo"}` ||
		out.Kind != PartToolResult || out.Text != "12°C" || out.CallID != "call_1" || a.Choices[0].FinishReason != "" {
		t.Errorf("a function call's step: %+v then %+v", call, out)
	}
	// Not yet run: no output, no result.
	step = fastjson.MustParse(`{"object":"thread.run.step","step_details":{"type":"tool_calls","tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}","output":null}}]}}`)
	if a := ReadAnswer(FamilyOpenAIAssistants, step); len(a.Choices[0].Parts) != 1 {
		t.Errorf("a call without output: %+v", a.Choices[0].Parts)
	}

	// A failed run: its last_error is the Answer's Error; it asks for no
	// tool call, so there is no choice; its status is shown as recorded.
	run := fastjson.MustParse(`{"id":"run_1","object":"thread.run","status":"failed","required_action":null,
		"last_error":{"code":"rate_limit_exceeded","message":"You exceeded your current quota."},"usage":null}`)
	a = ReadAnswer(FamilyOpenAIAssistants, run)
	if a.Error == nil || a.Error.Type != "rate_limit_exceeded" || a.Error.Message != "You exceeded your current quota." || len(a.Choices) != 0 ||
		len(a.Other) != 1 || a.Other[0].Path != "status" {
		t.Errorf("a failed run: error %+v, choices %+v", a.Error, a.Choices)
	}

	// A required action of a kind recview does not read is shown as
	// recorded.
	run = fastjson.MustParse(`{"object":"thread.run","status":"requires_action","required_action":{"type":"approve","approve":{"id":"x"}}}`)
	a = ReadAnswer(FamilyOpenAIAssistants, run)
	if len(a.Other) != 2 || a.Other[1].Path != "required_action" || len(a.Choices) != 0 {
		t.Errorf("another required action: other %+v, choices %+v", a.Other, a.Choices)
	}

	// Only a list of one kind of Assistants object is read.
	for body, want := range map[string]bool{
		`{"object":"list","data":[{"object":"thread.message","role":"user","content":[]}]}`:                              true,
		`{"object":"list","data":[{"object":"thread.run.step"},{"object":"thread.run.step"}]}`:                           true,
		`{"object":"list","data":[{"object":"thread.message","role":"user","content":[]},{"object":"thread.run.step"}]}`: false,
		`{"object":"list","data":[{"object":"thread.run"}]}`:                                                             false,
		`{"object":"list","data":[]}`:                                     false,
		`{"object":"list","data":[{"object":"assistant","id":"asst_1"}]}`: false,
		`{"object":"list","data":[{"object":"thread.message","role":"user","content":[]},{"object":"thread.message","role":"x"}]}`: true,
	} {
		if got := isAssistantsList(fastjson.MustParse(body)); got != want {
			t.Errorf("isAssistantsList(%s) = %v", body, got)
		}
	}

	// A message added to a thread: the body's role and content are the
	// turn; its attachments are a parameter, listed once.
	r := &Recording{Family: FamilyOpenAIAssistants, Body: fastjson.MustParse(`{"role":"user","content":[{"type":"text","text":"Hi"}],"attachments":[{"file_id":"f1"}]}`)}
	c := r.Conversation()
	var got []string
	for _, m := range c.Messages {
		got = append(got, m.Role+": "+m.Text())
		for _, o := range m.Other {
			got = append(got, "other "+o.Path)
		}
	}
	for _, p := range c.Params {
		got = append(got, "param "+p.Name+" "+p.Value)
	}
	want := []string{"user: Hi", `param attachments [{"file_id":"f1"}]`}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("a message added (-want +got):\n%s", d)
	}

	// A new thread's other members are parameters under "thread.".
	r.Body = fastjson.MustParse(`{"assistant_id":"asst_1","thread":{"messages":[{"role":"user","content":"Hi"}],"tool_resources":{"code_interpreter":{"file_ids":["f1"]}}}}`)
	c = r.Conversation()
	got = got[:0]
	for _, p := range c.Params {
		got = append(got, p.Name+" "+p.Value)
	}
	want = []string{`assistant_id "asst_1"`, `thread.tool_resources {"code_interpreter":{"file_ids":["f1"]}}`}
	if d := cmp.Diff(want, got); d != "" || len(c.Messages) != 1 || c.Messages[0].Text() != "Hi" {
		t.Errorf("a new thread: messages %+v, params (-want +got):\n%s", c.Messages, d)
	}
	// A thread that is no object is a parameter as recorded.
	r.Body = fastjson.MustParse(`{"assistant_id":"asst_1","thread":"thread_1"}`)
	if c = r.Conversation(); len(c.Params) != 2 || c.Params[1] != (Param{"thread", `"thread_1"`}) || len(c.Messages) != 0 {
		t.Errorf("a thread as a string: params %+v, messages %+v", c.Params, c.Messages)
	}
}
