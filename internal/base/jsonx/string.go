package jsonx

import (
	"encoding/binary"
	"unicode"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// NewString returns a JSON string value holding b, built in a. fastjson's
// Arena stores strings escaped by strconv.AppendQuote and unescapes them as
// JSON later, which corrupts what Go escapes differently (\a, \v, \x1b,
// invalid UTF-8, non-printable runes past U+FFFF). Such rare strings are
// built by parsing a JSON literal instead, outside a.
func NewString(a *fastjson.Arena, b []byte) *fastjson.Value {
	for i := 0; i < len(b); {
		if i+8 <= len(b) && PlainWord(binary.LittleEndian.Uint64(b[i:])) {
			i += 8 // the common case, eight printable ASCII bytes at once
			continue
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\b' && c != '\f' || c == 0x7f {
				return parsedString(b)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r > 0xffff && !unicode.IsPrint(r) {
			return parsedString(b)
		}
		i += size
	}
	return a.NewStringBytes(b)
}

func parsedString(b []byte) *fastjson.Value {
	v, err := fastjson.ParseBytes(AppendQuote(nil, b))
	if err != nil { // not reached: AppendQuote writes valid JSON
		var a fastjson.Arena
		return a.NewStringBytes(b)
	}
	return v
}

// BlocksString returns the JSON string value of the text that is blocks
// joined, the same value as NewString of the joined text, without joining
// them: each block is escaped into one JSON string literal in turn, with a
// call of pace (when not nil) after each, and the literal is then parsed.
// A rune cut by the end of a block is finished from the next one. This is
// for texts of megabytes, which fastjson's Arena would copy whole and scan
// byte by byte in one go, and would keep escaped Go's way, to be unescaped
// again when first read.
func BlocksString(blocks [][]byte, pace func()) *fastjson.Value {
	n := 0
	for _, b := range blocks {
		n += len(b)
	}
	lit := make([]byte, 0, n+n/32+64) // room for an escape every 32 bytes
	lit = append(lit, '"')
	var carry []byte // a rune cut by the end of the previous block
	for k, b := range blocks {
		if len(carry) > 0 {
			// Continuation bytes at the start of b finish the rune.
			j := 0
			for j < len(b) && j < utf8.UTFMax-1 && !utf8.RuneStart(b[j]) {
				j++
			}
			carry = append(carry, b[:j]...)
			b = b[j:]
			lit = AppendEscaped(lit, carry)
			carry = carry[:0]
		}
		cut := len(b)
		if k < len(blocks)-1 {
			cut = runeCut(b)
		}
		lit = AppendEscaped(lit, b[:cut])
		carry = append(carry, b[cut:]...)
		if pace != nil {
			pace()
		}
	}
	lit = AppendEscaped(lit, carry)
	lit = append(lit, '"')
	var p fastjson.Parser // its copy of lit is the value's memory
	v, err := p.ParseBytes(lit)
	if err != nil { // not reached: AppendEscaped writes valid JSON
		var a fastjson.Arena
		joined := make([]byte, 0, n)
		for _, b := range blocks {
			joined = append(joined, b...)
		}
		return NewString(&a, joined)
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
