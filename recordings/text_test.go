package recordings

import (
	"bytes"
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// TestTextValue: a text of 1 MB or more gets the value a short one would
// (newString of the joined text), whatever straddles its 256 KB blocks:
// runes of two to four bytes, invalid UTF-8, escapes; and the pace
// function runs once per block.
func TestTextValue(t *testing.T) {
	odd := []string{"é", "✓", "\U0001F600", "\xff", "\x80", "\xe2\x82", "\xf0\x9f\x98", "\"", "\\", "\n", "\x1b", "\u2028", "\x7f"}
	for _, o := range odd {
		for shift := range 4 {
			var text []byte
			filler := []byte(strings.Repeat("lorem ipsum ", textBlock/12+1))
			for blk := 1; len(text) < bigText+textBlock; blk++ {
				// o ends at, or straddles, the end of block blk.
				end := blk*textBlock - len(o) + shift
				text = append(text, filler[:end-len(text)]...)
				text = append(text, o...)
			}
			var tb textBuf
			for rest := text; len(rest) > 0; { // in uneven pieces
				n := min(len(rest), 1000+len(rest)%7919)
				tb.append(rest[:n])
				rest = rest[n:]
			}
			if !bytes.Equal(tb.bytes(), text) {
				t.Fatal("textBuf lost bytes")
			}
			paces := 0
			a := arena{pace: func() { paces++ }}
			got := textValue(&a, &tb)
			var b arena
			want := newString(&b, text)
			if !bytes.Equal(got.GetStringBytes(), want.GetStringBytes()) {
				t.Errorf("%q shifted %d: the value differs from newString's", o, shift)
			}
			if _, err := fastjson.ParseBytes(jsonx.Compact(got)); err != nil {
				t.Errorf("%q shifted %d: not JSON: %v", o, shift, err)
			}
			if blocks := len(tb.full) + 1; paces != blocks {
				t.Errorf("%q: pace called %d times for %d blocks", o, paces, blocks)
			}
		}
	}
}

// TestTextValueShort: under bigText the value is newString's and pace is
// not called.
func TestTextValueShort(t *testing.T) {
	var tb textBuf
	tb.append([]byte("short \"text\"\n"))
	a := arena{pace: func() { t.Error("pace called for a short text") }}
	if got := string(textValue(&a, &tb).GetStringBytes()); got != "short \"text\"\n" {
		t.Errorf("got %q", got)
	}
}

// BenchmarkTextValue builds the value of a 38 MB text, the content of the
// 50 MB stream of make bench, with no pauses; compare with
// BenchmarkNewStringJoined, the route before.
func BenchmarkTextValue(b *testing.B) {
	tb := bigTextBuf()
	b.SetBytes(int64(tb.len()))
	for b.Loop() {
		var a arena
		textValue(&a, &tb)
	}
}

// BenchmarkNewStringJoined is newString of the joined blocks.
func BenchmarkNewStringJoined(b *testing.B) {
	tb := bigTextBuf()
	b.SetBytes(int64(tb.len()))
	for b.Loop() {
		var a arena
		newString(&a, tb.bytes())
	}
}

func bigTextBuf() textBuf {
	var tb textBuf
	word := []byte(strings.Repeat("lorem ipsum ", 64))
	for tb.len() < 38<<20 {
		tb.append(word)
	}
	return tb
}
