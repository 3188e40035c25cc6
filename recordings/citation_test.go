package recordings

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/valyala/fastjson"
)

// TestCitationShapes reads each provider's shape of a citation, written
// from its docs' own examples (the real answers are in the cassette
// package's TestCitations).
func TestCitationShapes(t *testing.T) {
	tests := []struct {
		name, family, answer string
		text                 string // the citing part's text
		want                 []Citation
	}{
		{
			// docs.anthropic.com/en/docs/build-with-claude/citations: a
			// plain-text document's char_location, a PDF's page_location.
			name: "Anthropic document citations", family: "anthropic",
			answer: `{"role":"assistant","content":[{"type":"text","text":"the grass is green","citations":[` +
				`{"type":"char_location","cited_text":"The grass is green. ","document_index":0,"document_title":"Example Document","start_char_index":0,"end_char_index":20},` +
				`{"type":"page_location","cited_text":"The sky is blue.","document_index":1,"document_title":null,"start_page_number":3,"end_page_number":4}]}],"stop_reason":"end_turn"}`,
			text: "the grass is green",
			want: []Citation{
				{Kind: "char_location", Quote: "The grass is green. ", Source: "Example Document", Where: "document 0, characters 0–20"},
				{Kind: "page_location", Quote: "The sky is blue.", Where: "document 1, pages 3–4"},
			},
		},
		{
			// platform.openai.com/docs/guides/tools-web-search: a chat
			// message's annotations, the url_citation's members nested; the
			// indices count characters ("é" is one).
			name: "OpenAI chat annotations", family: "openai",
			answer: `{"object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Café news: [Le Monde](https://lemonde.fr/x).",` +
				`"annotations":[{"type":"url_citation","url_citation":{"start_index":11,"end_index":43,"title":"Le Monde","url":"https://lemonde.fr/x"}},` +
				`{"type":"url_citation","url_citation":{"start_index":40,"end_index":99,"title":"out of range","url":"https://example.com/"}}]}}]}`,
			text: "Café news: [Le Monde](https://lemonde.fr/x).",
			want: []Citation{
				{Kind: "url_citation", Span: "[Le Monde](https://lemonde.fr/x)", Source: "Le Monde", URL: "https://lemonde.fr/x", Where: "characters 11–43"},
				{Kind: "url_citation", Source: "out of range", URL: "https://example.com/", Where: "characters 40–99"},
			},
		},
		{
			// A Cohere message's citation naming no content_index, whose
			// message has no text: given a text part of its own.
			name: "Cohere citation without text", family: "cohere",
			answer: `{"id":"c","finish_reason":"TOOL_CALL","message":{"role":"assistant","tool_plan":"I will look.",` +
				`"citations":[{"start":0,"end":4,"text":"I wi","type":"PLAN","sources":[{"type":"tool","id":"t1","tool_output":{"x":1}}]}]}}`,
			want: []Citation{{Kind: "PLAN", Span: "I wi", Source: "t1", Where: "characters 0–4"}},
		},
	}
	families := map[string]Family{"anthropic": FamilyAnthropicMessages, "openai": FamilyOpenAIChat, "cohere": FamilyCohereChat}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ans := ReadAnswer(families[tc.family], fastjson.MustParse(tc.answer))
			var got *Part
			for i, p := range ans.Choices[0].Parts {
				if len(p.Citations) > 0 {
					got = &ans.Choices[0].Parts[i]
				}
			}
			if got == nil {
				t.Fatalf("no part cites: %+v", ans.Choices[0].Parts)
			}
			if got.Kind != PartText || got.Text != tc.text {
				t.Errorf("citing part %s %q, want text %q", got.Kind, got.Text, tc.text)
			}
			if d := cmp.Diff(tc.want, got.Citations, cmpopts.IgnoreFields(Citation{}, "Raw")); d != "" {
				t.Errorf("citations (-want +got):\n%s", d)
			}
		})
	}
}

// TestCitationsOddShapes: citations that are not objects, or lack every
// member a shape names, are read without a panic, one Citation each, its
// Kind at least.
func TestCitationsOddShapes(t *testing.T) {
	for _, tc := range []struct {
		family Family
		answer string
		n      int
	}{
		{FamilyAnthropicMessages, `{"role":"assistant","content":[{"type":"text","text":"t","citations":[1,"x",{"type":"search_result_location"},{"type":"char_location","start_char_index":"a"}]}]}`, 4},
		{FamilyOpenAIChat, `{"choices":[{"message":{"role":"assistant","content":"t","annotations":[null,{"type":"url_citation","url_citation":{"start_index":5,"end_index":2}}]}}]}`, 2},
		{FamilyCohereChat, `{"message":{"role":"assistant","content":[{"type":"text","text":"t"}],"citations":[{"sources":[1,{"type":"document"}],"content_index":7}]}}`, 1},
		{FamilyGeminiGenerate, `{"candidates":[{"content":{"parts":[{"text":"t"}]},"groundingMetadata":{"groundingChunks":[{}],"groundingSupports":[{"groundingChunkIndices":[9,-1,"x"]}]}}]}`, 2},
	} {
		ans := ReadAnswer(tc.family, fastjson.MustParse(tc.answer))
		n := 0
		for _, c := range ans.Choices {
			for _, p := range c.Parts {
				n += len(p.Citations)
			}
		}
		if n != tc.n {
			t.Errorf("%s: %d citations, want %d", tc.family, n, tc.n)
		}
	}
}

// TestCitationString: the line `recview show` prints, each member in its
// place and what a citation lacks left out.
func TestCitationString(t *testing.T) {
	for _, tc := range []struct {
		c    Citation
		want string
	}{
		{Citation{Kind: "k", Span: "a", Quote: "b", Source: "S", URL: "https://u", Where: "w"}, "“a”, citing “b” — S <https://u> (w)"},
		{Citation{Kind: "k", Quote: "b", URL: "https://u"}, "“b” — <https://u>"},
		{Citation{Kind: "file_path", Where: "at character 3"}, "(at character 3)"},
		{Citation{Kind: "file_path"}, "file_path"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}

// TestResponsesAnnotationStream: response.output_text.annotation.added
// adds its annotation to the part, a step at a time, as the final
// response has it.
func TestResponsesAnnotationStream(t *testing.T) {
	events := []string{
		`{"type":"response.created","response":{"id":"r","object":"response","status":"in_progress","output":[]}}`,
		`{"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"m","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}}`,
		`{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"See (a.com)."}`,
		`{"type":"response.output_text.annotation.added","output_index":0,"content_index":0,"annotation_index":0,"annotation":{"type":"url_citation","start_index":4,"end_index":11,"title":"A","url":"https://a.com"}}`,
		`{"type":"response.completed","response":{"id":"r","object":"response","status":"completed","output":[]}}`,
	}
	r := parseStream(t, "/v1/responses", events)
	st, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	if ds := st.Deltas(5); len(ds) != 1 || ds[0].String() != "annotations=+1" {
		t.Errorf("the annotation's step adds %v", ds)
	}
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Get("output", "0", "content", "0", "annotations").MarshalTo(nil)); got != `[{"type":"url_citation","start_index":4,"end_index":11,"title":"A","url":"https://a.com"}]` {
		t.Errorf("annotations %s", got)
	}
	cs := ReadAnswer(r.Family, v).Choices[0].Parts[0].Citations
	if len(cs) != 1 || cs[0].Span != "(a.com)" {
		t.Errorf("citations %+v", cs)
	}
}
