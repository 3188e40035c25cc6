package review

import (
	"crypto/sha256"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairDigest: the digests of fixed files, each worked out apart with
// sha256sum and xxd (the commands in the comments), equal to what the
// page's worker gave before the rule moved here: a plain file's pair
// keeps its digest, so the viewed marks the page keeps by it stay.
func TestPairDigest(t *testing.T) {
	// printf 'recording one' | sha256sum
	base := sha256.Sum256([]byte("recording one"))
	if got := hexOf(base); got != "70ebf849f6805b7122f620545813ea6ddbc8fb7799bab605a4f03ba0567e8da9" {
		t.Fatalf("sha256 of the base: %s", got)
	}
	head := sha256.Sum256([]byte("recording two"))
	var none [32]byte
	for _, tc := range []struct {
		name       string
		base, head [32]byte
		want       string
	}{
		// echo -n $B$H | xxd -r -p | sha256sum | cut -c1-32
		{"modified", base, head, "406922dd612316157604c3eab700f2fe"},
		// (printf '%064d' 0; echo -n $H) | xxd -r -p | sha256sum
		{"added", none, head, "a0b9486e9ef8f9330d88023a8b791353"},
		// (echo -n $B; printf '%064d' 0) | xxd -r -p | sha256sum
		{"deleted", base, none, "4f7b8e8c938044f09c3660ab4907e0c6"},
	} {
		if got := PairDigest(tc.base, tc.head); got != tc.want {
			t.Errorf("%s: PairDigest = %s, want %s", tc.name, got, tc.want)
		}
	}

	// The same through Result.SetDigests, by path; a cassette's
	// interactions by their cassette's sum and K:
	// I3=$( (echo -n $B | xxd -r -p; printf '#3') | sha256sum )
	// I2=$( (echo -n $H | xxd -r -p; printf '#2') | sha256sum )
	// echo -n $I3$I2 | xxd -r -p | sha256sum | cut -c1-32
	sums := [2]map[string][32]byte{
		{"r/a.json": base, "c/t.yaml": base},
		{"r/a.json": head, "r/b.json": head, "c/t.yaml": head},
	}
	res := &Result{Pairs: []Pair{
		{Base: "r/a.json", Head: "r/a.json"},
		{Head: "r/b.json"},
		{Base: "r/a.json"},
		{Base: "c/t.yaml#3", Head: "c/t.yaml#2", cassette: true},
		{Base: "c/t.yaml", Head: "c/t.yaml", cassette: true}, // a cassette that does not read: its files
		{Base: "r/gone.json", Head: "r/a.json"},              // a sum missing: no digest
	}}
	res.SetDigests(sums[0], sums[1])
	want := []string{"406922dd612316157604c3eab700f2fe", "a0b9486e9ef8f9330d88023a8b791353", "4f7b8e8c938044f09c3660ab4907e0c6",
		"ee95d192abb164ac44599c6a8610229e", "406922dd612316157604c3eab700f2fe", ""}
	for i, p := range res.Pairs {
		if p.Digest != want[i] {
			t.Errorf("pair %s → %s: digest %q, want %q", p.Base, p.Head, p.Digest, want[i])
		}
	}
	if got := hexOf(InteractionSum(base, 3)); got != "6762c02ef0345fd0d9445bfb740c0f021ce732c4f2048966b862c179129caa6a" {
		t.Errorf("InteractionSum(base, 3) = %s", got)
	}
}

func hexOf(b [32]byte) string {
	const digits = "0123456789abcdef"
	var s strings.Builder
	for _, c := range b {
		s.WriteByte(digits[c>>4])
		s.WriteByte(digits[c&15])
	}
	return s.String()
}

// TestDigestsOfAChangeSet: on a real change set, every pair has a digest
// of DigestLen hex digits; the pairs of distinct content have distinct
// ones; and the interactions of a cassette each have their own.
func TestDigestsOfAChangeSet(t *testing.T) {
	for _, name := range []string{"qwen3-rerecord-3978", cassettes6793} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			var base, head []File
			if strings.HasSuffix(name, ".tar.gz") {
				base, head, _ = readChangeSet(t, name)
			} else {
				base, head = readTree(t, filepath.Join("testdata", name, "base")), readTree(t, filepath.Join("testdata", name, "head"))
			}
			res := review(t, base, head)
			res.SetDigests(FileSums(base), FileSums(head))
			seen := map[string]string{}
			interactions := 0
			for _, p := range res.Pairs {
				if !IsDigest(p.Digest) {
					t.Fatalf("%s: digest %q", p.Label(), p.Digest)
				}
				if strings.Contains(p.Base+p.Head, "#") {
					interactions++
				}
				if other, ok := seen[p.Digest]; ok {
					t.Errorf("%s and %s share the digest %s", other, p.Label(), p.Digest)
				}
				seen[p.Digest] = p.Label()
			}
			if name == cassettes6793 && interactions < 60 {
				t.Errorf("%d interactions, want the change set's", interactions)
			}
		})
	}
}
