package recordings_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// TestTokenCount: Anthropic's, Gemini's and Bedrock's token counts known
// by their paths, the request they count read as a request (Bedrock's
// inside input.converse), their counts read. Expected values read in
// the files.
func TestTokenCount(t *testing.T) {
	for _, tc := range []struct {
		file   string
		counts []recordings.UsageItem
		user   string // the first user message's text
		params []recordings.Param
	}{
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_count_tokens_with_adaptive_thinking_and_output_tools.yaml",
			[]recordings.UsageItem{{Name: "input_tokens", Value: "671"}}, "What is the capital of France?",
			[]recordings.Param{{Name: "model", Value: `"claude-opus-4-6"`}, {Name: "thinking", Value: `{"type":"adaptive"}`}, {Name: "tool_choice", Value: `{"type":"any"}`}}},
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_google__test_google_model_usage_limit_exceeded.yaml",
			[]recordings.UsageItem{{Name: "totalTokens", Value: "12"}, {Name: "promptTokensDetails[TEXT].tokenCount", Value: "12"}},
			"The quick brown fox jumps over the lazydog.", nil},
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_bedrock__test_bedrock_model_usage_limit_exceeded.yaml",
			[]recordings.UsageItem{{Name: "inputTokens", Value: "23"}}, "The quick brown fox jumps over the lazydog.\n\nWhat was next?", nil},
	} {
		r := interactionOf(t, tc.file, 0)
		if r.Family != recordings.FamilyTokenCount || r.Notice != "" {
			t.Errorf("%s: family %s, notice %q", tc.file, r.Family, r.Notice)
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.counts, recordings.ReadTokenCount(v)); d != "" {
			t.Errorf("%s: counts (-want +got):\n%s", tc.file, d)
		}
		conv := r.Conversation()
		user := ""
		for _, m := range conv.Messages {
			if m.Role == "user" {
				user = m.Text()
				break
			}
		}
		if user != tc.user {
			t.Errorf("%s: the user's turn %q, want %q", tc.file, user, tc.user)
		}
		if d := cmp.Diff(tc.params, conv.Params); d != "" {
			t.Errorf("%s: params (-want +got):\n%s", tc.file, d)
		}
	}
}

// TestTokenCountBodies: the shapes no fixture holds, written from the
// API references: Gemini's generateContentRequest
// (ai.google.dev/api/tokens#method:-models.counttokens), Bedrock's
// input.invokeModel (API_runtime_CountTokens), OpenAI's
// /v1/responses/input_tokens and its response.
func TestTokenCountBodies(t *testing.T) {
	rec := func(url, body, resp string) *recordings.Recording {
		t.Helper()
		r, err := recordings.Parse("x.json", []byte(`{"request":{"method":"POST","url":"`+url+`","payload":`+body+`},"response":{"status":200,"body":`+resp+`,"is_streaming":false}}`))
		if err != nil {
			t.Fatal(err)
		}
		if r.Family != recordings.FamilyTokenCount {
			t.Fatalf("%s: family %s", url, r.Family)
		}
		return r
	}
	r := rec("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:countTokens",
		`{"generateContentRequest":{"model":"models/gemini-2.5-flash","contents":[{"role":"user","parts":[{"text":"Hi there"}]}],"systemInstruction":{"parts":[{"text":"Be brief."}]}}}`,
		`{"totalTokens":7}`)
	conv := r.Conversation()
	if len(conv.Messages) != 2 || conv.Messages[0].Role != "system" || conv.Messages[0].Text() != "Be brief." || conv.Messages[1].Text() != "Hi there" {
		t.Errorf("Gemini's generateContentRequest: %+v", conv.Messages)
	}
	if d := cmp.Diff([]recordings.Param{{Name: "model", Value: `"models/gemini-2.5-flash"`}}, conv.Params); d != "" {
		t.Errorf("Gemini's params (-want +got):\n%s", d)
	}
	// Bedrock's invokeModel holds the model's own body as a string: shown
	// as recorded, as a parameter.
	r = rec("https://bedrock-runtime.us-east-1.amazonaws.com/model/m/count-tokens",
		`{"input":{"invokeModel":{"body":"{\"prompt\":\"Hi\"}"}}}`, `{"inputTokens":3}`)
	conv = r.Conversation()
	if len(conv.Messages) != 1 || conv.Messages[0].Role != "input" || len(conv.Params) != 0 {
		t.Errorf("Bedrock's invokeModel: %+v, params %+v", conv.Messages, conv.Params)
	}
	r = rec("https://api.openai.com/v1/responses/input_tokens", `{"model":"gpt-5","input":"Tell me a joke."}`,
		`{"object":"response.input_tokens","input_tokens":11}`)
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]recordings.UsageItem{{Name: "input_tokens", Value: "11"}}, recordings.ReadTokenCount(v)); d != "" {
		t.Errorf("OpenAI's input token count (-want +got):\n%s", d)
	}
	if got := recordings.ReadTokenCount(fastjson.MustParse(`{"object":"response.input_tokens"}`)); got != nil {
		t.Errorf("no counts: %+v", got)
	}
}
