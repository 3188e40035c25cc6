//go:build !js

package cassette

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestTokenInput: an embeddings input given as token ids, one list or a
// list of lists, reads as one "tokens" message per list, the ids as
// recorded; never one "not read" part per id. The ids and the other
// members were read in dd-trace-py's cassettes; the asked inputs are
// the lists, in order.
func TestTokenInput(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name string
		want []string
	}{
		{"dd-trace-py__tests__contrib__openai__cassettes__v1__embedding_token_array.yaml#1",
			[]string{"tokens: 1111 2222 3333", `param model "text-embedding-ada-002"`, `param user "ddtrace-test"`}},
		{"dd-trace-py__tests__contrib__openai__cassettes__v1__embedding_array_of_token_arrays.yaml#1",
			[]string{"tokens: 1111 2222 3333", "tokens: 4444 5555 6666", "tokens: 7777 8888 9999", `param model "text-embedding-ada-002"`, `param user "ddtrace-test"`}},
		{"dd-trace-py__tests__cassettes__openai__openai_embeddings_post_8c74532d.json#1",
			[]string{"tokens: 3923 374 279 6864 315 9822 30", `param model "text-embedding-ada-002"`, `param encoding_format "base64"`}},
	}
	for _, tt := range tests {
		r := parsedInteraction(t, its, tt.name)
		c := r.Conversation()
		if d := cmp.Diff(tt.want, describeRequest(c)); d != "" {
			t.Errorf("%s: request (-want +got):\n%s", tt.name, d)
		}
		if asked, _ := recordings.Asked(c.Messages); len(asked) != len(c.Messages) {
			t.Errorf("%s: %d of %d token lists asked", tt.name, len(asked), len(c.Messages))
		}
	}
}
