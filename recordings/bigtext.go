package recordings

import (
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// arena is what the assemblers build their results with: fastjson's
// Arena, and pace, when not nil, called between pieces of the work on a
// long text (Stepper.ResultInSlices).
type arena struct {
	fastjson.Arena
	pace func()
}

// bigText is the length in bytes from which textValue builds a text's
// value as a parsed JSON literal, escaping it block by block.
const bigText = 1 << 20

// textValue returns t's text as a JSON string value, the same value as
// newString(a, t.bytes()).
//
// A text of bigText or more is escaped into a JSON string literal one
// block at a time, with a call of a.pace after each, and the literal is
// parsed. fastjson's Arena would copy the joined text and scan it byte by
// byte in one go (for the 38 MB text of a 50 MB stream, 168 ms without a
// pause in the browser), and would keep a text with a newline or a quote
// escaped Go's way, to be unescaped again when first read.
func textValue(a *arena, t *textBuf) *fastjson.Value {
	n := t.len()
	if n < bigText {
		return newString(a, t.bytes())
	}
	lit := make([]byte, 0, n+n/32+64) // room for an escape every 32 bytes
	lit = append(lit, '"')
	var carry []byte // a rune cut by the end of the previous block
	escape := func(b []byte, last bool) {
		if len(carry) > 0 {
			// Continuation bytes at the start of b finish the rune.
			j := 0
			for j < len(b) && j < utf8.UTFMax-1 && !utf8.RuneStart(b[j]) {
				j++
			}
			carry = append(carry, b[:j]...)
			b = b[j:]
			lit = appendEscaped(lit, carry)
			carry = carry[:0]
		}
		cut := len(b)
		if !last {
			cut = runeCut(b)
		}
		lit = appendEscaped(lit, b[:cut])
		carry = append(carry, b[cut:]...)
		if a.pace != nil {
			a.pace()
		}
	}
	for _, b := range t.full {
		escape(b, false)
	}
	escape(t.tail, true)
	lit = append(lit, '"')
	var p fastjson.Parser // its copy of lit is the value's memory
	v, err := p.ParseBytes(lit)
	if err != nil { // not reached: appendEscaped writes valid JSON
		return newString(a, t.bytes())
	}
	return v
}

// runeCut returns where b's last rune starts when b ends before that rune
// does, else len(b). Only the last utf8.UTFMax-1 bytes can hold such a
// start; an invalid sequence counts as complete (it escapes as U+FFFD byte
// by byte either way).
func runeCut(b []byte) int {
	for k := len(b) - 1; k >= 0 && k >= len(b)-(utf8.UTFMax-1); k-- {
		if utf8.RuneStart(b[k]) {
			if !utf8.FullRune(b[k:]) {
				return k
			}
			break
		}
	}
	return len(b)
}

// textOrNull is textValue, or JSON null when set is false.
func textOrNull(a *arena, t *textBuf, set bool) *fastjson.Value {
	if !set {
		return a.NewNull()
	}
	return textValue(a, t)
}
