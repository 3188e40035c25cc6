//go:build !js

package cassette

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestCohereV1 reads Cohere's v1 chat and generate, streamed and not,
// against values read from the files with a script apart from recview
// (Python's json on the HAR's JSON lines and the httprr body).
func TestCohereV1(t *testing.T) {
	its := allInteractions(t)

	// The chat stream: 94 events; 77 text-generation pieces join to the
	// stream-end response's text (351 bytes); 13 citation-generation
	// events, one citation each, the first "December 25" on four
	// documents, the first of them Wikipedia's "Early life of Isaac
	// Newton"; the documents, search results and queries beside it.
	r := parsedInteraction(t, its, "har/traceloop__openllmetry-js__packages__instrumentation-cohere__recordings__Test-Chat-with-Cohere-Instrumentation_1517473443__should-set-request-and-response-attributes-in-span-for-given-prompt-with-stream_606450421__recording.har#1")
	if r.Family != recordings.FamilyCohereV1Chat {
		t.Fatalf("family %s", r.Family)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	ans := recordings.ReadAnswer(r.Family, v)
	if len(ans.Choices) != 1 {
		t.Fatalf("%d choices", len(ans.Choices))
	}
	c := ans.Choices[0]
	if text := c.Text(); len(text) != 351 || !strings.HasPrefix(text, "Isaac Newton was born on December 25, 16") {
		t.Errorf("text %q", text)
	}
	if c.FinishReason != "COMPLETE" {
		t.Errorf("finish reason %q", c.FinishReason)
	}
	cites := c.Parts[0].Citations
	if len(cites) != 13 {
		t.Fatalf("%d citations", len(cites))
	}
	want := recordings.Citation{Span: "December 25", Source: "Early life of Isaac Newton - Wikipedia, Isaac Newton Biography - Newton's Life, Career, Work - Dr Robert A. Hatch, Isaac Newton - Quotes, Facts & Laws, Isaac Newton - Wikipedia",
		URL: "https://en.wikipedia.org/wiki/Early_life_of_Isaac_Newton", Where: "characters 25–36"}
	got := cites[0]
	got.Raw = nil
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("first citation (-want +got):\n%s", d)
	}
	var other []string
	for _, m := range ans.Other {
		other = append(other, m.Path)
	}
	if d := cmp.Diff([]string{"documents", "search_results", "search_queries"}, other); d != "" {
		t.Errorf("other members (-want +got):\n%s", d)
	}
	// The step before stream-end: the text whole, the citations so far.
	st, err := recordings.NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	st.Seek(93)
	mid := recordings.ReadAnswer(r.Family, st.Result())
	if len(mid.Choices) != 1 || mid.Choices[0].Text() != c.Text() || len(mid.Choices[0].Parts[0].Citations) != 13 {
		t.Errorf("at step 93: %+v", mid.Choices)
	}
	// The request: the chat history and the message as turns.
	var turns []string
	for _, m := range r.Conversation().Messages {
		turns = append(turns, m.Role+": "+m.Text())
	}
	if d := cmp.Diff([]string{"user: Who discovered gravity?", "assistant: The man who is widely credited with discovering gravity is Sir Isaac Newton", "user: What year was he born?"}, turns); d != "" {
		t.Errorf("turns (-want +got):\n%s", d)
	}
	// Its other members, in the body's order, are its parameters.
	var names []string
	for _, p := range r.Conversation().Params {
		names = append(names, p.Name)
	}
	if d := cmp.Diff([]string{"connectors", "stream"}, names); d != "" {
		t.Errorf("params (-want +got):\n%s", d)
	}

	// The generate stream: 56 pieces, then stream-end with the same text.
	r = parsedInteraction(t, its, "har/traceloop__openllmetry-js__packages__instrumentation-cohere__recordings__Test-Generate-with-Cohere-Instrumentation_968486206__should-set-request-and-response-attributes-in-span-for-given-prompt-with-Streaming-respons_234491866__recording.har#1")
	if v, err = recordings.Assemble(r); err != nil {
		t.Fatal(err)
	}
	ans = recordings.ReadAnswer(recordings.FamilyCohereV1Generate, v)
	if len(ans.Choices) != 1 || !strings.HasPrefix(ans.Choices[0].Text(), " Pluto was reclassified from a") || ans.Choices[0].FinishReason != "COMPLETE" {
		t.Errorf("generate stream: %+v", ans.Choices)
	}

	// Generate, not streamed: meta's deprecation warnings beside it.
	r = parsedInteraction(t, its, "httprr/tmc__langchaingo__llms__cohere__testdata__TestCallbacksHandler.httprr#1")
	if v, err = recordings.Assemble(r); err != nil {
		t.Fatal(err)
	}
	ans = recordings.ReadAnswer(r.Family, v)
	if len(ans.Other) != 1 || ans.Other[0].Path != "meta.warnings" || !strings.Contains(ans.Other[0].Value.String(), "Generate API is deprecated") {
		t.Errorf("generate's other members: %+v", ans.Other)
	}
}
