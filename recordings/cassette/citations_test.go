//go:build !js

package cassette

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/recview/recview/recordings"
)

// TestCitations reads the citations of real answers, one per provider's
// shape, against values read from the files' own events with a script
// apart from recview (the SSE data lines, the events' JSON): the text each
// citing part holds, how many citations it has, and its first.
func TestCitations(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name  string
		text  string // the citing part's text
		n     int    // its citations
		first recordings.Citation
		all   int // the answer's citations in all
	}{
		{
			// Anthropic's web search: citations_delta events of block 3.
			name:  "go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicWebSearch__stream.yaml#1",
			text:  "Tokyo's 2026 population is now estimated at 36,953,600",
			n:     2,
			first: recordings.Citation{Kind: "web_search_result_location", Quote: "Tokyo&#x27;s 2026 population is now estimated at 36,953,600. ", Source: "Tokyo Population 2026", URL: "https://worldpopulationreview.com/cities/japan/tokyo"},
			all:   7,
		},
		{
			// OpenAI's Responses, streamed: response.output_text.annotation.added;
			// the span is the text's characters 77 to 162.
			name:  "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_include_raw_annotations_streaming.yaml#1",
			text:  "The tallest mountain in Alberta is **Mount Columbia** (3,747 m / 12,294 ft). ([britannica.com](https://www.britannica.com/place/Mount-Columbia?utm_source=openai))",
			n:     1,
			first: recordings.Citation{Kind: "url_citation", Span: "([britannica.com](https://www.britannica.com/place/Mount-Columbia?utm_source=openai))", Source: "Mount Columbia | mountain, Alberta, Canada | Britannica", URL: "https://www.britannica.com/place/Mount-Columbia?utm_source=openai", Where: "characters 77–162"},
			all:   1,
		},
		{
			// OpenAI's Responses, unstreamed: output_text annotations whose
			// indices count characters, not bytes (the text has "’" and
			// more before them: 2,187 characters in 2,219 bytes).
			name:  "go-vcr/charmbracelet__fantasy__providertests__testdata__TestOpenAIWebSearch__generate.yaml#1",
			n:     5,
			first: recordings.Citation{Kind: "url_citation", Span: "([metro.tokyo.lg.jp](https://www.metro.tokyo.lg.jp/information/press/2025/03/2025031902?utm_source=openai))", Source: "住民基本台帳による世帯と人口 7年1月現在|3月|都庁総合ホームページ", URL: "https://www.metro.tokyo.lg.jp/information/press/2025/03/2025031902?utm_source=openai", Where: "characters 367–474"},
			all:   5,
		},
		{
			// Cohere's chat, streamed: citation-start events, content_index 1.
			name:  "ruby-vcr/crmne__ruby_llm__spec__fixtures__vcr_cassettes__chat_citations_with_cohere_command-a-plus-05-2026_streams_citations.yml#1",
			text:  "According to the document, Ruby was created by **Yukihiro Matsumoto** in 1993. The document also mentions that Ruby was designed to make programmers happy and productive.",
			n:     2,
			first: recordings.Citation{Kind: "TEXT_CONTENT", Span: "Yukihiro Matsumoto", Source: "facts.txt", Where: "characters 49–67"},
			all:   2,
		},
		{
			// Gemini's file search, streamed: the last chunk's
			// groundingMetadata; the segment's startIndex 0 left out.
			name:  "pydantic-ai__tests__models__cassettes__test_google__test_google_model_file_search_tool_stream.yaml#4",
			text:  "The capital of France is Paris. The city is well-known for its famous landmarks, including the Eiffel Tower.",
			n:     2,
			first: recordings.Citation{Kind: "grounding", Span: "The capital of France is Paris", Quote: "Paris is the capital of France. The Eiffel Tower is a famous landmark in Paris.", Source: "fileSearchStores/testfilesearchstream-lsy34id7fwk0", Where: "bytes 0–30"},
			all:   2,
		},
		{
			// Google's interactions: the model_output step's annotations delta.
			name: "chunks-txt/vercel__ai__packages__google__src__interactions____fixtures____google-search.chunks.txt#1",
			n:    14,
			first: recordings.Citation{Kind: "url_citation", Span: "These updates aim to enable AI agents to manage complex tasks with reduced human intervention", Source: "coaio.com",
				URL: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQHHGSWev89akKS5C6uhfwD95oxHuPPvxBBY4Fh6WhrTziLkAu9wUGgCu7MR3S0D4o6IkZVPbEPlLYQTiWVrwUGxU3Am6TCdu_uw9EsjDGp20LIJ3H0t3a0V22O1QT3eAtB8xvGawPapPjKkYTH3KGRebiqhOorHy4xxkjPGxHJHOte-Xeux1iaa6qCXyGJ1sHyGvaiDtSw6MVzrBIh7Shw=", Where: "characters 346–439"},
			all: 14,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := parsedInteraction(t, its, tc.name)
			v, err := recordings.Assemble(r)
			if err != nil {
				t.Fatal(err)
			}
			ans := recordings.ReadAnswer(r.Family, v)
			var citing *recordings.Part
			all := 0
			for _, c := range ans.Choices {
				for i, p := range c.Parts {
					all += len(p.Citations)
					if citing == nil && len(p.Citations) > 0 {
						citing = &c.Parts[i]
					}
				}
			}
			if citing == nil {
				t.Fatal("no part cites anything")
			}
			if citing.Kind != recordings.PartText || tc.text != "" && citing.Text != tc.text {
				t.Errorf("the citing part is %s %q, want text %q", citing.Kind, citing.Text, tc.text)
			}
			if len(citing.Citations) != tc.n || all != tc.all {
				t.Errorf("%d citations on the part, %d in all; want %d and %d", len(citing.Citations), all, tc.n, tc.all)
			}
			if d := cmp.Diff(tc.first, citing.Citations[0], cmpopts.IgnoreFields(recordings.Citation{}, "Raw")); d != "" {
				t.Errorf("first citation (-want +got):\n%s", d)
			}
		})
	}
}
