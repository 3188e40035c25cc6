package hashed

import "testing"

func TestIsID(t *testing.T) {
	for p, want := range map[string]bool{
		"body.messages[3].tool_call_id":     true,
		"body.messages[2].tool_calls[0].id": true,
		"body.previous_response_id":         true,
		"body.tools[0].vector_store_ids[1]": true,
		`headers["X-Request-Id"]`:           false, // "-Id", not "_id"
		"body.messages[0].content":          false,
		"body.temperature":                  false,
		"body.idea":                         false,
		"id":                                true,
	} {
		if got := IsID(p); got != want {
			t.Errorf("IsID(%q) = %v, want %v (last key %q)", p, got, want, LastKey(p))
		}
	}
}

func TestSplitURL(t *testing.T) {
	for in, want := range map[string][2]string{
		"http://0.0.0.0:11434/v1/v1/chat/completions": {"0.0.0.0:11434", "/v1/v1/chat/completions"},
		"vertexai:///generate_content":                {"", "/generate_content"},
	} {
		if h, p := SplitURL(in); h != want[0] || p != want[1] {
			t.Errorf("SplitURL(%q) = %q, %q; want %q, %q", in, h, p, want[0], want[1])
		}
	}
}
