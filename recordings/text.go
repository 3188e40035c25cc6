package recordings

import (
	"unsafe"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// arena is what the assemblers build their results with: fastjson's
// Arena, and pace, when not nil, called between pieces of the work on a
// long text (Stepper.ResultInSlices).
type arena struct {
	fastjson.Arena
	pace func()
}

// textBlock is the size of the blocks a textBuf keeps its text in once it
// is that long.
const textBlock = 256 << 10

// textBuf is an assembled text (content, arguments, thinking) that only
// ever grows. It is kept in blocks of textBlock bytes: a full block is
// never written again and a new one is started, so a long text is never
// copied as it grows.
//
// clone is cheap and shares every byte: the copy's slices have their
// capacity clipped to their length, so whichever of the two appends next
// writes to memory of its own. A Stepper keeps a clone every 64 chunks, so
// a text of n bytes costs about n in all, where one growing slice cost
// about 4n (every buffer it outgrew stayed alive in the snapshots).
type textBuf struct {
	full [][]byte // filled blocks, in order
	tail []byte   // the block being filled
}

// add appends the string v holds and returns the bytes appended, as a
// string sharing the buffer's memory (see noCopyString); ok is false, and
// the buffer unchanged, when v is not a string.
func (t *textBuf) add(v *fastjson.Value) (text string, ok bool) {
	if v == nil || v.Type() != fastjson.TypeString {
		return "", false
	}
	return t.append(v.GetStringBytes()), true
}

// append appends b and returns it as a string, sharing the buffer's
// memory when b lands in one block (a copy when it spans two). Blocks are
// filled to exactly textBlock bytes; the first grows by doubling until it
// is that long, so a short text takes little memory.
func (t *textBuf) append(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	from, blocks := len(t.tail), len(t.full)
	piece := b
	for len(b) > 0 {
		if len(t.tail) == textBlock {
			t.full = append(t.full, t.tail)
			t.tail = make([]byte, 0, textBlock)
		}
		k := min(textBlock-len(t.tail), len(b))
		if need := len(t.tail) + k; need > cap(t.tail) {
			grown := make([]byte, len(t.tail), min(textBlock, max(2*cap(t.tail), need)))
			copy(grown, t.tail)
			t.tail = grown
		}
		t.tail = append(t.tail, b[:k]...)
		b = b[k:]
	}
	if len(t.full) != blocks {
		return string(piece)
	}
	return noCopyString(t.tail[from:])
}

// len returns the text's length in bytes.
func (t *textBuf) len() int {
	n := len(t.tail)
	for _, b := range t.full {
		n += len(b)
	}
	return n
}

// bytes returns the whole text: the buffer's own memory when it is one
// block, else a copy joining the blocks. It must not be modified.
func (t *textBuf) bytes() []byte {
	if len(t.full) == 0 {
		return t.tail
	}
	out := make([]byte, 0, t.len())
	for _, b := range t.full {
		out = append(out, b...)
	}
	return append(out, t.tail...)
}

// clone returns a copy sharing the text's memory (see textBuf).
// Not inlined, as getStr is not: its copies at each call cost app.wasm
// more than the call costs (docs/dev/wasm-size.md).
//
//go:noinline
func (t textBuf) clone() textBuf {
	return textBuf{full: clip(t.full), tail: clip(t.tail)}
}

// clip returns b with its capacity cut to its length, so that appending to
// the copy never writes into the original's backing array.
func clip[T any](b []T) []T { return b[:len(b):len(b)] }

// sharedStr is getStr without the copy: the string shares the memory of
// the value at keys, which must stay unchanged while the string is used.
// recview never changes a string value once built (each parser and arena
// builds one document and is then dropped), so a text read for display
// costs nothing however long it is, where a copy would be made at every
// drawing of the page. It keeps the value's document alive as long as it
// is kept itself: not for what outlives the document, like an index row.
//
// Not inlined: inlined at its hundreds of call sites it made app.wasm
// about 8 KB larger after brotli, for no speed the benchmarks can tell
// (docs/dev/wasm-size.md).
//
//go:noinline
func sharedStr(v *fastjson.Value, keys ...string) string {
	return noCopyString(strBytes(v, keys...))
}

// noCopyString returns bytes of an assembled text as the string they are,
// for a Delta: a textBuf only ever grows, and a clone appends to memory of
// its own, so bytes once appended are never written again. A copy (one
// per delta, as much again as the stream's text) would buy nothing; the
// chunk's own string would keep the chunk's whole parsed tree alive, which
// a stream decoded by ParseInSlices does not keep.
func noCopyString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// bigText is the length in bytes from which textValue builds a text's
// value block by block (jsonx.BlocksString), pacing between blocks.
const bigText = 1 << 20

// textValue returns t's text as a JSON string value, the same value as
// newString(a, t.bytes()); a text of bigText or more is built with
// jsonx.BlocksString, with a call of a.pace after each block.
func textValue(a *arena, t *textBuf) *fastjson.Value {
	if t.len() < bigText {
		return newString(a, t.bytes())
	}
	return jsonx.BlocksString(append(clip(t.full), t.tail), a.pace)
}

// textOrNull is textValue, or JSON null when set is false.
func textOrNull(a *arena, t *textBuf, set bool) *fastjson.Value {
	if !set {
		return a.NewNull()
	}
	return textValue(a, t)
}
