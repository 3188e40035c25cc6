package recordings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/valyala/fastjson"
)

// TestListKnown: which lists are stored conversations. A list whose
// items carry an object or a type of another API (a models list, an
// Anthropic model list, embeddings) is not, nor an empty one, nor one
// with an item recview cannot read as an input item.
func TestListKnown(t *testing.T) {
	tests := []struct {
		body        string
		chat, input bool
	}{
		{`{"object":"list","data":[{"id":"c-0","role":"user","content":"hi","content_parts":null,"name":null}]}`, true, false},
		{`{"object":"list","data":[{"type":"message","role":"user","content":[]},{"type":"function_call","call_id":"c1","name":"f","arguments":"{}"}]}`, false, true},
		{`{"object":"list","data":[{"type":"message","role":"user","content":[]},{"type":"file_search_call","id":"fs"}]}`, false, false},
		{`{"object":"list","data":[{"id":"gpt-4o","object":"model"}]}`, false, false},
		{`{"object":"list","data":[{"type":"model","id":"claude"}]}`, false, false},
		{`{"object":"list","data":[{"object":"embedding","embedding":[0.1]}]}`, false, false},
		{`{"object":"list","data":[]}`, false, false},
		{`{"object":"page","data":[{"role":"user","content":"hi"}]}`, false, false},
		{`{"object":"list","data":["hi"]}`, false, false},
	}
	for _, tt := range tests {
		v := fastjson.MustParse(tt.body)
		if got := isChatMessageList(v); got != tt.chat {
			t.Errorf("%s: a chat message list %v, want %v", tt.body, got, tt.chat)
		}
		if got := isInputItemList(v); got != tt.input {
			t.Errorf("%s: an input item list %v, want %v", tt.body, got, tt.input)
		}
	}
}

// TestListRead: a list's items as Choices, in order, each item's own
// members under "data[i]" but for its id; a tool call and its result
// among input items read as the request's input reads them.
func TestListRead(t *testing.T) {
	a := ReadAnswer(FamilyOpenAIChat, fastjson.MustParse(`{"object":"list","data":[
		{"id":"c-0","role":"system","content":"Be brief.","name":null},
		{"id":"c-1","role":"user","content":"hi","name":"ann","metadata":{"k":"v"}}],
		"first_id":"c-0","last_id":"c-1","has_more":false}`))
	var got []string
	for _, c := range a.Choices {
		got = append(got, c.Role+": "+c.Text())
	}
	var other []string
	for _, o := range a.Other {
		other = append(other, o.Path+" "+o.Value.String())
	}
	if d := cmp.Diff([]string{"system: Be brief.", "user: hi"}, got); a.List != "message" || d != "" {
		t.Errorf("List %q, items (-want +got):\n%s", a.List, d)
	}
	if d := cmp.Diff([]string{"has_more false", `data[1].metadata {"k":"v"}`}, other); d != "" {
		t.Errorf("Other (-want +got):\n%s", d)
	}

	a = ReadAnswer(FamilyOpenAIResponses, fastjson.MustParse(`{"object":"list","data":[
		{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},
		{"type":"function_call_output","id":"fco_1","call_id":"call_1","output":"21 degrees"},
		{"type":"message","id":"msg_1","status":"completed","role":"user","content":[{"type":"input_text","text":"And Rome?"}],"phase":"x"}]}`))
	if a.List != "input item" || len(a.Choices) != 3 {
		t.Fatalf("List %q, %d items", a.List, len(a.Choices))
	}
	if tc := a.Choices[0].Parts[0].ToolCall; tc == nil || tc.Name != "get_weather" || tc.Arguments != `{"city":"Paris"}` {
		t.Errorf("item 0: %+v", a.Choices[0].Parts)
	}
	if p := a.Choices[1].Parts[0]; p.Kind != PartToolResult || p.Text != "21 degrees" || p.CallID != "call_1" {
		t.Errorf("item 1: %+v", p)
	}
	if a.Choices[2].Text() != "And Rome?" || len(a.Other) != 1 || a.Other[0].Path != "data[2].phase" {
		t.Errorf("item 2: %q, Other %+v", a.Choices[2].Text(), a.Other)
	}
}

// TestCompletionList: a list of stored chat completions reads as their
// answers, each item's usage named under data[i]; a list whose item has
// two choices is not read as one (it stays raw JSON: no Choices).
func TestCompletionList(t *testing.T) {
	a := ReadAnswer(FamilyOpenAIChat, fastjson.MustParse(`{"object":"list","data":[
		{"object":"chat.completion","id":"c-0","choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}],"usage":{"prompt_tokens":3}},
		{"object":"chat.completion","id":"c-1","choices":[{"index":0,"message":{"role":"assistant","content":"Bye."},"finish_reason":"length"}],"usage":{"prompt_tokens":4}}]}`))
	var got []string
	for _, c := range a.Choices {
		got = append(got, a.ChoiceLabel(&c)+" "+c.Role+": "+c.Text()+" ("+c.FinishReason+")")
	}
	for _, u := range a.Usage {
		got = append(got, u.Name+"="+u.Value)
	}
	want := []string{"data[0] assistant: Hi. (stop)", "data[1] assistant: Bye. (length)", "data[0].prompt_tokens=3", "data[1].prompt_tokens=4"}
	if d := cmp.Diff(want, got); a.List != "chat completion" || d != "" {
		t.Errorf("List %q, read (-want +got):\n%s", a.List, d)
	}
	if n := a.ListNote(); n != "answers stored earlier, not an answer to this request" {
		t.Errorf("ListNote %q", n)
	}
	two := ReadAnswer(FamilyOpenAIChat, fastjson.MustParse(`{"object":"list","data":[
		{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"A"}},{"index":1,"message":{"role":"assistant","content":"B"}}]}]}`))
	if two.List != "" || len(two.Choices) != 0 {
		t.Errorf("a completion of two choices read as a list: %q, %d choices", two.List, len(two.Choices))
	}
}

// TestChoiceLabel: a list's item is named by its place in data, one of
// several choices by its index, the only choice of an answer not at all.
func TestChoiceLabel(t *testing.T) {
	list := Answer{List: "message", Choices: []Choice{{Index: 0}, {Index: 1}}}
	several := Answer{Choices: []Choice{{Index: 0}, {Index: 2}}}
	one := Answer{Choices: []Choice{{Index: 0}}}
	got := []string{list.ChoiceLabel(&list.Choices[1]), several.ChoiceLabel(&several.Choices[1]), one.ChoiceLabel(&one.Choices[0])}
	if d := cmp.Diff([]string{"data[1]", "choice 2", ""}, got); d != "" {
		t.Errorf("labels (-want +got):\n%s", d)
	}
}
