package reqhash

import (
	"crypto/sha256"
)

// sum256 is the SHA-256 the request-hash check uses (SetSHA256).
var sum256 = sha256.Sum256

// SetSHA256 makes Verify, ForRequest and ForBody hash with f instead of
// crypto/sha256: the browser page gives them the browser's own
// (SubtleCrypto), faster than Go's compiled to WebAssembly (see
// docs/dev/performance-notes.md). f must return the SHA-256 of its input
// and be safe for concurrent use; call SetSHA256 before any hashing
// starts.
func SetSHA256(f func([]byte) [32]byte) { sum256 = f }
