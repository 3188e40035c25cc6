package diff

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Limits of Format, in bytes.
const (
	maxValue   = 300  // of an Old or New value on a line
	maxEdit    = 1000 // of a removed or added span of a word diff
	keepAround = 60   // of equal text kept on each side of an edit
)

// Format writes r for a terminal, as plain text:
//
//	--- A's name
//	+++ B's name
//	changed result, severity high: answer changed: Paris → Lyon; request changed: temperature
//	metadata test_id: added tests/x/test_y.py::test_z
//	request  body.temperature: 0.7 → 0.2
//	response choices[0].text: changed
//	    The capital is [-Paris.-]{+Lyon.+}
//
// The third line sums up: the Judgement's verdict, its severity and its
// findings (Judgement.Why, at most MaxWhy bytes); an empty Judgement
// (a Result not made by Compare) reads SameResult and SameChunking. Then
// one line per Change,
// "KIND PATH: OLD → NEW", "added NEW" or "removed OLD" (values past 300
// bytes cut), with the Note in parentheses; a Change with a word diff is
// followed by its text indented by four spaces, removed words in [-…-]
// and added ones in {+…+}, long runs of unchanged text cut to 60 bytes
// around each edit ("…"). Control characters other than newline and tab
// are written as \u escapes. "no differences" stands for an empty list.
// The output depends on r alone. Format returns the first write error.
func (r *Result) Format(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", r.A, r.B)
	b.WriteString(r.Summary() + "\n")
	if len(r.Changes) == 0 {
		b.WriteString("no differences\n")
	}
	for _, ch := range r.Changes {
		path := ch.Path
		if path == "" {
			path = "(root)"
		}
		fmt.Fprintf(&b, "%-8s %s: ", ch.Kind, path)
		switch {
		case ch.Text != nil:
			b.WriteString("changed")
		case ch.Op == OpAdded:
			b.WriteString("added " + clip(printable(ch.New), maxValue))
		case ch.Op == OpRemoved:
			b.WriteString("removed " + clip(printable(ch.Old), maxValue))
		default:
			b.WriteString(clip(printable(ch.Old), maxValue) + " → " + clip(printable(ch.New), maxValue))
		}
		if ch.Note != "" {
			b.WriteString(" (" + ch.Note + ")")
		}
		b.WriteByte('\n')
		if ch.Text != nil {
			for _, l := range strings.Split(renderSpans(ch.Text), "\n") {
				if l != "" {
					b.WriteString("    " + l)
				}
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// MaxWhy is the longest list of findings a one-line summary holds, in
// bytes (see JoinFindings): about 80, what a table's cell or a terminal
// line shows at a glance.
const MaxWhy = 80

// Summary is the comparison in one line: "changed result, severity high:
// tool call get_weather gone; finish reason tool_calls → stop" (see
// Format).
func (r *Result) Summary() string {
	j := &r.Judgement
	if j.Verdict == "" {
		switch {
		case !r.SameResult:
			return string(VerdictChanged)
		case r.SameChunking:
			return string(VerdictSame)
		}
		return string(VerdictChunking)
	}
	s := string(j.Verdict) + ", severity " + string(j.Severity)
	if why := j.Why(MaxWhy); why != "" {
		s += ": " + why
	}
	return s
}

// renderSpans writes a word diff with [-removed-] and {+added+} markers,
// cutting long unchanged runs.
func renderSpans(spans []Span) string {
	var b strings.Builder
	for i, s := range spans {
		t := printable(s.Text)
		switch s.Op {
		case OpRemoved:
			b.WriteString("[-" + clip(t, maxEdit) + "-]")
		case OpAdded:
			b.WriteString("{+" + clip(t, maxEdit) + "+}")
		default:
			first, last := i == 0, i == len(spans)-1
			switch {
			case first && last:
				b.WriteString(clip(t, maxEdit))
			case first && len(t) > keepAround:
				b.WriteString("…" + t[len(t)-tailLen(t, keepAround):])
			case last && len(t) > keepAround:
				b.WriteString(t[:headLen(t, keepAround)] + "…")
			case !first && !last && len(t) > 3*keepAround:
				b.WriteString(t[:headLen(t, keepAround)] + " … " + t[len(t)-tailLen(t, keepAround):])
			default:
				b.WriteString(t)
			}
		}
	}
	return b.String()
}

// clip cuts s to n bytes at a rune boundary, saying how much is left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + fmt.Sprintf("… (%d more bytes)", len(s)-n)
}

// headLen is the length of the start of s kept when cutting it to about n
// bytes: at most n, at a rune boundary, after the last white space if
// there is one in the second half.
func headLen(s string, n int) int {
	if len(s) <= n {
		return len(s)
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	if i := strings.LastIndexAny(s[:n], " \n\t"); i >= n/2 {
		return i
	}
	return n
}

// tailLen is the length of the end of s kept when cutting it to about n
// bytes: at most n, at a rune boundary, from the first white space if
// there is one in the first half.
func tailLen(s string, n int) int {
	if len(s) <= n {
		return len(s)
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	if j := strings.IndexAny(s[i:], " \n\t"); j >= 0 && j <= n/2 {
		i += j + 1
	}
	return len(s) - i
}

// printable escapes control characters other than newline and tab.
func printable(s string) string {
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0
}
