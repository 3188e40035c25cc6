package recordings_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestBedrockAgentCassette reads dd-trace-py's InvokeAgent cassette: its
// one event, a chunk whose bytes are the answer in base64. The text was
// decoded by hand (Python: the event stream's frames split by their
// lengths, the payload's bytes through base64.b64decode): 1,153 bytes,
// from "Based on your preferences" to "during the peak season.".
func TestBedrockAgentCassette(t *testing.T) {
	r := interactionOf(t, "testdata/cassettes/dd-trace-py__tests__contrib__botocore__bedrock_cassettes__agent_invoke_trace_disabled.yaml", 0)
	if r.Family != recordings.FamilyBedrockAgent || r.Notice != "" {
		t.Fatalf("family %s, notice %q", r.Family, r.Notice)
	}
	c := r.Conversation()
	if len(c.Messages) != 1 || c.Messages[0].Role != "user" || !strings.HasPrefix(c.Messages[0].Text(), "I like beach vacations") {
		t.Errorf("the request's messages: %+v", c.Messages)
	}
	if len(c.Params) != 1 || c.Params[0].Name != "enableTrace" {
		t.Errorf("the request's parameters: %+v", c.Params)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	if len(a.Choices) != 1 || a.Choices[0].Role != "assistant" {
		t.Fatalf("choices: %+v", a.Choices)
	}
	text := a.Choices[0].Text()
	if len(text) != 1153 || !strings.HasPrefix(text, "Based on your preferences") || !strings.HasSuffix(text, "during the peak season.") {
		t.Errorf("the answer, %d bytes: %.80q … %q", len(text), text, text[max(0, len(text)-40):])
	}
	if len(a.Other) != 0 {
		t.Errorf("other members: %+v", a.Other)
	}
}

// agentStream is an InvokeAgent recording whose response holds events.
func agentStream(t *testing.T, events ...string) *recordings.Recording {
	t.Helper()
	doc := `{"request":{"url":"https://bedrock-agent-runtime.us-east-1.amazonaws.com/agents/A1/agentAliases/B2/sessions/s/text",` +
		`"method":"POST","payload":{"inputText":"Hi","enableTrace":true}},"response":{"status":200,"body":[` +
		strings.Join(events, ",") + `],"is_streaming":true}}`
	r, err := recordings.Parse("agent.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// TestBedrockAgentStream folds a stream written from the API reference
// (ResponseStream, PayloadPart): a trace, then the answer in two chunks,
// the second with a citation. The text is joined; the citations and
// traces kept in turn; the stream complete once a chunk came.
func TestBedrockAgentStream(t *testing.T) {
	trace := `{"trace":{"agentId":"A1","trace":{"orchestrationTrace":{"rationale":{"text":"look it up"}}}}}`
	r := agentStream(t, trace,
		`{"chunk":{"bytes":"`+b64("Paris is the ")+`"}}`,
		`{"chunk":{"bytes":"`+b64("capital — of France.")+`","attribution":{"citations":[{"generatedResponsePart":{"textResponsePart":{"text":"Paris"}}}]}}}`)
	s, err := recordings.NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	if s.Err() != nil {
		t.Errorf("the stream: %v", s.Err())
	}
	var texts []string
	for k := 1; k <= s.Len(); k++ {
		for _, d := range s.Deltas(k) {
			texts = append(texts, d.Field+":"+d.Text)
		}
	}
	want := []string{"trace:", "completion:Paris is the ", "completion:capital — of France.", "citations:"}
	if d := cmp.Diff(want, texts); d != "" {
		t.Errorf("deltas (-want +got):\n%s", d)
	}
	// A stream that ends before any chunk has no answer: incomplete.
	if s, err := recordings.NewStepper(agentStream(t, trace)); err != nil || !errors.Is(s.Err(), recordings.ErrIncompleteStream) {
		t.Errorf("a trace alone: %v, %v; want ErrIncompleteStream", err, s.Err())
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	if got := a.Choices[0].Text(); got != "Paris is the capital — of France." {
		t.Errorf("the answer %q", got)
	}
	var others []string
	for _, m := range a.Other {
		others = append(others, m.Path)
	}
	if d := cmp.Diff([]string{"citations", "trace"}, others); d != "" {
		t.Errorf("other members (-want +got):\n%s", d)
	}
}

// TestBedrockAgentBadBytes: bytes that are not base64, or not text once
// decoded, are an error naming them, never an answer with words lost.
func TestBedrockAgentBadBytes(t *testing.T) {
	for bytes, want := range map[string]string{
		`"not base64!"`: "chunk.bytes is not base64",
		`"` + base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe, 'a'}) + `"`: "not UTF-8 text",
		`12`: "chunk.bytes is number, not a string",
	} {
		r := agentStream(t, `{"chunk":{"bytes":`+bytes+`}}`)
		_, err := recordings.Assemble(r)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bytes %s: error %v, want %q", bytes, err, want)
		}
	}
}
