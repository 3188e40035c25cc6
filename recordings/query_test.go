package recordings_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestQuery: the recorded URL's query, in order and decoded. The URLs
// are the fixtures' (langchaingo's SerpAPI search, an Assistants run's
// steps, Gemini's $alt), the expected values decoded by hand.
func TestQuery(t *testing.T) {
	tests := []struct {
		url  string
		want []recordings.QueryParam
	}{
		{"https://serpapi.com/search?api_key=test-api-key&gl=us&google_domain=google.com&hl=en&q=Go+programming+language+version+1.0+release+date",
			[]recordings.QueryParam{{"api_key", "test-api-key"}, {"gl", "us"}, {"google_domain", "google.com"}, {"hl", "en"}, {"q", "Go programming language version 1.0 release date"}}},
		{"https://api.openai.com/v1/threads/thread_1/runs/run_1/steps?limit=2&after=step_azAwL3S9PGks4AypWC707Bvq&include[]=step_details.tool_calls%5B%2A%5D.file_search.results%5B%2A%5D.content&include[]=x",
			[]recordings.QueryParam{{"limit", "2"}, {"after", "step_azAwL3S9PGks4AypWC707Bvq"}, {"include[]", "step_details.tool_calls[*].file_search.results[*].content"}, {"include[]", "x"}}},
		{"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent?%24alt=json%3Benum-encoding%3Dint#frag",
			[]recordings.QueryParam{{"$alt", "json;enum-encoding=int"}}},
		{"https://example.com/a?&flag&bad=100%&&", []recordings.QueryParam{{"flag", ""}, {"bad", "100%"}}},
		{"http://0.0.0.0:11434/v1/v1/chat/completions", nil},
		{"https://example.com/a?", nil},
	}
	for _, tt := range tests {
		r := &recordings.Recording{URL: tt.url}
		if d := cmp.Diff(tt.want, r.Query()); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.url, d)
		}
	}
}
