package permalink

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
)

// Format version 2 of a permalink's data packs arrays of numbers. An
// embedding is a list of float32 values written as decimals
// ("0.019768294"): about 10 characters a number, which DEFLATE cannot
// bring below the information in the digits, so a 1,536-dimension
// embedding made a link of 9,000 to 9,700 characters. Packed, each
// number is its 4 float32 bytes, and the link about 7,500 characters
// (testdata/v2-embeddings.link).
//
// In the compact JSON, before DEFLATE, an array whose elements are all
// numbers, at least minPacked of them, each written exactly as
// appendFloat32 writes its float32 value, becomes
//
//	"[" 0x00 uvarint(n) n×float32 (IEEE 754, little-endian) "]"
//
// Compact JSON never holds a 0x00 byte (control characters in strings are
// escaped), so the mark cannot be confused with the text around it, and
// version 1 data, which has none, unpacks to itself.

// packMark starts a packed array in version 2 data.
const packMark = 0x00

// minPacked is the fewest numbers an array needs to be packed.
const minPacked = 8

// appendFloat32 appends the shortest decimal that reads back as f, in
// strconv's 'g' format ("0.019768294", "1.5e-05", "3"): the form a JSON
// writer gives float32 values, and the only form packNumbers packs.
func appendFloat32(dst []byte, f float32) []byte {
	return strconv.AppendFloat(dst, float64(f), 'g', -1, 32)
}

// packNumbers returns compact JSON with its arrays of numbers packed as
// described above; js itself when none is. js must be compact, valid JSON
// (json.Compact's output).
func packNumbers(js []byte) []byte {
	var out []byte
	last := 0 // js[last:] is not copied to out yet
	inString := false
	for i := 0; i < len(js); i++ {
		c := js[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[':
			vals, end, ok := numberArray(js, i+1)
			if !ok || len(vals) < minPacked {
				continue
			}
			out = append(out, js[last:i+1]...)
			out = append(out, packMark)
			out = binary.AppendUvarint(out, uint64(len(vals)))
			for _, v := range vals {
				out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
			}
			last, i = end, end-1 // end is the array's "]"
		}
	}
	if out == nil {
		return js
	}
	return append(out, js[last:]...)
}

// numberArray reads the elements of the array whose first element starts
// at js[start]: ok when all are numbers that appendFloat32 writes back to
// the same bytes; end is the index of the closing "]".
func numberArray(js []byte, start int) (vals []float32, end int, ok bool) {
	var buf []byte
	tok := start
	for i := start; i < len(js); i++ {
		switch c := js[i]; {
		case c == ',' || c == ']':
			if i == tok {
				return nil, 0, false // "[]" or "[,"
			}
			v, err := strconv.ParseFloat(string(js[tok:i]), 32)
			if err != nil {
				return nil, 0, false
			}
			f := float32(v)
			if buf = appendFloat32(buf[:0], f); !bytes.Equal(buf, js[tok:i]) {
				return nil, 0, false
			}
			vals = append(vals, f)
			if c == ']' {
				return vals, i, true
			}
			tok = i + 1
		case c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || '0' <= c && c <= '9':
		default:
			return nil, 0, false // a string, object, array, true, false or null
		}
	}
	return nil, 0, false
}

// unpackNumbers reverses packNumbers: it writes each packed array's numbers
// back as text. Errors: ErrBadLink for a packed array cut short or of no
// numbers, ErrLinkTooLarge when the result would pass limit bytes.
func unpackNumbers(p []byte, limit int) ([]byte, error) {
	if bytes.IndexByte(p, packMark) < 0 {
		return p, nil
	}
	out := make([]byte, 0, min(2*len(p), limit))
	for {
		i := bytes.IndexByte(p, packMark)
		if i < 0 {
			out = append(out, p...)
			break
		}
		out = append(out, p[:i]...)
		n, k := binary.Uvarint(p[i+1:])
		q := p[i+1+max(k, 0):]
		if k <= 0 || n == 0 || n > uint64(len(q)/4) {
			return nil, fmt.Errorf("%w: a packed array of numbers is cut short or empty", ErrBadLink)
		}
		for j := range int(n) {
			if j > 0 {
				out = append(out, ',')
			}
			out = appendFloat32(out, math.Float32frombits(binary.LittleEndian.Uint32(q[4*j:])))
			if len(out) > limit {
				return nil, fmt.Errorf("%w: data unpacks past %d bytes", ErrLinkTooLarge, limit)
			}
		}
		p = q[4*n:]
	}
	if len(out) > limit {
		return nil, fmt.Errorf("%w: data unpacks past %d bytes", ErrLinkTooLarge, limit)
	}
	return out, nil
}
