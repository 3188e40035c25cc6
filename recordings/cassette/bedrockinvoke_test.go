//go:build !js

package cassette

import (
	"testing"

	"github.com/recview/recview/recordings"
)

// TestBedrockInvoke: Bedrock's InvokeModel of models that answer in
// their own format read as answers, streamed or not: Titan's, Anthropic's
// Text Completions', Meta's and AI21's (FamilyBedrockInvoke), and
// Cohere's Command as a v1 generate (its untyped end event's finish
// reason and invocation metrics kept). Expected values read from the
// files with Python: the HARs' event streams decoded ({"bytes": base64
// JSON}) and each chunk's text joined.
func TestBedrockInvoke(t *testing.T) {
	its := allInteractions(t)
	const har = "har/traceloop__openllmetry-js__packages__instrumentation-bedrock__recordings__"
	tests := []struct {
		name   string
		family recordings.Family
		chunks int
		bytes  int    // the text's length
		prefix string // its start
		finish string
		usage  string // a usage item, "name=value"
		other  string // an Other path expected, or ""
	}{
		{har + "Test-Anthropic-with-AWS-Bedrock-Instrumentation_3427560822__should-set-request-and-response-attributes-in-span-for-given-prompt-with-streaming-result_3091204960__recording.har#1",
			recordings.FamilyBedrockInvoke, 53, 256, " The 4 cardinal directions are:\n\n- North", "stop_sequence", "amazon-bedrock-invocationMetrics.outputTokenCount=63", "stop"},
		{har + "Test-Meta-with-AWS-Bedrock-Instrumentation_2354778931__should-set-request-and-response-attributes-in-span-for-given-prompt-with-streaming-result_3091204960__recording.har#1",
			recordings.FamilyBedrockInvoke, 26, 70, "\n\nThe four cardinal directions are:\n\n1. North", "stop", "prompt_token_count=9", ""},
		{har + "Test-Amazon-Titan-with-AWS-Bedrock-Instrumentation_4093957746__should-set-request-and-response-attributes-in-span-for-given-prompt-with-streaming-result_3091204960__recording.har#1",
			recordings.FamilyBedrockInvoke, 1, 63, "\nThe four cardinal directions are north", "FINISH", "totalOutputTextTokenCount=17", ""},
		{har + "Test-Amazon-Titan-with-AWS-Bedrock-Instrumentation_4093957746__should-set-request-and-response-attributes-in-span-for-given-prompt_213543669__recording.har#1",
			recordings.FamilyBedrockInvoke, 0, 63, "\nThe four cardinal directions are north", "FINISH", "results[0].tokenCount=15", ""},
		{har + "Test-Ai21-with-AWS-Bedrock-Instrumentation_4087958629__should-set-request-and-response-attributes-in-span-for-given-prompt_213543669__recording.har#1",
			recordings.FamilyBedrockInvoke, 0, 60, "\nThe 4 cardinal directions are north", "endoftext", "", "completions[0].data.tokens"},
		{"dd-trace-py__tests__contrib__botocore__bedrock_cassettes__cohere_invoke_stream_single_output.yaml#1",
			recordings.FamilyCohereV1Generate, 11, 38, " I am very happy to assist you! A Long", "MAX_TOKENS", "amazon-bedrock-invocationMetrics.inputTokenCount=20", ""},
	}
	for _, tt := range tests {
		r := parsedInteraction(t, its, tt.name)
		if r.Family != tt.family || len(r.Chunks) != tt.chunks {
			t.Errorf("%s: %s with %d chunks, want %s with %d", tt.name, r.Family, len(r.Chunks), tt.family, tt.chunks)
			continue
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		ans := recordings.ReadAnswer(r.Family, v)
		if len(ans.Choices) != 1 {
			t.Errorf("%s: %d choices", tt.name, len(ans.Choices))
			continue
		}
		c := ans.Choices[0]
		if text := c.Text(); len(text) != tt.bytes || text[:len(tt.prefix)] != tt.prefix || c.FinishReason != tt.finish {
			t.Errorf("%s: text %q (%d bytes), finish %q; want %d bytes from %q, finish %q", tt.name, text, len(text), c.FinishReason, tt.bytes, tt.prefix, tt.finish)
		}
		found := tt.usage == ""
		for _, u := range ans.Usage {
			found = found || u.Name+"="+u.Value == tt.usage
		}
		if !found {
			t.Errorf("%s: usage %v, without %s", tt.name, ans.Usage, tt.usage)
		}
		if tt.other != "" && (len(ans.Other) == 0 || !hasPath(ans.Other, tt.other)) {
			t.Errorf("%s: other members %v, without %s", tt.name, ans.Other, tt.other)
		}
	}
}

// hasPath reports a member at path in ms.
func hasPath(ms []recordings.Member, path string) bool {
	for _, m := range ms {
		if m.Path == path {
			return true
		}
	}
	return false
}
