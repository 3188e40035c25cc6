package shasum

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestVectors: FIPS 180-4's examples (csrc.nist.gov, "SHA256.pdf" and
// "SHA1.pdf" of the examples with intermediate values): "abc", one block;
// the 448-bit message, whose padding takes a second block; and "".
func TestVectors(t *testing.T) {
	for _, tc := range []struct{ in, s256, s1 string }{
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "a9993e364706816aba3e25717850c26c9cd0d89d"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
	} {
		s256, s1 := sum256([]byte(tc.in)), sum1([]byte(tc.in))
		if got := hex.EncodeToString(s256[:]); got != tc.s256 {
			t.Errorf("SHA-256 of %q: %s, want %s", tc.in, got, tc.s256)
		}
		if got := hex.EncodeToString(s1[:]); got != tc.s1 {
			t.Errorf("SHA-1 of %q: %s, want %s", tc.in, got, tc.s1)
		}
	}
}

// TestAsCrypto: the copied block steps, and Sum256 and Sum1 on this
// platform, give crypto/sha256's and crypto/sha1's digests for every
// length up to three blocks (each place the padding can fall) and for
// random inputs up to 100 KB.
func TestAsCrypto(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(b []byte) {
		t.Helper()
		want256, want1 := sha256.Sum256(b), sha1.Sum(b)
		if sum256(b) != want256 || Sum256(b) != want256 {
			t.Fatalf("SHA-256 of %d bytes differs from crypto/sha256's", len(b))
		}
		if sum1(b) != want1 || Sum1(b) != want1 {
			t.Fatalf("SHA-1 of %d bytes differs from crypto/sha1's", len(b))
		}
	}
	buf := make([]byte, 100<<10)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	for n := 0; n <= 192; n++ {
		check(buf[:n])
	}
	for range 50 {
		check(buf[:rng.IntN(len(buf))])
	}
}

// BenchmarkSum256 hashes a 2 KiB input (a request body's size) with
// Sum256 and with crypto/sha256, for the WebAssembly build
// (GOOS=js GOARCH=wasm go test -bench .), where both run the same block
// step in Go.
func BenchmarkSum256(b *testing.B) {
	in := make([]byte, 2<<10)
	b.Run("shasum", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			Sum256(in)
		}
	})
	b.Run("crypto", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			sha256.Sum256(in)
		}
	})
}
