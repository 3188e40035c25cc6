package recordings_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// xaiInteraction parses interaction k of one of pydantic-ai's xAI
// samples in testdata.
func xaiInteraction(t *testing.T, name string, k int) *recordings.Recording {
	t.Helper()
	r := interactionOf(t, "testdata/cassettes/pydantic-ai__tests__models__cassettes__test_xai__"+name+".xai.yaml", k)
	if r.Family != recordings.FamilyXAIChat || r.Unknown {
		t.Fatalf("%s: family %s, notice %q", name, r.Family, r.Notice)
	}
	return r
}

// TestXAIStream: the 88 chunks of an answer that called a DeepWiki MCP
// tool on xAI's side, folded as xai_sdk's process_chunk folds them. The
// expected values were read in the file with a script of its own (the
// deltas of each output index joined): the assistant's call
// (REASON_TOOL_CALLS), the tool's output (2,881 bytes, no finish
// reason), the answer (388 bytes, REASON_STOP); the last chunk's usage.
func TestXAIStream(t *testing.T) {
	r := xaiInteraction(t, "test_xai_builtin_mcp_server_tool_stream", 0)
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	type choice struct {
		Role, Finish, Calls string
		Text                int
		Start               string
	}
	var got []choice
	for _, c := range a.Choices {
		var calls []string
		for _, tc := range c.ToolCalls() {
			calls = append(calls, tc.Name+" "+tc.Arguments)
		}
		text := c.Text()
		got = append(got, choice{c.Role, c.FinishReason, strings.Join(calls, "; "), len(text), text[:min(len(text), 36)]})
	}
	call := `deepwiki.ask_question {"repoName":"pydantic/pydantic-ai","question":"Provide a short summary of the repository, including its purpose and main features."}`
	want := []choice{
		{"assistant", "REASON_TOOL_CALLS", call, 0, ""},
		{"tool", "", call, 2881, "This repository, `pydantic/pydantic-"},
		{"assistant", "REASON_STOP", "", 388, "Pydantic/pydantic-ai is a GenAI Agen"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("outputs (-want +got):\n%s", d)
	}
	usage := map[string]string{}
	for _, u := range a.Usage {
		usage[u.Name] = u.Value
	}
	if usage["completion_tokens"] != "141" || usage["prompt_tokens"] != "1783" || usage["reasoning_tokens"] != "262" {
		t.Errorf("usage %v", a.Usage)
	}
	// The encrypted content is kept, not read: shown as recorded.
	var others []string
	for _, m := range a.Other {
		others = append(others, m.Path)
	}
	if !cmp.Equal(others, []string{"outputs[0].message.encrypted_content", "outputs[2].message.encrypted_content"}) {
		t.Errorf("other members %q", others)
	}
	s, err := recordings.NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 88 {
		t.Errorf("%d steps, want 88", s.Len())
	}
}

// TestXAIAnswer: a whole answer (GetChatCompletionResponse) after a
// tool's result, and its request's turns with xAI's roles named as the
// other families name them; read in the file.
func TestXAIAnswer(t *testing.T) {
	r := xaiInteraction(t, "test_xai_thinking_tool_call_grouping_round_trip", 1)
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	if len(a.Choices) != 1 {
		t.Fatalf("choices %+v", a.Choices)
	}
	c := a.Choices[0]
	if c.Role != "assistant" || c.FinishReason != "REASON_STOP" || c.Text() != "It is sunny and 25°C in London." ||
		len(c.Parts) != 2 || c.Parts[0].Kind != recordings.PartThinking || !strings.HasPrefix(c.Parts[0].Text, `The tool returned: "It is sunny and 25°C."`) {
		t.Errorf("the answer: %+v", c)
	}
	// The tool's schema, recorded as JSON text, read as the object it
	// holds.
	conv := r.Conversation()
	if len(conv.Tools) != 1 || conv.Tools[0].Name != "get_weather" || conv.Tools[0].Parameters == nil ||
		string(conv.Tools[0].Parameters.GetStringBytes("required", "0")) != "city" {
		t.Errorf("the tools %+v", conv.Tools)
	}
	var roles []string
	for _, m := range conv.Messages {
		roles = append(roles, m.Role)
	}
	if !cmp.Equal(roles, []string{"user", "assistant", "tool"}) {
		t.Errorf("the request's roles %q", roles)
	}
}
