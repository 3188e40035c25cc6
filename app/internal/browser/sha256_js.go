//go:build js

package browser

import (
	"crypto/sha256"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// subtleMin is the input size, in bytes, from which SHA256 asks the
// browser: below it, waiting for the answer costs more than hashing in Go.
const subtleMin = 16 << 10

// SHA256 is the SHA-256 digest of b (FIPS 180-4), by the browser's
// SubtleCrypto.digest, which is native code and faster than Go's compiled
// to WebAssembly. It hashes in Go (crypto/sha256) inputs under 16 KiB, and
// all of them where the page has no SubtleCrypto (it is only in secure
// contexts: https and loopback) or the digest fails: it never errs. It
// blocks its goroutine until the digest is done; the promise's callback
// runs on a goroutine of its own, so any caller, the UI goroutine too,
// gets its answer.
func SHA256(b []byte) [32]byte {
	subtle := app.Window().Get("crypto").Get("subtle")
	if len(b) < subtleMin || !subtle.Truthy() {
		return sha256.Sum256(b)
	}
	in := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(in, b)
	buf, err := Await(subtle.Call("digest", "SHA-256", in))
	if err != nil {
		return sha256.Sum256(b)
	}
	var sum [32]byte
	app.CopyBytesToGo(sum[:], app.Window().Get("Uint8Array").New(buf))
	return sum
}
