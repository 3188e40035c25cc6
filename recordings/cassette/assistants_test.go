//go:build !js

package cassette

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestAssistants: openai-dotnet's Assistants API exchanges, through the
// Azure test proxy, read as messages, runs and run steps. Expected
// values read from the files: each message's role and text value, the
// file_citation's file_id and indices (29–53: the marker after "Filip's
// favorite food is cake", counted by hand), the tool call a run's
// required_action asks for, each run's and step's status (as
// recorded), each step's details and usage, and the requests' thread
// messages and tool outputs.
func TestAssistants(t *testing.T) {
	its := allInteractions(t)
	const proxy = "azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__AssistantsTests__"
	tests := []struct {
		name string
		list string
		want []string // answer (describeAnswer)
		req  []string // the request's turns and parameters (describeRequest)
	}{
		{proxy + "FunctionToolsWork.json#17", "thread message",
			[]string{"assistant: You should eat tacos on Thursday! 🌮", "user: What should I eat on Thursday?", "other has_more false"},
			nil},
		{proxy + "FunctionToolsWork.json#8", "",
			[]string{`assistant: call get_favorite_food_for_day_of_week call_b9LqseCoPpctoIx71RVNZ1nB {"day_of_week":"Thursday"}`,
				`other status "requires_action"`, `other model "gpt-4o"`, "other tools", "other temperature 1.0", "other top_p 1.0", "other truncation_strategy",
				`other response_format "auto"`, `other tool_choice "auto"`, "other parallel_tool_calls true"},
			nil},
		// Runs that ask for nothing: no choice (shown as raw JSON).
		{proxy + "FunctionToolsWork.json#2", "",
			[]string{`other status "queued"`, `other model "gpt-4o"`, "other tools", "other temperature 1.0", "other top_p 1.0", "other truncation_strategy",
				`other response_format "auto"`, `other tool_choice "auto"`, "other parallel_tool_calls true"},
			[]string{"user: What should I eat on Thursday?", `param assistant_id "asst_LtiaO4m2KzcEDhNxZLOWffZY"`}},
		{proxy + "FunctionToolsWork.json#13", "",
			[]string{`other status "queued"`, `other model "gpt-4o"`, "other tools", "other temperature 1.0", "other top_p 1.0", "other truncation_strategy",
				`other response_format "auto"`, `other tool_choice "auto"`, "other parallel_tool_calls true"},
			[]string{"tool: result call_b9LqseCoPpctoIx71RVNZ1nB tacos"}},
		{proxy + "FileSearchWorks.json#8", "thread message",
			[]string{"assistant: Filip's favorite food is cake【4:0†favorite_foods.txt】.",
				"cites file_citation file-DLCAr5NoVMw44WT3FrWWva “【4:0†favorite_foods.txt】” characters 29–53",
				"user: Using the files you have available, what's Filip's favorite food?", "other has_more false"},
			nil},
		{proxy + "FileSearchWorks.json#9", "run step",
			[]string{"assistant: other message_creation", "assistant: other file_search",
				"usage data[0].prompt_tokens 1270", "usage data[0].completion_tokens 20", "usage data[0].total_tokens 1290",
				"usage data[0].prompt_token_details.cached_tokens 0", "usage data[0].completion_tokens_details.reasoning_tokens 0",
				"usage data[1].prompt_tokens 830", "usage data[1].completion_tokens 19", "usage data[1].total_tokens 849",
				"usage data[1].prompt_token_details.cached_tokens 0", "usage data[1].completion_tokens_details.reasoning_tokens 0",
				"other has_more false", `other data[0].status "completed"`, `other data[1].status "completed"`},
			nil},
	}
	for _, tt := range tests {
		r, ans, ok := answerAs(t, its, tt.name, recordings.FamilyOpenAIAssistants)
		if !ok {
			continue
		}
		if ans.List != tt.list {
			t.Errorf("%s: List %q, want %q", tt.name, ans.List, tt.list)
		}
		if d := cmp.Diff(tt.want, describeAnswer(&ans)); d != "" {
			t.Errorf("%s: answer (-want +got):\n%s", tt.name, d)
		}
		if tt.req == nil {
			continue
		}
		if d := cmp.Diff(tt.req, describeRequest(r.Conversation())); d != "" {
			t.Errorf("%s: request (-want +got):\n%s", tt.name, d)
		}
	}

	// A run's stream of thread.* events is assembled, with no notice
	// (recordings' TestAssistantsRunStream reads it).
	r := parsedInteraction(t, its, proxy+"FileSearchStreamingWorks.json#4")
	if r.Family != recordings.FamilyOpenAIAssistants || !r.Streaming || r.Notice != "" {
		t.Errorf("the run's stream: %s, streaming %v, notice %q", r.Family, r.Streaming, r.Notice)
	}
}

// answerAs parses the interaction name of its, assembles it and reads
// its answer; ok is false, said, when it is not of family f, is
// unknown or does not assemble.
func answerAs(t *testing.T, its map[string]Interaction, name string, f recordings.Family) (*recordings.Recording, recordings.Answer, bool) {
	t.Helper()
	r := parsedInteraction(t, its, name)
	v, err := recordings.Assemble(r)
	if r.Family != f || r.Unknown || err != nil {
		t.Errorf("%s: %s, unknown %v (%v), want %s", name, r.Family, r.Unknown, err, f)
		return r, recordings.Answer{}, false
	}
	return r, recordings.ReadAnswer(r.Family, v), true
}

// describeAnswer gives a's choices, one line per text or part ("role:
// text", "role: call NAME ID ARGS", "role: other TYPE"), a line per
// citation and finish reason, then its usage and Other (a value that is
// an object or a list by its path alone).
func describeAnswer(a *recordings.Answer) []string {
	var out []string
	for _, c := range a.Choices {
		if len(c.Parts) == 0 {
			out = append(out, c.Role+": ")
		}
		for _, p := range c.Parts {
			switch p.Kind {
			case recordings.PartToolCall:
				out = append(out, c.Role+": call "+p.ToolCall.Name+" "+p.ToolCall.ID+" "+p.ToolCall.Arguments)
			case recordings.PartOther:
				out = append(out, c.Role+": other "+string(p.Raw.GetStringBytes("type")))
			default:
				out = append(out, c.Role+": "+p.Text)
			}
			for _, ci := range p.Citations {
				out = append(out, "cites "+ci.Kind+" "+ci.Source+" “"+ci.Span+"” "+ci.Where)
			}
		}
		if c.FinishReason != "" {
			out = append(out, "finish "+c.FinishReason)
		}
	}
	for _, u := range a.Usage {
		out = append(out, "usage "+u.Name+" "+u.Value)
	}
	for _, o := range a.Other {
		line := "other " + o.Path
		if s := o.Value.String(); !strings.HasPrefix(s, "{") && !strings.HasPrefix(s, "[") {
			line += " " + s
		}
		out = append(out, line)
	}
	return out
}

// describeRequest gives c's turns ("role: text", "role: result CALLID
// TEXT") and its parameters ("param NAME VALUE").
func describeRequest(c recordings.Conversation) []string {
	var out []string
	for _, m := range c.Messages {
		for _, p := range m.Parts {
			if p.Kind == recordings.PartToolResult {
				out = append(out, m.Role+": result "+p.CallID+" "+p.Text)
				continue
			}
			out = append(out, m.Role+": "+p.Text)
		}
	}
	for _, p := range c.Params {
		out = append(out, "param "+p.Name+" "+p.Value)
	}
	return out
}
