package pyjson

import (
	"math"
	"slices"
	"strconv"
)

// isIntToken reports whether tok is -?[0-9]+, a JSON number that
// json.loads turns into a Python int.
func isIntToken(tok []byte) bool {
	if len(tok) > 0 && tok[0] == '-' {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pyRound5 is Python's round(f, 5): the float nearest to f rounded to 5
// decimal places, exact halfway cases to even; strconv's 'f' formatting
// rounds the exact binary value the same way.
func pyRound5(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	var buf [64]byte
	r, err := strconv.ParseFloat(string(strconv.AppendFloat(buf[:0], f, 'f', 5, 64)), 64)
	if err != nil {
		return f
	}
	return r
}

// appendPyFloat appends repr(f): the shortest digits that read back as f,
// in positional form when the decimal exponent is in [-4, 16) (with ".0"
// when there is no fraction), else as d.ddde+XX with at least two exponent
// digits. NaN and the infinities print as json.dumps prints them.
func appendPyFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	if math.Signbit(f) {
		dst = append(dst, '-')
		f = -f
	}
	if f == 0 {
		return append(dst, "0.0"...)
	}
	// Shortest round-trip digits as d.ddde±X.
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	ePos := slices.Index(s, 'e')
	mant, expPart := s[:ePos], s[ePos+1:]
	exp, _ := strconv.Atoi(string(expPart))
	var digitBuf [24]byte
	digits := append(digitBuf[:0], mant[0])
	if len(mant) > 2 {
		digits = append(digits, mant[2:]...)
	}
	decpt := exp + 1 // digits are 0.DDDD × 10^decpt
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			dst = append(dst, "0."...)
			for i := decpt; i < 0; i++ {
				dst = append(dst, '0')
			}
			return append(dst, digits...)
		case decpt < len(digits):
			dst = append(dst, digits[:decpt]...)
			dst = append(dst, '.')
			return append(dst, digits[decpt:]...)
		default:
			dst = append(dst, digits...)
			for i := len(digits); i < decpt; i++ {
				dst = append(dst, '0')
			}
			return append(dst, ".0"...)
		}
	}
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'e')
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else {
		dst = append(dst, '+')
	}
	if exp < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(exp), 10)
}
