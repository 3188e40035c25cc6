package jsonx

// Tests of eight bytes at a time, for the loops that skip plain text
// (NewString, AppendEscaped, CheckStrict's plainBytes, the request
// hash's Python string encoder).
// They use the bit tricks of "Bit Twiddling Hacks" (Sean Anderson,
// "Determine if a word has a byte less than n", exact for n <= 128, and
// "has a zero byte"): each tells whether such a byte is in the word,
// whatever the machine's byte order.

// Bit patterns: a 1, and a high bit, in each byte.
const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// ControlWord reports whether one of the eight bytes in w is below 0x20.
func ControlWord(w uint64) bool { return (w-lows*0x20)&^w&highs != 0 }

// PlainWord reports whether the eight bytes in w are all printable ASCII
// (0x20 to 0x7e), which NewString takes as they are: a byte from 0x7f up
// has its high bit set in (w + lows) | w.
func PlainWord(w uint64) bool {
	return !ControlWord(w) && ((w+lows)|w)&highs == 0
}

// QuoteWord reports whether one of the eight bytes in w is a '"' or a
// '\\' (a zero byte after xor).
func QuoteWord(w uint64) bool {
	q, b := w^('"'*lows), w^('\\'*lows)
	return ((q-lows)&^q|(b-lows)&^b)&highs != 0
}
