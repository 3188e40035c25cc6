package pyjson

import (
	"unicode/utf8"
	"unsafe"

	"github.com/recview/recview/internal/base/jsonx"
)

const lowerHex = "0123456789abcdef"

// AppendString appends s quoted as json.dumps with ensure_ascii quotes
// it. Bytes that are not UTF-8 are written as \ufffd, one per byte.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if len(s)-i >= 8 {
			if j := pyPlainRun(s, i); j != i {
				i = j // the common case: runs of eight bytes that need no escape
				continue
			}
		}
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				dst = append(dst, `\"`...)
			case '\\':
				dst = append(dst, `\\`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			default:
				dst = appendUEscape(dst, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			r -= 0x10000
			dst = appendUEscape(dst, 0xd800|(r>>10)&0x3ff)
			dst = appendUEscape(dst, 0xdc00|r&0x3ff)
		} else {
			dst = appendUEscape(dst, r) // utf8.RuneError for a bad byte
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendUEscape appends \uXXXX with lowercase hex digits; r < 0x10000.
func appendUEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u',
		lowerHex[r>>12&0xf], lowerHex[r>>8&0xf], lowerHex[r>>4&0xf], lowerHex[r&0xf])
}

// pyPlainRun returns i moved past the eight-byte words of s from i whose
// bytes are all printable ASCII (0x20 to 0x7e) other than '"' and '\\':
// bytes AppendString copies as they are (plainWord, quoteWord). It stops
// at the first other word, or with fewer than eight bytes left. One call
// per run, not per word: the test is too large for Go to inline.
func pyPlainRun(s string, i int) int {
	for ; len(s)-i >= 8; i += 8 {
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if !jsonx.PlainWord(x) || jsonx.QuoteWord(x) {
			break
		}
	}
	return i
}

// unsafeString returns b as a string without copying it, for strings that
// are only read while b stays unchanged (the encoder reads a value's bytes
// and the regexps match them; fastjson never changes a string once read).
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
