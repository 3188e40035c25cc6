//go:build js

package browser

import "github.com/recview/recview/internal/base/jsweb"

// SHA256 is jsweb.SHA256: the SHA-256 digest of b by the browser's
// SubtleCrypto for inputs of 16 KiB or more, by Go below that or without
// it; it blocks its goroutine until the digest is done.
func SHA256(b []byte) [32]byte { return jsweb.SHA256(b) }
