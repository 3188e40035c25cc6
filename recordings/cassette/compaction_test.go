//go:build !js

package cassette

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestCompaction: what POST /v1/responses/compact answers (object
// "response.compaction") is read as the list of the conversation's
// items it kept, each labelled by its place in "output", the compaction
// item as recorded, and the usage of the compaction pass. The expected
// lines were read from the two files: their user messages, their
// compaction items and their usage members.
func TestCompaction(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name string
		want []string
	}{
		{"azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponsesTests__CanCompactConversationAsync.json#2", []string{
			"user: Create a simple landing page for a dog petting café.", "compaction: other compaction",
			"usage input_tokens 1110", "usage input_tokens_details.cached_tokens 0", "usage output_tokens 393",
			"usage output_tokens_details.reasoning_tokens 0", "usage total_tokens 1503"}},
		{"pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_compact_with_auto_previous_response_id.yaml#2", []string{
			"user: Hello!", "compaction: other compaction",
			"usage input_tokens 115", "usage input_tokens_details.cached_tokens 0", "usage output_tokens 342",
			"usage output_tokens_details.reasoning_tokens 0", "usage total_tokens 457"}},
	}
	for _, tt := range tests {
		_, ans, ok := answerAs(t, its, tt.name, recordings.FamilyOpenAIResponses)
		if !ok {
			continue
		}
		if ans.List != "compacted item" || len(ans.Choices) != 2 {
			t.Errorf("%s: List %q, %d items, want 2 compacted items", tt.name, ans.List, len(ans.Choices))
		} else if l := ans.ChoiceLabel(&ans.Choices[1]); l != "output[1]" {
			t.Errorf("%s: the compaction item labelled %q, want output[1]", tt.name, l)
		}
		if d := cmp.Diff(tt.want, describeAnswer(&ans)); d != "" {
			t.Errorf("%s: answer (-want +got):\n%s", tt.name, d)
		}
	}
}
