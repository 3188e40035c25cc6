package recordings

// Tests of eight bytes at a time, for the loops that skip plain text
// (newString, appendEscaped, appendPyString, strictJSON's plainBytes).
// They use the bit tricks of "Bit Twiddling Hacks" (Sean Anderson,
// "Determine if a word has a byte less than n", exact for n <= 128, and
// "has a zero byte"): each tells whether such a byte is in the word,
// whatever the machine's byte order.

// Bit patterns: a 1, and a high bit, in each byte.
const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// controlWord reports whether one of the eight bytes in w is below 0x20.
func controlWord(w uint64) bool { return (w-lows*0x20)&^w&highs != 0 }

// plainWord reports whether the eight bytes in w are all printable ASCII
// (0x20 to 0x7e), which newString takes as they are: a byte from 0x7f up
// has its high bit set in (w + lows) | w.
func plainWord(w uint64) bool {
	return !controlWord(w) && ((w+lows)|w)&highs == 0
}

// quoteWord reports whether one of the eight bytes in w is a '"' or a
// '\\' (a zero byte after xor).
func quoteWord(w uint64) bool {
	q, b := w^('"'*lows), w^('\\'*lows)
	return ((q-lows)&^q|(b-lows)&^b)&highs != 0
}
