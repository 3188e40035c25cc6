//go:build js

package jsweb

import (
	"crypto/sha256"
	"syscall/js"
	"testing"
)

// TestSHA256: the digest is SHA-256's, for inputs under subtleMin (Go's)
// and from it up (the browser's; node has SubtleCrypto too); and an input
// of subtleMin bytes goes to SubtleCrypto, one of 100 does not (a spy in
// place of crypto.subtle.digest counts its calls): a failing call would
// fall back to Go, and the right digest alone would not show it.
func TestSHA256(t *testing.T) {
	// The sizes after 3 MiB reuse the buffer a longer input grew, and one
	// over digestKeep takes a buffer of its own: a digest of the whole
	// kept buffer, or of its stale tail, would differ from Go's.
	for _, n := range []int{0, 100, subtleMin - 1, subtleMin, 3 << 20, subtleMin + 1, digestKeep + 1, 70 << 10} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*7 + i>>8 + n)
		}
		if got, want := SHA256(b), sha256.Sum256(b); got != want {
			t.Errorf("%d bytes: %x, want %x", n, got, want)
		}
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
	big := make([]byte, subtleMin)
	if got, want := SHA256(big), sha256.Sum256(big); got != want || calls != 1 {
		t.Errorf("%d bytes: %x after %d calls of SubtleCrypto, want %x after 1", len(big), got, calls, want)
	}
	if SHA256(big[:100]); calls != 1 {
		t.Errorf("100 bytes went to SubtleCrypto")
	}
}
