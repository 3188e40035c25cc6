package recordings

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestTextBuf: a textBuf gives back, after any appends, the text
// appended, in blocks it never writes again once full, with each piece's
// string sharing its memory and costing about the text's size in all; a
// clone and its original then grow apart without touching each other.
func TestTextBuf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf textBuf
	var want []byte
	type frozen struct {
		block []byte
		text  string
	}
	var seen []frozen // full blocks as first seen
	type snap struct {
		buf  textBuf
		text string
	}
	var snaps []snap
	for i := range 3000 {
		n := rng.IntN(300)
		if i%500 == 499 {
			n = textBlock + rng.IntN(1000) // a piece larger than a block
		}
		piece := make([]byte, n)
		for j := range piece {
			piece[j] = byte('a' + rng.IntN(26))
		}
		got := buf.append(piece)
		want = append(want, piece...)
		if got != string(piece) {
			t.Fatalf("append %d returned %q, want the piece", i, got)
		}
		if n > 0 && n <= len(buf.tail) && unsafe.StringData(got) != unsafe.SliceData(buf.tail[len(buf.tail)-n:]) {
			t.Fatalf("append %d returned a copy, want the buffer's own bytes", i)
		}
		for len(seen) < len(buf.full) {
			b := buf.full[len(seen)]
			seen = append(seen, frozen{b, string(b)})
		}
		if i%100 == 0 {
			snaps = append(snaps, snap{buf.clone(), string(want)})
		}
	}
	if !bytes.Equal(buf.bytes(), want) || buf.len() != len(want) {
		t.Fatalf("bytes: %d bytes, want %d (or they differ)", len(buf.bytes()), len(want))
	}
	room := cap(buf.tail)
	for k, f := range seen {
		if unsafe.SliceData(buf.full[k]) != unsafe.SliceData(f.block) || string(buf.full[k]) != f.text {
			t.Fatalf("full block %d was moved or written after it filled", k)
		}
		if len(f.block) != textBlock {
			t.Errorf("full block %d holds %d bytes, want %d", k, len(f.block), textBlock)
		}
		room += cap(f.block)
	}
	if room > len(want)+textBlock {
		t.Errorf("%d bytes of blocks for %d bytes of text", room, len(want))
	}
	// Clones kept their text while the original grew, and grow on their
	// own.
	for i, sn := range snaps {
		if string(sn.buf.bytes()) != sn.text {
			t.Fatalf("clone %d: its text changed as the original grew", i)
		}
		sn.buf.append([]byte("<clone>"))
		if string(sn.buf.bytes()) != sn.text+"<clone>" {
			t.Fatalf("clone %d: appending gives %d bytes, want %d", i, sn.buf.len(), len(sn.text)+7)
		}
	}
	if !bytes.Equal(buf.bytes(), want) {
		t.Fatal("the original changed when its clones grew")
	}
}

// TestStepperLongText: a Stepper over a stream whose text fills many
// blocks gives, at every step, the text of the chunks so far (snapshots
// share the blocks they were taken on).
func TestStepperLongText(t *testing.T) {
	piece := bytes.Repeat([]byte("0123456789abcdef"), 64) // 1 KB
	const n = 700                                         // 700 KB of text: 3 blocks
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
