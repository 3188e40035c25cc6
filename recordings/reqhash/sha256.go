package reqhash

import (
	"github.com/recview/recview/internal/base/shasum"
)

// sum256 is the SHA-256 the request-hash check uses (SetSHA256).
var sum256 = shasum.Sum256

// SetSHA256 makes Verify, ForRequest and ForBody hash with f instead of
// shasum.Sum256 (crypto/sha256's natively): the browser page gives them the browser's own
// (SubtleCrypto), faster than Go's compiled to WebAssembly (see
// docs/dev/performance-notes.md). f must return the SHA-256 of its input
// and be safe for concurrent use; call SetSHA256 before any hashing
// starts.
func SetSHA256(f func([]byte) [32]byte) { sum256 = f }
