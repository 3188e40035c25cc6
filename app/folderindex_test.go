package app

import "testing"

// TestCallOf: a call is its method and its URI's path, whatever the URI
// holds besides (the examples are real cassettes' URIs: pydantic-ai's
// OpenAI and vcrpy's, Datadog's test agent's paths), or the path it is.
func TestCallOf(t *testing.T) {
	for _, c := range []struct{ method, uri, want string }{
		{"POST", "https://api.openai.com/v1/files", "POST /v1/files"},
		{"DELETE", "https://api.openai.com/v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055", "DELETE /v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055"},
		{"GET", "https://generativelanguage.googleapis.com/v1beta/models?key=hidden&pageSize=50", "GET /v1beta/models"},
		{"POST", "http://localhost:9126", "POST /"},
		{"POST", "/v1/chat/completions", "POST /v1/chat/completions"},
		{"", "https://api.anthropic.com/v1/messages", "/v1/messages"},
		{"GET", "", "GET"},
	} {
		if got := callOf(c.method, c.uri); got != c.want {
			t.Errorf("callOf(%q, %q) = %q, want %q", c.method, c.uri, got, c.want)
		}
	}
}
