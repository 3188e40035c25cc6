package recordings

import (
	"bytes"
	"encoding/binary"
	"fmt"
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
			if got, want := plainWord(binary.LittleEndian.Uint64(b)), plain(b); got != want {
				t.Fatalf("byte %#x in lane %d: plainWord %v, want %v", c, lane, got, want)
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
		if got, want := plainWord(w), plain(b[:]); got != want {
			t.Fatalf("%q: plainWord %v, want %v", b, got, want)
		}
	}
}

// TestNewStringControls: a character newString must not take as it is
// (escape, bell, DEL, an invalid byte), at any offset of a long string,
// still comes back from the JSON value exactly.
func TestNewStringControls(t *testing.T) {
	for _, odd := range []string{"\x1b", "\a", "\x7f", "\n", "é", "\U0001F600", "\U000E0001"} {
		for at := range 24 {
			b := []byte("The quick brown fox jumps over")
			b = append(b[:at:at], append([]byte(odd), b[at:]...)...)
			var a fastjson.Arena
			v, err := fastjson.ParseBytes(JSON(newString(&a, b)))
			if err != nil {
				t.Fatalf("%q: %v", b, err)
			}
			if got := v.GetStringBytes(); !bytes.Equal(got, b) {
				t.Fatalf("%q came back as %q", b, got)
			}
		}
	}
}

// TestAppendTextGrowth: past growDoubleFrom a text's buffer grows to twice
// what it needs, and a Stepper over a stream whose text outgrows its
// buffers many times still gives, at every step, the text of the chunks
// so far (snapshots share the buffers they were taken on).
func TestAppendTextGrowth(t *testing.T) {
	piece := bytes.Repeat([]byte("0123456789abcdef"), 64) // 1 KB
	v := fastjson.MustParse(`"` + string(piece) + `"`)
	var text []byte
	for range 2 * growDoubleFrom / len(piece) {
		before := cap(text)
		text, _, _ = appendText(text, v)
		if cap(text) != before && len(text) >= growDoubleFrom && cap(text) != 2*len(text) {
			t.Fatalf("at %d bytes the buffer grew to %d, want %d", len(text), cap(text), 2*len(text))
		}
	}

	const n = 700 // 700 KB of text: past growDoubleFrom, regrown on the way
	var doc bytes.Buffer
	doc.WriteString(`{"request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "headers": {}, "body": {"model": "m", "stream": true}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"body": [`)
	for i := range n {
		if i > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk", "__data__": {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [{"index": 0, "delta": {"content": "%04d%s"}, "finish_reason": null}]}}`, i, piece[4:])
	}
	doc.WriteString(`], "is_streaming": true}}`)
	r, err := Parse("growth.json", doc.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	var want []byte
	check := func(k int) {
		s.Seek(k)
		got := s.Result().GetStringBytes("choices", "0", "message", "content")
		if !bytes.Equal(got, want[:k*len(piece)]) {
			t.Fatalf("step %d: %d bytes of text, want %d (or they differ)", k, len(got), k*len(piece))
		}
	}
	for i := range n {
		want = fmt.Appendf(want, "%04d%s", i, piece[4:])
	}
	for _, k := range []int{n, 0, 1, 63, 64, 65, 255, 256, 257, 300, 511, 512, 640, n - 1, n} {
		check(k)
	}
	for k := n; k >= 0; k -= 37 {
		check(k)
	}
}
