//go:build js

package shasum

// Sum256 is the SHA-256 digest of b.
func Sum256(b []byte) [32]byte { return sum256(b) }

// Sum1 is the SHA-1 digest of b.
func Sum1(b []byte) [20]byte { return sum1(b) }
