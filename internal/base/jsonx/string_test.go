package jsonx

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/valyala/fastjson"
)

// TestPlainWord: every byte value in every lane, and random words, against
// the byte-by-byte rule.
func TestPlainWord(t *testing.T) {
	plain := func(b []byte) bool {
		for _, c := range b {
			if c < 0x20 || c > 0x7e {
				return false
			}
		}
		return true
	}
	for c := range 256 {
		for lane := range 8 {
			b := []byte("abcdefgh")
			b[lane] = byte(c)
			if got, want := PlainWord(binary.LittleEndian.Uint64(b)), plain(b); got != want {
				t.Fatalf("byte %#x in lane %d: PlainWord %v, want %v", c, lane, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		w := rng.Uint64()
		if rng.IntN(2) == 0 { // mostly printable, to reach the true side
			w = w&0x3f3f3f3f3f3f3f3f | 0x2020202020202020
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		if got, want := PlainWord(w), plain(b[:]); got != want {
			t.Fatalf("%q: PlainWord %v, want %v", b, got, want)
		}
	}
}

// TestNewStringControls: a character NewString must not take as it is
// (escape, bell, DEL, an invalid byte), at any offset of a long string,
// still comes back from the JSON value exactly.
func TestNewStringControls(t *testing.T) {
	for _, odd := range []string{"\x1b", "\a", "\x7f", "\n", "é", "\U0001F600", "\U000E0001"} {
		for at := range 24 {
			b := []byte("The quick brown fox jumps over")
			b = append(b[:at:at], append([]byte(odd), b[at:]...)...)
			var a fastjson.Arena
			v, err := fastjson.ParseBytes(Compact(NewString(&a, b)))
			if err != nil {
				t.Fatalf("%q: %v", b, err)
			}
			if got := v.GetStringBytes(); !bytes.Equal(got, b) {
				t.Fatalf("%q came back as %q", b, got)
			}
		}
	}
}
