//go:build js

package jsweb

import (
	"crypto/sha256"
	"syscall/js"
)

// subtleMin is the input size, in bytes, from which SHA256 asks the
// browser: below it, waiting for the answer costs more than hashing in Go.
const subtleMin = 16 << 10

// SHA256 is the SHA-256 digest of b (FIPS 180-4), by the browser's
// SubtleCrypto.digest, which is native code and faster than Go's compiled
// to WebAssembly. It hashes in Go (crypto/sha256) inputs under 16 KiB, and
// all of them where there is no SubtleCrypto (it is only in secure
// contexts: https and loopback) or the digest fails: it never errs. It
// blocks its goroutine until the digest is done (Await), on the page and
// in a worker alike.
func SHA256(b []byte) [32]byte {
	subtle := js.Global().Get("crypto")
	if subtle.Truthy() {
		subtle = subtle.Get("subtle")
	}
	if len(b) < subtleMin || !subtle.Truthy() {
		return sha256.Sum256(b)
	}
	buf, err := Await(subtle.Call("digest", "SHA-256", Buffer(b)))
	if err != nil {
		return sha256.Sum256(b)
	}
	var sum [32]byte
	js.CopyBytesToGo(sum[:], js.Global().Get("Uint8Array").New(buf))
	return sum
}
