package review

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/recview/recview/recordings/fixturepath"
)

// DigestLen is the length of a pair's digest: 32 hex digits.
const DigestLen = 32

// IsDigest reports whether s is a pair's digest: DigestLen lowercase hex
// digits.
func IsDigest(s string) bool {
	if len(s) != DigestLen {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// PairDigest is the digest of a pair whose sides' sums are base and head
// (zero for a side the pair lacks): the first DigestLen hex digits of
// SHA-256(base || head).
func PairDigest(base, head [32]byte) string {
	sum := sha256.Sum256(append(base[:], head[:]...))
	return hex.EncodeToString(sum[:DigestLen/2])
}

// InteractionSum is the sum that stands for interaction k (from 1) of a
// cassette whose file's SHA-256 is file: SHA-256(file || "#k").
func InteractionSum(file [32]byte, k int) [32]byte {
	return sha256.Sum256(append(file[:], "#"+strconv.Itoa(k)...))
}

// FileSums is the SHA-256 of each file by path (crypto/sha256): what
// Result.SetDigests takes, for one tree.
func FileSums(files []File) map[string][32]byte {
	out := make(map[string][32]byte, len(files))
	for _, f := range files {
		out[f.Path] = sha256.Sum256(f.Data)
	}
	return out
}

// SetDigests sets each pair's Digest from the SHA-256 of the base tree's
// files (base) and the head tree's (head), by path (FileSums, or sums
// computed otherwise: the page's worker asks the browser). A pair one of
// whose files is missing from its map gets no digest (""): a pair is
// never known by less than its whole content.
func (r *Result) SetDigests(base, head map[string][32]byte) {
	for i := range r.Pairs {
		r.Pairs[i].Digest = r.Pairs[i].digest(base, head)
	}
}

// digest is p's digest from its trees' sums, "" when a file of p is
// missing from them.
func (p *Pair) digest(base, head map[string][32]byte) string {
	b, okb := p.sideSum(base, p.Base)
	h, okh := p.sideSum(head, p.Head)
	if !okb || !okh {
		return ""
	}
	return PairDigest(b, h)
}

// sideSum is the sum of one side of p at path s: zero for no side; a
// file's SHA-256; a cassette interaction's InteractionSum.
func (p *Pair) sideSum(sums map[string][32]byte, s string) ([32]byte, bool) {
	if s == "" {
		return [32]byte{}, true
	}
	if p.cassette {
		if file, k, ok := fixturepath.CutInteraction(s); ok {
			if sum, ok := sums[file]; ok {
				return InteractionSum(sum, k), true
			}
			// A cassette whose own name ends in "#K" and does not read:
			// the pair is the file itself, below.
		}
	}
	sum, ok := sums[s]
	return sum, ok
}
