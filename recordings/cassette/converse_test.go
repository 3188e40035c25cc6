//go:build !js

package cassette

import (
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// TestConverseAnswers reads every Amazon Bedrock Converse call of the
// cassettes (converse and converse-stream, the stream's events
// assembled) and checks its answer against converse.tsv, which PyYAML and
// CPython's json wrote (testdata/converse.py): the stop reason, the
// tools called and the text blocks joined.
func TestConverseAnswers(t *testing.T) {
	all := interactions(t)
	n := 0
	for _, cols := range tsvRows(t, "testdata/converse.tsv") {
		name := cols[0] + "#" + cols[1]
		it, ok := all[name]
		if !ok {
			t.Fatalf("%s: no such interaction", name)
		}
		r, v, ok := assembled(t, name, it)
		if !ok {
			continue
		}
		if r.Family != recordings.FamilyBedrockConverse {
			t.Errorf("%s: family %s", name, r.Family)
		}
		a := recordings.ReadAnswer(r.Family, v)
		if len(a.Choices) != 1 {
			t.Errorf("%s: %d choices", name, len(a.Choices))
			continue
		}
		var text strings.Builder
		var tools []string
		for _, p := range a.Choices[0].Parts {
			switch p.Kind {
			case recordings.PartText:
				text.WriteString(p.Text)
			case recordings.PartToolCall:
				tools = append(tools, p.ToolCall.Name)
			}
		}
		want, err := strconv.Unquote(cols[4])
		if err != nil {
			t.Fatalf("%s: the text column: %v", name, err)
		}
		if a.Choices[0].FinishReason != cols[2] || strings.Join(tools, ",") != cols[3] || text.String() != want {
			t.Errorf("%s: %s, tools %q, text %.80q\nwant %s, tools %q, text %.80q", name, a.Choices[0].FinishReason, tools, text.String(), cols[2], cols[3], want)
		}
		n++
	}
	if n != 16 {
		t.Errorf("%d Converse calls checked, want the 16 of converse.tsv", n)
	}
}

// TestBedrockInvokeAnthropic: an Anthropic model's stream through
// Bedrock's invoke-with-response-stream (each event in a chunk's base64
// bytes) is read as an Anthropic messages stream. Checked by hand
// (python3, eventstreams.py's reader and base64): its 23 events' text
// deltas join to the text below; message_delta gives end_turn and 22
// output tokens, message_start 21 input tokens.
func TestBedrockInvokeAnthropic(t *testing.T) {
	const name = "dd-trace-py__tests__contrib__botocore__bedrock_cassettes__anthropic_message_invoke_stream.yaml#1"
	r, v, ok := assembled(t, name, interactions(t)[name])
	if !ok {
		return
	}
	a := recordings.ReadAnswer(r.Family, v)
	if r.Family != recordings.FamilyAnthropicMessages || len(r.Chunks) != 23 || len(a.Choices) != 1 {
		t.Fatalf("family %s, %d chunks, %d choices", r.Family, len(r.Chunks), len(a.Choices))
	}
	c := a.Choices[0]
	if len(c.Parts) != 1 || c.Parts[0].Text != "Hobbits embark on epic quest to destroy powerful ring, battling dark forces." || c.FinishReason != "end_turn" {
		t.Errorf("parts %+v, finish %q", c.Parts, c.FinishReason)
	}
	var usage []string
	for _, u := range a.Usage {
		usage = append(usage, u.Name+"="+u.Value)
	}
	if got := strings.Join(usage, " "); got != "input_tokens=21 output_tokens=22" {
		t.Errorf("usage %s", got)
	}
}
