//go:build !js

package shasum

import (
	"crypto/sha1"
	"crypto/sha256"
)

// Sum256 is the SHA-256 digest of b (crypto/sha256.Sum256).
func Sum256(b []byte) [32]byte { return sha256.Sum256(b) }

// Sum1 is the SHA-1 digest of b (crypto/sha1.Sum).
func Sum1(b []byte) [20]byte { return sha1.Sum(b) }
