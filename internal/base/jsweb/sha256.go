//go:build js

package jsweb

import (
	"syscall/js"

	"github.com/recview/recview/internal/base/shasum"
)

// subtleMin is the input size, in bytes, from which SHA256 asks the
// browser: below it, waiting for the answer costs more than hashing in Go.
const subtleMin = 16 << 10

// SHA256 is the SHA-256 digest of b (FIPS 180-4), by the browser's
// SubtleCrypto.digest, which is native code and faster than Go's compiled
// to WebAssembly. It hashes in Go (shasum.Sum256) inputs under 16 KiB, and
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
		return shasum.Sum256(b)
	}
	buf, err := Await(subtle.Call("digest", "SHA-256", digestInput(b)))
	if err != nil {
		return shasum.Sum256(b)
	}
	var sum [32]byte
	js.CopyBytesToGo(sum[:], js.Global().Get("Uint8Array").New(buf))
	return sum
}

// digestKeep is the size, in bytes, of the largest input buffer
// digestInput keeps for the next digest.
const digestKeep = 4 << 20

// digestBuf is the Uint8Array digestInput reuses (undefined until the
// first digest): SubtleCrypto.digest copies its input before it returns
// its promise (WebCrypto, digest(), step 2: "getting a copy of the bytes
// held by the data parameter"), so the next digest may overwrite it.
var digestBuf js.Value

// digestInput is a Uint8Array holding a copy of b, for a digest: a view
// of a buffer kept from one digest to the next (grown to a power of two
// as needed), or a new one for an input over digestKeep. A new buffer
// for every input cost the page more than the digest itself: the fresh
// memory is zeroed and faulted in (docs/dev/performance-notes.md).
func digestInput(b []byte) js.Value {
	if len(b) > digestKeep {
		return js.Global().Get("Uint8Array").New(Buffer(b))
	}
	if digestBuf.IsUndefined() || digestBuf.Length() < len(b) {
		n := 64 << 10
		for n < len(b) {
			n *= 2
		}
		digestBuf = js.Global().Get("Uint8Array").New(n)
	}
	view := digestBuf.Call("subarray", 0, len(b))
	js.CopyBytesToJS(view, b)
	return view
}
