package jsonx

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// Append appends v as JSON to dst: compact when indent is "", else one
// member or element per line, nested levels indented by indent. Object keys
// keep their order; numbers are written as they were recorded. Strings are
// escaped as encoding/json does, less its HTML escaping: \" \\ \n \r \t
// \b \f, other control characters and U+2028/U+2029 as \u00XX/\u2028, and
// invalid UTF-8 as U+FFFD. (fastjson's own MarshalTo writes Go escapes like
// \x1b, which are not JSON.) A nil v is written as null.
func Append(dst []byte, v *fastjson.Value, indent string) []byte {
	return appendValue(dst, v, indent, 0)
}

// Compact returns v as compact JSON (see Append).
func Compact(v *fastjson.Value) []byte { return Append(nil, v, "") }

// Pretty returns v as JSON indented by two spaces (see Append).
func Pretty(v *fastjson.Value) []byte { return Append(nil, v, "  ") }

func newline(dst []byte, indent string, depth int) []byte {
	if indent == "" {
		return dst
	}
	dst = append(dst, '\n')
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

func appendValue(dst []byte, v *fastjson.Value, indent string, depth int) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	switch v.Type() {
	case fastjson.TypeObject:
		o := v.GetObject()
		if o.Len() == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, '{')
		first := true
		o.Visit(func(k []byte, x *fastjson.Value) {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = newline(dst, indent, depth+1)
			dst = AppendQuote(dst, k)
			dst = append(dst, ':')
			if indent != "" {
				dst = append(dst, ' ')
			}
			dst = appendValue(dst, x, indent, depth+1)
		})
		dst = newline(dst, indent, depth)
		return append(dst, '}')
	case fastjson.TypeArray:
		a := v.GetArray()
		if len(a) == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i, x := range a {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, indent, depth+1)
			dst = appendValue(dst, x, indent, depth+1)
		}
		dst = newline(dst, indent, depth)
		return append(dst, ']')
	case fastjson.TypeString:
		return AppendQuote(dst, v.GetStringBytes())
	default: // numbers as recorded, true, false, null
		return v.MarshalTo(dst)
	}
}

const hexDigits = "0123456789abcdef"

// AppendQuote appends s as a JSON string literal (see Append for the
// escaping).
func AppendQuote(dst []byte, s []byte) []byte {
	return append(AppendEscaped(append(dst, '"'), s), '"')
}

// AppendEscaped appends s escaped as the inside of a JSON string literal.
// Pieces of a text escape as the whole does when each ends on a rune
// boundary: invalid UTF-8 becomes U+FFFD byte by byte.
func AppendEscaped(dst []byte, s []byte) []byte {
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			if w := binary.LittleEndian.Uint64(s[i:]); PlainWord(w) && !QuoteWord(w) {
				i += 8 // the common case, eight bytes to take as they are
				continue
			}
		}
		b := s[i]
		if b >= 0x20 && b != '"' && b != '\\' && b < utf8.RuneSelf {
			i++
			continue
		}
		if b < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}
