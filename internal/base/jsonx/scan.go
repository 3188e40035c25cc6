package jsonx

import "encoding/binary"

// Scanning JSON text without parsing it: for finding where values lie in a
// large input before handing the pieces to the parser.

// SkipWS returns the offset of the first byte at or after i that is not
// JSON whitespace, skipping eight spaces at a time: recordings are
// indented, and their indentation is a good part of their bytes.
func SkipWS(data []byte, i int) int {
	for {
		for len(data)-i >= 8 && binary.LittleEndian.Uint64(data[i:]) == ' '*lows {
			i += 8
		}
		if i >= len(data) {
			return i
		}
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
}

// SkipValue returns the offset just past the JSON value starting at
// data[i] and its deepest container nesting (0 for a scalar). It checks
// the value's tokens as CheckStrict does and matches brackets by count
// only, leaving the rest of the structure (commas, colons, which bracket
// closes which) to the parser. ok is false when the value does not end
// or holds a token outside JSON's grammar.
func SkipValue(data []byte, i int) (end, maxDepth int, ok bool) {
	if i >= len(data) {
		return 0, 0, false
	}
	switch data[i] {
	case '"':
		end, ok = SkipString(data, i)
		return end, 0, ok
	case '{', '[':
	default:
		end, ok = SkipScalar(data, i)
		return end, 0, ok
	}
	depth := 0
	for j := i; j < len(data); {
		switch data[j] {
		case '"':
			e, ok := SkipString(data, j)
			if !ok {
				return 0, 0, false
			}
			j = e
			continue
		case '{', '[':
			depth++
			maxDepth = max(maxDepth, depth)
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1, maxDepth, true
			}
		case ' ', '\t', '\n', '\r':
			j = SkipWS(data, j)
			continue
		case ',', ':':
		default:
			e, ok := SkipScalar(data, j)
			if !ok {
				return 0, 0, false
			}
			j = e
			continue
		}
		j++
	}
	return 0, 0, false
}

// FindMember scans the object whose '{' is at data[i] for the first key
// spelled exactly key and returns the offset of its value. Like
// fastjson's Object.Get it takes the first such key; a key written with
// escapes counts as different. ok is false when data[i] is not an object
// or the scan cannot follow it before finding key.
func FindMember(data []byte, i int, key string) (int, bool) {
	if i >= len(data) || data[i] != '{' {
		return 0, false
	}
	i = SkipWS(data, i+1)
	for i < len(data) && data[i] == '"' {
		end, ok := SkipString(data, i)
		if !ok {
			return 0, false
		}
		k := data[i+1 : end-1]
		i = SkipWS(data, end)
		if i >= len(data) || data[i] != ':' {
			return 0, false
		}
		i = SkipWS(data, i+1)
		if string(k) == key {
			return i, i < len(data)
		}
		if i, _, ok = SkipValue(data, i); !ok {
			return 0, false
		}
		i = SkipWS(data, i)
		if i >= len(data) || data[i] != ',' {
			return 0, false
		}
		i = SkipWS(data, i+1)
	}
	return 0, false
}
