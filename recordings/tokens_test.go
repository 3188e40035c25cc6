package recordings_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestTokenPrompt: a completion's prompt of token ids ("string, array
// of strings, array of tokens, or array of token arrays":
// platform.openai.com/docs/api-reference/completions/create) reads as a
// "tokens" message per list; a prompt that is not all token lists reads
// as a prompt, as before.
func TestTokenPrompt(t *testing.T) {
	tests := []struct {
		prompt string
		want   []recordings.Message
	}{
		{`[1, 2, 3]`, []recordings.Message{{Role: "tokens", Parts: []recordings.Part{{Kind: recordings.PartText, Text: "1 2 3"}}}}},
		{`[[15339, 1917], [9906]]`, []recordings.Message{
			{Role: "tokens", Parts: []recordings.Part{{Kind: recordings.PartText, Text: "15339 1917"}}},
			{Role: "tokens", Parts: []recordings.Part{{Kind: recordings.PartText, Text: "9906"}}}}},
		{`["Say this is a test"]`, []recordings.Message{{Role: "prompt", Parts: []recordings.Part{{Kind: recordings.PartText, Text: "Say this is a test"}}}}},
	}
	for _, tt := range tests {
		r, err := recordings.Parse("completion.json", []byte(`{"request": {"method": "POST", "url": "https://api.openai.com/v1/completions", "endpoint": "/v1/completions",
			"body": {"model": "gpt-3.5-turbo-instruct", "prompt": `+tt.prompt+`}}, "response": {"body": {"object": "text_completion", "choices": []}}}`))
		if err != nil {
			t.Fatal(err)
		}
		c := r.Conversation()
		if d := cmp.Diff(tt.want, c.Messages); d != "" {
			t.Errorf("prompt %s (-want +got):\n%s", tt.prompt, d)
		}
	}
}
