package review

import (
	"testing"
)

// BenchmarkReview3681 reviews the whole of ogx's #3681: 181 base and 355
// head recordings, 9.9 MB, read from testdata before the clock starts.
func BenchmarkReview3681(b *testing.B) {
	base, head, _ := readChangeSet(b, full3681)
	size := 0
	for _, f := range append(base, head...) {
		size += len(f.Data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Review(base, head, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReviewTrees3681 is the part of BenchmarkReview3681 left once
// each side was read into a Tree as its files came (the page's worker
// reads the first folder while the second is picked): ReviewTrees on the
// two trees, read before the clock starts.
func BenchmarkReviewTrees3681(b *testing.B) {
	base, head, _ := readChangeSet(b, full3681)
	tb, th := trees(b, base, head)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReviewTrees(tb, th, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReviewSynthetic3000 reviews a synthetic change set of 3,000
// pairs made from the corpus (see synthetic).
func BenchmarkReviewSynthetic3000(b *testing.B) {
	base, head, _ := synthetic(b, 3000)
	size := 0
	for _, f := range append(base, head...) {
		size += len(f.Data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Review(base, head, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReview3737 reviews the whole of ogx's #3737 (414 changed
// recordings; the near-twin search reads the requests of those git
// renamed, added or deleted leaf by leaf).
func BenchmarkReview3737(b *testing.B) {
	base, head, _ := readChangeSet(b, full3737)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Review(base, head, nil); err != nil {
			b.Fatal(err)
		}
	}
}
