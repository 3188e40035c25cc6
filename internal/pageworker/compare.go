package pageworker

import (
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// Compare asks for the comparison of two recordings, A and B: Names are
// their file names (Recording.Name), and the message's two files are
// their bytes (ArrayBuffers, A then B). The worker answers with an
// Answer whose Comparison is set, or whose Err says why there is none.
type Compare struct {
	ID    int       `json:"id"`
	Names [2]string `json:"names"`
}

// Kind returns KindCompare.
func (*Compare) Kind() Kind { return KindCompare }

// Comparison is the comparison of two recordings as the page shows it:
// the core's diff.Result, and what differs between the two answers, to
// be marked on each side's rendered answer.
type Comparison struct {
	Result diff.Result `json:"result"`
	// Text is the word diff (diff.Words) of each choice's text, by
	// choice index, for the choices whose text differs and is one text
	// part on both sides.
	Text map[int][]diff.Span `json:"text,omitempty"`
	// Finish holds the indexes of the choices whose finish reason
	// differs.
	Finish map[int]bool `json:"finish,omitempty"`
	// Calls holds, for each tool call that differs, keyed "CHOICE/LABEL"
	// ("0/book_flight", LABEL as diff.CallLabels names calls), the paths
	// of its arguments that differ as diff names them inside the
	// arguments ("flight.date", "passenger"); "" for the call as a whole
	// (added, gone, or arguments that are not JSON).
	Calls map[string][]string `json:"calls,omitempty"`
}

// CompareFiles parses two recordings, A and B, from their names and bytes
// and compares them (diff.Compare); the answers are read from the
// assembled responses (recordings.Assemble, recordings.ReadAnswer) for
// the marks: none when either side holds a failure or has no answer. The
// error is recordings.Parse's, of the first file that is not a recording.
func CompareFiles(names [2]string, data [2][]byte) (*Comparison, error) {
	var recs [2]*recordings.Recording
	for i := range recs {
		var err error
		if recs[i], err = recordings.Parse(names[i], data[i]); err != nil {
			return nil, err
		}
	}
	c := &Comparison{Result: *diff.Compare(recs[0], recs[1])}
	c.mark(recs[0], recs[1])
	return c, nil
}

// mark finds what differs between a's and b's whole answers (Text,
// Finish).
func (c *Comparison) mark(a, b *recordings.Recording) {
	if a.Failure() != nil || b.Failure() != nil {
		return
	}
	c.markCalls()
	fa, _ := recordings.Assemble(a)
	fb, _ := recordings.Assemble(b)
	aa := recordings.ReadAnswer(a.Family, fa)
	ab := recordings.ReadAnswer(b.Family, fb)
	byIndex := make(map[int]*recordings.Choice, len(ab.Choices))
	for i := range ab.Choices {
		byIndex[ab.Choices[i].Index] = &ab.Choices[i]
	}
	for i := range aa.Choices {
		ca := &aa.Choices[i]
		cb := byIndex[ca.Index]
		if cb == nil {
			continue
		}
		if ca.FinishReason != cb.FinishReason {
			if c.Finish == nil {
				c.Finish = map[int]bool{}
			}
			c.Finish[ca.Index] = true
		}
		ta, oka := onlyText(ca)
		tb, okb := onlyText(cb)
		if oka && okb && ta != tb && !c.Result.Judgement.OtherQuestion {
			// Answers to two questions are not a rewording of each other.
			if c.Text == nil {
				c.Text = map[int][]diff.Span{}
			}
			c.Text[ca.Index] = diff.Words(ta, tb)
		}
	}
}

// markCalls fills Calls from the response changes under "tool_calls[":
// "choices[1].tool_calls[get_weather#2].arguments.city" is "1/get_weather#2"
// and "city".
func (c *Comparison) markCalls() {
	for _, ch := range c.Result.Changes {
		before, after, ok := strings.Cut(ch.Path, "tool_calls[")
		if ch.Kind != diff.KindResponse || !ok {
			continue
		}
		choice := 0
		if i := strings.LastIndex(before, "["); i >= 0 {
			choice, _ = strconv.Atoi(strings.TrimSuffix(before[i+1:], "]."))
		}
		label, rest, _ := strings.Cut(after, "]")
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, ".arguments"), ".")
		if c.Calls == nil {
			c.Calls = map[string][]string{}
		}
		key := strconv.Itoa(choice) + "/" + label
		c.Calls[key] = append(c.Calls[key], rest)
	}
}

// onlyText is c's text when it has exactly one text part.
func onlyText(c *recordings.Choice) (string, bool) {
	text, n := "", 0
	for _, p := range c.Parts {
		if p.Kind == recordings.PartText {
			text, n = p.Text, n+1
		}
	}
	return text, n == 1
}
