//go:build js

package main

import (
	"crypto/sha256"
	"errors"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
)

// subtleMin is the size, in bytes, from which a file that is not in an
// ArrayBuffer already is copied to one for the browser's SHA-256: below
// it, Go's is quicker than the copy and the wait (as jsweb.SHA256).
const subtleMin = 16 << 10

// sumSet works out the SHA-256 of files, by path, for the pairs' digests
// (review.Result.SetDigests): the browser's crypto.subtle.digest, native
// code off the worker's thread, for each file given in an ArrayBuffer
// and each file of subtleMin bytes or more (copied to one), all started
// at once as they are added; Go's crypto/sha256 for the others, and for
// all where crypto.subtle is missing (a page served over plain HTTP but
// from loopback). A two-folder review adds each file as it is read, a
// GitHub review its downloads; wait gathers them.
type sumSet struct {
	subtle   js.Value            // crypto.subtle, undefined when missing
	paths    []string            // the browser's digests' paths,
	promises []js.Value          // and their promises, in the same order
	goSums   map[string][32]byte // Go's
}

func newSumSet() *sumSet {
	s := &sumSet{goSums: map[string][32]byte{}}
	if c := js.Global().Get("crypto"); c.Truthy() && c.Get("subtle").Truthy() {
		s.subtle = c.Get("subtle")
	}
	return s
}

// add starts the digest of a file: data its bytes, buf the ArrayBuffer
// that holds them (undefined, the zero js.Value, when there is none).
func (s *sumSet) add(path string, data []byte, buf js.Value) {
	switch {
	case !s.subtle.Truthy(), buf.IsUndefined() && len(data) < subtleMin:
		s.goSums[path] = sha256.Sum256(data)
		return
	case buf.IsUndefined():
		buf = jsweb.Buffer(data)
	}
	s.paths = append(s.paths, path)
	s.promises = append(s.promises, s.subtle.Call("digest", "SHA-256", buf))
}

// wait waits for the browser's digests and returns every file's, by path.
func (s *sumSet) wait() (map[string][32]byte, error) {
	out := make(map[string][32]byte, len(s.goSums)+len(s.paths))
	for p, sum := range s.goSums {
		out[p] = sum
	}
	if len(s.promises) == 0 {
		return out, nil
	}
	all, err := jsweb.Await(js.Global().Get("Promise").Call("all", js.ValueOf(toAny(s.promises))))
	if err != nil {
		return nil, errors.New("the files' digests: " + err.Error())
	}
	for i, p := range s.paths {
		var sum [32]byte
		js.CopyBytesToGo(sum[:], js.Global().Get("Uint8Array").New(all.Index(i)))
		out[p] = sum
	}
	return out, nil
}

// toAny is vs as the []any js.ValueOf takes.
func toAny(vs []js.Value) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
