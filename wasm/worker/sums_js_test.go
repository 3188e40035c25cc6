//go:build js

package main

import (
	"crypto/sha256"
	"syscall/js"
	"testing"
)

// TestSumSet: every file's sum is its SHA-256, whichever way it was
// worked out: a file in an ArrayBuffer and a large one by the browser's
// crypto.subtle (node has it too; a spy counts its calls), a small one
// without a buffer by Go; and all by Go where crypto.subtle is missing.
func TestSumSet(t *testing.T) {
	files := map[string][]byte{"small.json": []byte(`{"a":1}`), "large.json": make([]byte, subtleMin+5), "buffered.json": []byte("in a buffer")}
	for i := range files["large.json"] {
		files["large.json"][i] = byte(i * 13)
	}
	calls := 0
	subtle := js.Global().Get("crypto").Get("subtle")
	digest := subtle.Get("digest")
	spy := js.FuncOf(func(this js.Value, args []js.Value) any {
		calls++
		return digest.Call("apply", subtle, js.Global().Get("Array").Call("from", js.ValueOf([]any{args[0], args[1]})))
	})
	defer spy.Release()
	subtle.Set("digest", spy)
	defer subtle.Set("digest", digest)

	s := newSumSet()
	for _, p := range []string{"small.json", "large.json", "buffered.json"} {
		buf := js.Value{}
		if p == "buffered.json" {
			a := js.Global().Get("Uint8Array").New(len(files[p]))
			js.CopyBytesToJS(a, files[p])
			buf = a.Get("buffer")
		}
		s.add(p, files[p], buf)
	}
	got, err := s.wait()
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range files {
		if got[p] != sha256.Sum256(data) {
			t.Errorf("%s: %x, want %x", p, got[p], sha256.Sum256(data))
		}
	}
	if calls != 2 || len(got) != 3 {
		t.Errorf("%d calls of crypto.subtle.digest, want 2 (the large file, the buffered one); %d sums", calls, len(got))
	}
	goOnly := &sumSet{goSums: map[string][32]byte{}} // no crypto.subtle
	goOnly.add("large.json", files["large.json"], js.Value{})
	if got, err := goOnly.wait(); err != nil || got["large.json"] != sha256.Sum256(files["large.json"]) || calls != 2 {
		t.Errorf("without crypto.subtle: %x, %v, %d calls", got["large.json"], err, calls)
	}
}
