package recordings

import (
	"strconv"
	"strings"
)

// DeltaKind says what a chunk carried, for colouring a chunk strip.
type DeltaKind string

// The kinds of delta.
const (
	KindRole     DeltaKind = "role"      // the speaker's role was set
	KindContent  DeltaKind = "content"   // text was added (content, text, response, refusal)
	KindThinking DeltaKind = "thinking"  // reasoning text or a signature was added
	KindToolCall DeltaKind = "tool_call" // a tool call started or its arguments grew
	KindFinish   DeltaKind = "finish"    // a finish reason / stop reason / done was set
	KindUsage    DeltaKind = "usage"     // token usage was reported
	KindMeta     DeltaKind = "meta"      // anything else: ids, status, a block opening or closing
)

// Delta is one thing a chunk added to the assembled response.
//
// Choice is the choice (OpenAI), candidate (Gemini) index the delta applies
// to, 0 for single-answer APIs. Field is the path of the changed field
// inside that choice's message or the response, like "content",
// "tool_calls[0].arguments", "content[1].text" (Anthropic content blocks) or
// "finish_reason". When Append is true, Text was appended to Field;
// otherwise Field was set to Text (Text may be empty when there is no short
// value to show, as for "usage").
type Delta struct {
	Kind   DeltaKind
	Choice int
	Field  string
	Text   string
	Append bool
}

// String renders the delta the way `recview steps` prints it:
// `content +"Hel"`, `tool_calls[0].arguments +"{\""`, `finish_reason=stop`,
// `usage`; deltas of choice N>0 start with "[N] ".
func (d Delta) String() string {
	var b strings.Builder
	if d.Choice > 0 {
		b.WriteString("[" + strconv.Itoa(d.Choice) + "] ")
	}
	b.WriteString(d.Field)
	switch {
	case d.Append:
		b.WriteString(" +")
		b.WriteString(strconv.Quote(d.Text))
	case d.Text != "":
		b.WriteString("=")
		b.WriteString(d.Text)
	}
	return b.String()
}

// FormatDeltas joins the deltas of one chunk with ", ", or returns "(no
// change)" when the chunk added nothing.
func FormatDeltas(ds []Delta) string {
	if len(ds) == 0 {
		return "(no change)"
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	return strings.Join(parts, ", ")
}

// withDelta appends d to ds. Not inlined: the assemblers append a Delta
// at a hundred places, and each append inlined made app.wasm larger
// (docs/dev/wasm-size.md) for no speed the benchmarks can tell.
//
//go:noinline
func withDelta(ds []Delta, d Delta) []Delta { return append(ds, d) }
