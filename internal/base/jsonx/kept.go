package jsonx

import (
	"bytes"

	"github.com/valyala/fastjson"
)

// Values kept as their JSON bytes rather than as parsed trees. A fastjson
// value lives in its parser's memory, which the parser's next Parse
// overwrites; whoever keeps nothing of a tree lets the parser be reused
// for the next input, and lets the tree go once read.

// Kept is one JSON value kept as its bytes; nil when there is none.
type Kept []byte

// Set keeps v's JSON, copying it only when it differs from what is kept
// (a stream repeats its "created" in every chunk). The old bytes are
// never written to, so copies of k may share them. scratch is a buffer
// for the comparison, used only during the call.
func (k *Kept) Set(v *fastjson.Value, scratch *[]byte) {
	*scratch = v.MarshalTo((*scratch)[:0])
	if *k == nil || !bytes.Equal(*scratch, *k) {
		*k = bytes.Clone(*scratch)
	}
}

// Value parses the kept JSON into a tree of its own, or returns JSON null
// (from a) when there is none.
func (k Kept) Value(a *fastjson.Arena) *fastjson.Value {
	if k == nil {
		return a.NewNull()
	}
	v, err := fastjson.ParseBytes(k)
	if err != nil { // not reached: MarshalTo writes what parsed
		return a.NewNull()
	}
	return v
}

// KeptList is a list of JSON values kept as their bytes, comma-separated.
// It only grows; a Clone's capacity is clipped, so the original and the
// clone append to memory of their own. The zero KeptList is empty.
type KeptList struct {
	b []byte
	n int // how many values
}

// Add keeps vs after the values kept so far.
func (l *KeptList) Add(vs []*fastjson.Value) {
	for _, v := range vs {
		if l.n > 0 {
			l.b = append(l.b, ',')
		}
		l.b = v.MarshalTo(l.b)
		l.n++
	}
}

// Len returns how many values are kept.
func (l KeptList) Len() int { return l.n }

// Clone returns a copy sharing the bytes kept so far.
func (l KeptList) Clone() KeptList { return KeptList{b: l.b[:len(l.b):len(l.b)], n: l.n} }

// Value parses the kept values as a JSON array in a tree of its own; an
// empty list is an empty array from a.
func (l KeptList) Value(a *fastjson.Arena) *fastjson.Value {
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
