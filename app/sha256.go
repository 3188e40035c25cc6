package app

import (
	"crypto/sha256"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/reqhash"
)

// subtleMin is the input size from which browserSHA256 asks the browser:
// below it, waiting for the answer costs more than hashing in Go.
const subtleMin = 16 << 10

// browserSHA256 is SHA-256 by the browser's SubtleCrypto.digest, which is
// native code (Go's, compiled to WebAssembly, runs at about 78 MB/s); it
// hashes in Go inputs under subtleMin, and all of them where the page has
// no SubtleCrypto (it is only in secure contexts: https and loopback) or
// the digest fails. It blocks its goroutine until the digest is done; the
// promise's callback runs on a goroutine of its own, so any caller, the
// UI goroutine too (the playground's hashes), gets its answer.
func browserSHA256(b []byte) [32]byte {
	subtle := app.Window().Get("crypto").Get("subtle")
	if len(b) < subtleMin || !subtle.Truthy() {
		return sha256.Sum256(b)
	}
	in := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(in, b)
	buf, err := await(subtle.Call("digest", "SHA-256", in))
	if err != nil {
		return sha256.Sum256(b)
	}
	var sum [32]byte
	app.CopyBytesToGo(sum[:], app.Window().Get("Uint8Array").New(buf))
	return sum
}

// UseBrowserSHA256 makes the request-hash check hash with the browser's
// SubtleCrypto (browserSHA256); the page's main calls it before it runs.
func UseBrowserSHA256() { reqhash.SetSHA256(browserSHA256) }
