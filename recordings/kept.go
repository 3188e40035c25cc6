package recordings

import (
	"bytes"

	"github.com/valyala/fastjson"
)

// An assembler that keeps nothing of a chunk's parsed tree lets the tree
// go once the chunk is folded in, and lets whoever parsed it reuse the
// parser for the next chunk (see foldsAsChecked). The OpenAI assembler
// keeps such values (created, usage, logprobs entries) as their JSON
// bytes, parsed again when a result is built.

// keptJSON is one JSON value kept as its bytes; nil when there is none.
type keptJSON []byte

// set keeps v's JSON, copying it only when it differs from what is kept
// (a stream repeats its "created" in every chunk). The old bytes are
// never written to, so clones may share them. scratch is a buffer for
// the comparison, used only during the call.
func (k *keptJSON) set(v *fastjson.Value, scratch *[]byte) {
	*scratch = v.MarshalTo((*scratch)[:0])
	if *k == nil || !bytes.Equal(*scratch, *k) {
		*k = bytes.Clone(*scratch)
	}
}

// value parses the kept JSON, or returns JSON null when there is none.
func (k keptJSON) value(a *arena) *fastjson.Value {
	if k == nil {
		return a.NewNull()
	}
	v, err := fastjson.ParseBytes(k)
	if err != nil { // not reached: MarshalTo writes what parsed
		return a.NewNull()
	}
	return v
}

// keptList is a list of JSON values kept as their bytes, comma-separated.
// It only grows; a clone's capacity is clipped (as textBuf's), so the
// original and the clone append to memory of their own.
type keptList struct {
	b []byte
	n int // how many values
}

// add keeps vs after the values kept so far.
func (l *keptList) add(vs []*fastjson.Value) {
	for _, v := range vs {
		if l.n > 0 {
			l.b = append(l.b, ',')
		}
		l.b = v.MarshalTo(l.b)
		l.n++
	}
}

// clone returns a copy sharing the bytes kept so far.
func (l keptList) clone() keptList { return keptList{b: clip(l.b), n: l.n} }

// value parses the kept values as a JSON array.
func (l keptList) value(a *arena) *fastjson.Value {
	if l.n == 0 {
		return a.NewArray()
	}
	list := make([]byte, 0, len(l.b)+2)
	list = append(append(append(list, '['), l.b...), ']')
	v, err := fastjson.ParseBytes(list)
	if err != nil { // not reached: MarshalTo writes what parsed
		return a.NewArray()
	}
	return v
}
