// Package shasum is SHA-256 and SHA-1 of a whole input (FIPS 180-4), as
// crypto/sha256.Sum256 and crypto/sha1.Sum give them, for the request
// hashes and digests recview computes. Natively it calls those packages;
// in the browser's WebAssembly it runs their own pure-Go block steps,
// copied here (block256.go, block1.go, under Go's license, LICENSE-GO):
// the code those packages run there too, without importing package
// crypto, whose FIPS 140 module (its self-tests, DRBG, AES, SHA-3, HMAC)
// every import of crypto/sha256 links into app.wasm
// (docs/dev/wasm-size.md).
package shasum

import "encoding/binary"

// sum256 is the SHA-256 digest of b by block256.
func sum256(b []byte) [32]byte {
	h := [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	var tail [128]byte
	block256(&h, b[:len(b)/64*64])
	block256(&h, pad(&tail, b))
	var sum [32]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(sum[4*i:], v)
	}
	return sum
}

// sum1 is the SHA-1 digest of b by block1.
func sum1(b []byte) [20]byte {
	h := [5]uint32{0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0}
	var tail [128]byte
	block1(&h, b[:len(b)/64*64])
	block1(&h, pad(&tail, b))
	var sum [20]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(sum[4*i:], v)
	}
	return sum
}

// pad writes into tail the last blocks of b as both hashes end it (FIPS
// 180-4, 5.1.1): the bytes after b's last whole block, a 1 bit, zeros,
// and b's length in bits as 64 bits, big-endian; one block or two.
func pad(tail *[128]byte, b []byte) []byte {
	r := copy(tail[:], b[len(b)/64*64:])
	tail[r] = 0x80
	n := 64
	if r >= 56 {
		n = 128
	}
	binary.BigEndian.PutUint64(tail[n-8:n], uint64(len(b))<<3)
	return tail[:n]
}
