package cassette

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// TestStreamsOracle assembles every Gemini generateContent, Ollama chat
// and generate, Bedrock ConverseStream and Cohere chat stream of the
// recorders' fixtures and reads its answer, held to testdata/streams.tsv, which
// streams.py folded from each provider's documentation, apart from
// package recordings: the finish reason, the tools called, the text.
// Checked by hand against the files' chunks:
//   - Gemini: go-vcr's TestGoogleCommon/gemini-3-pro-preview/
//     simple_streaming #1 (four chunks whose text parts join to '"Hi" in
//     Portuguese is **"Oi"** … which means "Hello".', the last one STOP),
//     and vercel/ai's google-tool-call.chunks.txt (a functionCall weather,
//     then an empty text part and STOP);
//   - Ollama: rig's ollama/streaming/streaming_smoke #1 (289 chunks whose
//     message.content joins from "Hmm, the user wants" to "…on Earth's
//     surface.", done_reason stop) and langchaingo's ollamaclient/
//     TestClient_GenerateStream #1 (22 response pieces, "Okay, here we
//     go!\n\n1, 2, 3, 4, 5\n", stop);
//   - Bedrock: rig's bedrock/streaming/streaming_smoke #1 (an event
//     stream of one text block, "A solar eclipse occurs … and sun.",
//     end_turn) and vercel/ai's amazon-bedrock-tool-call.1.chunks.txt (a
//     toolUse test-tool, tool_use, no text; its metadata before its
//     messageStop);
//   - Cohere: rig's cohere/streaming_tools/streaming_tool_call_roundtrip
//     (#1: 13 tool-plan-delta events, then a tool call subtract whose
//     arguments join to {"x": 2, "y": 5}, TOOL_CALL, no text; #2:
//     "The result of 2 - 5 is -3.", COMPLETE) and ruby_llm's
//     streams_citations (a thinking block, then a text block "According
//     to the document, Ruby was created by **Yukihiro Matsumoto** in
//     1993. …", two citations, COMPLETE).
//
// Every stream of those families is in the table. Gemini's older JSON
// writes finishReason as a number (langchaingo asks
// enum-encoding=int): the answer names it as the API's FinishReason enum
// does (ai.google.dev/api/generate-content#FinishReason: 1 STOP, 2
// MAX_TOKENS).
func TestStreamsOracle(t *testing.T) {
	its, _ := recorderInteractions(t)
	want := map[string][]string{}
	for _, r := range tsvRows(t, "testdata/streams.tsv") {
		want[r[0]+"#"+r[1]] = r
	}
	n := 0
	for name, it := range its {
		if !it.StreamedResponse() {
			continue
		}
		r, err := recordings.Parse(name, it.Recording())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch r.Family {
		case recordings.FamilyGeminiGenerate, recordings.FamilyOllamaChat, recordings.FamilyOllamaGenerate, recordings.FamilyBedrockConverse, recordings.FamilyCohereChat:
		default:
			continue
		}
		w := want[name]
		if w == nil {
			t.Errorf("%s: a %s stream that streams.tsv lacks", name, r.Family)
			continue
		}
		n++
		v, _ := recordings.Assemble(r) // incomplete streams are TestRecordersManifest's
		a := recordings.ReadAnswer(r.Family, v)
		if len(a.Choices) != 1 {
			t.Errorf("%s: %d choices", name, len(a.Choices))
			continue
		}
		var text strings.Builder
		var tools []string
		for _, p := range a.Choices[0].Parts {
			switch p.Kind {
			case recordings.PartText:
				text.WriteString(p.Text)
			case recordings.PartToolCall:
				tools = append(tools, p.ToolCall.Name)
			}
		}
		finish := a.Choices[0].FinishReason
		if name, ok := map[string]string{"1": "STOP", "2": "MAX_TOKENS"}[w[3]]; ok {
			w[3] = name
		}
		var wantText string
		if err := json.Unmarshal([]byte(w[5]), &wantText); err != nil {
			t.Fatalf("%s: the text column: %v", name, err)
		}
		if finish != w[3] || strings.Join(tools, ",") != w[4] || text.String() != wantText {
			t.Errorf("%s: %s, tools %q, text %.100q\nwant %s, tools %q, text %.100q", name, finish, tools, text.String(), w[3], w[4], wantText)
		}
	}
	if n != len(want) {
		t.Errorf("%d streams checked, streams.tsv has %d", n, len(want))
	}
	t.Logf("%d streams checked", n)
}

// TestStreamedCallArguments: a Gemini function call streamed in pieces
// (partialArgs by jsonPath, strings going on with willContinue) is one
// call whose arguments are the pieces put together: vercel/ai's
// google-stream-tool-call-array-arguments fixture, read line by line by
// hand: writeItems with two operations, an apple and a banana.
func TestStreamedCallArguments(t *testing.T) {
	its, _ := recorderInteractions(t)
	r := parsedInteraction(t, its, "chunks-txt/vercel__ai__packages__google__src____fixtures____google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt#1")
	v, _ := recordings.Assemble(r)
	calls := recordings.ReadAnswer(r.Family, v).Choices[0].ToolCalls()
	want := `{"operations":[{"action":"add","description":"Fresh red apple","itemid":"apple_001","price":0.5},` +
		`{"action":"add","description":"Ripe yellow banana","itemid":"banana_001","price":0.3}]}`
	if len(calls) != 1 || calls[0].Name != "writeItems" || calls[0].Arguments != want {
		for _, c := range calls {
			t.Logf("call %s %s", c.Name, c.Arguments)
		}
		t.Errorf("%d calls, want writeItems %s", len(calls), want)
	}
}

// TestInteractionSteps: the Interactions API's steps (step.start,
// step.delta, interaction.completed; "steps" where it had "outputs") are
// read: each stream's text is its text deltas joined, and its calls are
// its function_call steps, the oracle reading the events with
// encoding/json.
func TestInteractionSteps(t *testing.T) {
	its, _ := recorderInteractions(t)
	n := 0
	for name, it := range its {
		if !strings.Contains(string(it.ResponseBody), "step.start") {
			continue
		}
		n++
		var text strings.Builder
		var calls []string
		for line := range strings.Lines(string(it.ResponseBody)) {
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "data:"))
			var ev struct {
				Type  string `json:"event_type"`
				Step  struct{ Type, Name string }
				Delta struct{ Type, Text string }
			}
			if json.Unmarshal([]byte(line), &ev) != nil {
				continue
			}
			switch {
			case ev.Type == "step.delta" && ev.Delta.Type == "text":
				text.WriteString(ev.Delta.Text)
			case ev.Type == "step.start" && ev.Step.Type == "function_call":
				calls = append(calls, ev.Step.Name)
			}
		}
		r, err := recordings.Parse(name, it.Recording())
		if err != nil {
			t.Fatal(err)
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		c := recordings.ReadAnswer(r.Family, v).Choices[0]
		var got []string
		for _, tc := range c.ToolCalls() {
			got = append(got, tc.Name)
		}
		if c.Text() != text.String() || strings.Join(got, ",") != strings.Join(calls, ",") {
			t.Errorf("%s: text %.80q, calls %q; want %.80q, %q", name, c.Text(), got, text.String(), calls)
		}
	}
	if n < 7 {
		t.Errorf("%d step streams, want the 7 of the recorders' folder", n)
	}
}

// TestInteractionStepsAnswer: an interaction answered whole with steps
// (rig's tool_result_roundtrip cassette, read by hand): its first answer
// is the function call add {"x":7,"y":11}, its second the text "The sum
// of 7 and 11 is 18."
func TestInteractionStepsAnswer(t *testing.T) {
	its, _ := recorderInteractions(t)
	const file = "httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__gemini__interactions_api__tool_result_roundtrip.yaml"
	var got []string
	for k := 1; k <= 2; k++ {
		r := parsedInteraction(t, its, file+"#"+strconv.Itoa(k))
		v, _ := recordings.Assemble(r)
		for _, p := range recordings.ReadAnswer(r.Family, v).Choices[0].Parts {
			if p.Kind == recordings.PartToolCall {
				got = append(got, p.ToolCall.Name+" "+p.ToolCall.Arguments)
			} else {
				got = append(got, string(p.Kind)+" "+p.Text)
			}
		}
	}
	if want := []string{`add {"x":7,"y":11}`, "text The sum of 7 and 11 is 18."}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("parts %q, want %q", got, want)
	}
}

// TestCohereStreamAsAnswered: ruby_llm's cassette asks Cohere's chat the
// same question streamed (#1) and not (#2); the stream's assembly has the
// members, nesting and types of the API's own answer (#2), value for
// value where the two answers agree: the peer here is Cohere itself.
func TestCohereStreamAsAnswered(t *testing.T) {
	its, _ := recorderInteractions(t)
	const file = "ruby-vcr/crmne__ruby_llm__spec__fixtures__vcr_cassettes__chat_streaming_responses_cohere_command-a-03-2025_reports_consistent_token_counts_compared_to_non-streaming.yml"
	var got [2]any
	for k := range 2 {
		name := file + "#" + strconv.Itoa(k+1)
		r := parsedInteraction(t, its, name)
		if r.Family != recordings.FamilyCohereChat || r.Streaming != (k == 0) {
			t.Fatalf("%s: %s, streaming %v", name, r.Family, r.Streaming)
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := json.Unmarshal(v.MarshalTo(nil), &got[k]); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := shapeOf(got[0]), shapeOf(got[1]); a != b {
		t.Errorf("the stream assembles to\n%s\nthe API answers\n%s", a, b)
	}
	msg := func(v any) map[string]any { return v.(map[string]any)["message"].(map[string]any) }
	if a, b := msg(got[0])["role"], msg(got[1])["role"]; a != "assistant" || a != b {
		t.Errorf("roles %v and %v", a, b)
	}
}

// shapeOf is a JSON value's members, nesting and types: an object's keys
// sorted, each with its value's shape; a list's first element's.
func shapeOf(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		b.WriteString("{")
		for _, k := range keys {
			b.WriteString(k + ": " + shapeOf(v[k]) + "; ")
		}
		return b.String() + "}"
	case []any:
		if len(v) == 0 {
			return "[]"
		}
		return "[" + shapeOf(v[0]) + "]"
	case string:
		return "string"
	case float64:
		return "number"
	default:
		return fmt.Sprintf("%T", v)
	}
}

// parsedInteraction is the recording of the interaction named
// "FORMAT/FILE#K" among its (recorderInteractions).
func parsedInteraction(t *testing.T, its map[string]Interaction, name string) *recordings.Recording {
	t.Helper()
	it, ok := its[name]
	if !ok {
		t.Fatalf("no %s", name)
	}
	r, err := recordings.Parse(name, it.Recording())
	if err != nil {
		t.Fatal(err)
	}
	return r
}
