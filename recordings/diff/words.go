package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Span is one piece of a word diff: Text kept (OpEqual), taken out
// (OpRemoved) or put in (OpAdded).
type Span struct {
	Op   Op
	Text string
}

// maxWordTokens bounds the distinct tokens (or lines) an encoder maps to
// runes; past it the texts are reported as one replacement.
const maxWordTokens = 1 << 20

// maxDirect is the most tokens (both sides together) that Words diffs word
// by word in one go. Myers' algorithm costs up to the product of the
// lengths (docs/dev/performance-notes.md has what that costs).
// Larger changed parts are diffed line by line first, and each changed
// block of lines word by word when it fits, else as one replacement.
const maxDirect = 4000

// Words returns a word diff of old and new: spans that, read in order,
// give old when the OpAdded spans are skipped and new when the OpRemoved
// spans are skipped. Adjacent spans never share an Op, and a removal comes
// before the addition that replaces it.
//
// The unit is the token: a run of letters and digits, a run of white
// space, or any other single character, so punctuation and quotes change
// on their own. Tokens are mapped to runes and diffed with go-diff's
// diffmatchpatch (its lines-to-characters trick applied to words), then
// small shared tokens between two edits are folded into the edits
// (DiffCleanupSemantic) so that the diff reads by phrases. When the part
// that differs is longer than about 2,000 words on each side, it is diffed
// by lines first (see maxDirect). Words never times out, so its output is
// stable. Equal texts give one OpEqual span (none when both are empty).
func Words(old, new string) []Span {
	if old == new {
		if old == "" {
			return nil
		}
		return []Span{{OpEqual, old}}
	}
	ta, tb := tokens(old), tokens(new)
	p := 0
	for p < len(ta) && p < len(tb) && ta[p] == tb[p] {
		p++
	}
	q := 0
	for q < len(ta)-p && q < len(tb)-p && ta[len(ta)-1-q] == tb[len(tb)-1-q] {
		q++
	}
	spans := appendSpan(nil, OpEqual, strings.Join(ta[:p], ""))
	spans = diffTokens(spans, ta[p:len(ta)-q], tb[p:len(tb)-q])
	spans = appendSpan(spans, OpEqual, strings.Join(ta[len(ta)-q:], ""))
	spans = orderEdits(spans)
	if !rebuilds(spans, old, new) { // not reached with go-diff v1.4.0
		return replace(old, new)
	}
	return spans
}

// diffTokens appends the diff of two token lists to spans: word by word
// when they are short enough, else by lines first.
func diffTokens(spans []Span, ta, tb []string) []Span {
	if len(ta)+len(tb) <= maxDirect {
		return runeDiff(spans, ta, tb, true)
	}
	la, lb := lines(strings.Join(ta, "")), lines(strings.Join(tb, ""))
	byLine := runeDiff(nil, la, lb, false)
	var rem, add string
	flush := func() {
		ra, rb := tokens(rem), tokens(add)
		if len(ra)+len(rb) <= maxDirect {
			spans = runeDiff(spans, ra, rb, true)
		} else {
			spans = appendSpan(spans, OpRemoved, rem)
			spans = appendSpan(spans, OpAdded, add)
		}
		rem, add = "", ""
	}
	for _, s := range byLine {
		switch s.Op {
		case OpRemoved:
			rem += s.Text
		case OpAdded:
			add += s.Text
		default:
			flush()
			spans = appendSpan(spans, OpEqual, s.Text)
		}
	}
	flush()
	return spans
}

// runeDiff appends the diff of two lists of units (tokens or lines) to
// spans, each distinct unit diffed as one rune; cleanup folds small
// shared runs into the edits around them.
func runeDiff(spans []Span, ta, tb []string, cleanup bool) []Span {
	enc := newEncoder()
	ra, rb := enc.encode(ta), enc.encode(tb)
	if ra == nil || rb == nil {
		spans = appendSpan(spans, OpRemoved, strings.Join(ta, ""))
		return appendSpan(spans, OpAdded, strings.Join(tb, ""))
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	ds := dmp.DiffMainRunes(ra, rb, false)
	if cleanup {
		ds = dmp.DiffCleanupSemantic(ds)
	}
	for _, d := range ds {
		var op Op
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			op = OpEqual
		case diffmatchpatch.DiffDelete:
			op = OpRemoved
		default:
			op = OpAdded
		}
		spans = appendSpan(spans, op, enc.decode(d.Text))
	}
	return spans
}

// lines splits s after each newline.
func lines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// replace is the word diff of last resort: all of old out, all of new in.
func replace(old, new string) []Span {
	var s []Span
	s = appendSpan(s, OpRemoved, old)
	return appendSpan(s, OpAdded, new)
}

// appendSpan appends a span, merging it into the last one when they share
// an Op and dropping it when empty.
func appendSpan(spans []Span, op Op, text string) []Span {
	if text == "" {
		return spans
	}
	if n := len(spans); n > 0 && spans[n-1].Op == op {
		spans[n-1].Text += text
		return spans
	}
	return append(spans, Span{op, text})
}

// orderEdits puts each run of edits between two equal spans in the form
// removed-then-added, merging what diffmatchpatch may leave interleaved.
func orderEdits(spans []Span) []Span {
	var out []Span
	for i := 0; i < len(spans); {
		if spans[i].Op == OpEqual {
			out = appendSpan(out, OpEqual, spans[i].Text)
			i++
			continue
		}
		var rem, add strings.Builder
		for ; i < len(spans) && spans[i].Op != OpEqual; i++ {
			if spans[i].Op == OpRemoved {
				rem.WriteString(spans[i].Text)
			} else {
				add.WriteString(spans[i].Text)
			}
		}
		out = appendSpan(out, OpRemoved, rem.String())
		out = appendSpan(out, OpAdded, add.String())
	}
	return out
}

// rebuilds reports whether spans give back old and new.
func rebuilds(spans []Span, old, new string) bool {
	var a, b strings.Builder
	for _, s := range spans {
		if s.Op != OpAdded {
			a.WriteString(s.Text)
		}
		if s.Op != OpRemoved {
			b.WriteString(s.Text)
		}
	}
	return a.String() == old && b.String() == new
}

// tokens splits s into runs of letters and digits, runs of white space and
// single other characters. Invalid UTF-8 bytes are tokens of their own.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		class := tokenClass(r, size)
		if class != 0 {
			for j < len(s) {
				r2, size2 := utf8.DecodeRuneInString(s[j:])
				if tokenClass(r2, size2) != class {
					break
				}
				j += size2
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// tokenClass is 1 for letters and digits, 2 for white space, 0 for
// characters that stand alone.
func tokenClass(r rune, size int) int {
	switch {
	case r == utf8.RuneError && size == 1:
		return 0
	case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r):
		return 1
	case unicode.IsSpace(r):
		return 2
	}
	return 0
}

// encoder maps each distinct token to one rune, skipping the surrogate
// range, which a Go string cannot hold.
type encoder struct {
	ids  map[string]rune
	toks []string
}

func newEncoder() *encoder { return &encoder{ids: map[string]rune{}} }

const surrogates = 0xE000 - 0xD800

func (e *encoder) encode(toks []string) []rune {
	out := make([]rune, len(toks))
	for i, t := range toks {
		r, ok := e.ids[t]
		if !ok {
			if len(e.toks) >= maxWordTokens {
				return nil
			}
			r = rune(len(e.toks) + 1)
			if r >= 0xD800 {
				r += surrogates
			}
			e.ids[t] = r
			e.toks = append(e.toks, t)
		}
		out[i] = r
	}
	return out
}

func (e *encoder) decode(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0xE000 {
			r -= surrogates
		}
		if i := int(r) - 1; i >= 0 && i < len(e.toks) {
			b.WriteString(e.toks[i])
		}
	}
	return b.String()
}
