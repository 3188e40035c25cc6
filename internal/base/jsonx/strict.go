package jsonx

import (
	"encoding/binary"
	"errors"
)

// ErrNotStrict is CheckStrict's error. It carries no position: Locate
// finds one (encoding/json stops at the same fault).
var ErrNotStrict = errors.New("a number, literal, string escape or control character outside JSON's grammar")

// CheckStrict checks the tokens of data, which fastjson's parser accepted,
// against JSON's grammar (RFC 8259): that parser checks the structure
// (brackets, colons, commas) but lets through number tokens outside the
// grammar (".", "+1", "nan", "1.2.3", "01"), unknown escapes ("\x") and raw
// control characters in strings, all of which recview would then write
// back as they are, not JSON.
//
// It does the part of fastjson.Validate that the parser leaves, in one pass
// that skips the bytes of strings eight at a time (see
// docs/dev/performance-notes.md for why not the validator).
// FuzzStrictJSON checks it against encoding/json.
func CheckStrict(data []byte) error {
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r':
			i = SkipWS(data, i)
		case ',', ':', '[', ']', '{', '}':
			i++
		case '"':
			end, ok := SkipString(data, i)
			if !ok {
				return ErrNotStrict
			}
			i = end
		default:
			end, ok := SkipScalar(data, i)
			if !ok {
				return ErrNotStrict
			}
			i = end
		}
	}
	return nil
}

// SkipScalar returns the offset just past the number or literal (true,
// false, null) at data[i], and false when there is none there or it runs
// into a byte that cannot follow a value (the "2" of "1.2.3"'s ".3").
func SkipScalar(data []byte, i int) (int, bool) {
	var end int
	switch data[i] {
	case 't':
		end = skipLiteral(data, i, "true")
	case 'f':
		end = skipLiteral(data, i, "false")
	case 'n':
		end = skipLiteral(data, i, "null")
	default:
		end = skipNumber(data, i)
	}
	if end < 0 {
		return 0, false
	}
	if end < len(data) {
		switch data[end] {
		case ' ', '\t', '\n', '\r', ',', ':', ']', '}':
		default:
			return 0, false
		}
	}
	return end, true
}

// skipLiteral returns the offset past lit at data[i], or -1.
func skipLiteral(data []byte, i int, lit string) int {
	if len(data)-i < len(lit) || string(data[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// skipNumber returns the offset past the JSON number at data[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, or -1.
func skipNumber(data []byte, i int) int {
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = skipDigits(data, i)
	default:
		return -1
	}
	if i < len(data) && data[i] == '.' {
		j := skipDigits(data, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := skipDigits(data, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// skipDigits returns the offset of the first byte at or after i that is
// not an ASCII digit.
func skipDigits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// SkipString returns the offset just past the JSON string starting at
// data[i] (a '"'), and false when it does not end or holds a raw control
// character (below U+0020) or an escape JSON does not have.
func SkipString(data []byte, i int) (int, bool) {
	j := i + 1
	for {
		j = plainBytes(data, j)
		if j >= len(data) {
			return 0, false
		}
		switch c := data[j]; {
		case c == '"':
			return j + 1, true
		case c == '\\':
			if j+1 >= len(data) {
				return 0, false
			}
			switch data[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if len(data)-j < 6 || !isHex(data[j+2]) || !isHex(data[j+3]) || !isHex(data[j+4]) || !isHex(data[j+5]) {
					return 0, false
				}
				j += 6
			default:
				return 0, false
			}
		case c < 0x20:
			return 0, false
		default:
			j++
		}
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// plainBytes returns the offset of the first byte at or after j that is a
// '"', a '\\' or a control character (or len(data)). It tests eight bytes
// at a time (ControlWord, QuoteWord), then finds it byte by byte.
func plainBytes(data []byte, j int) int {
	for ; len(data)-j >= 8; j += 8 {
		if w := binary.LittleEndian.Uint64(data[j:]); ControlWord(w) || QuoteWord(w) {
			break
		}
	}
	for ; j < len(data); j++ {
		if c := data[j]; c == '"' || c == '\\' || c < 0x20 {
			return j
		}
	}
	return j
}
