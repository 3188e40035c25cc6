package diff

import (
	"github.com/sergi/go-diff/diffmatchpatch"
)

// maxSimilarWords bounds the words Similarity compares (both texts
// together); longer texts compare by their first words.
const maxSimilarWords = 8000

// Similarity says how much of two texts is the same, as words: 2·c /
// (na + nb), where na and nb count the words of a and b (runs of letters
// and digits, case aside) and c the words they share in order (a longest
// common subsequence, by go-diff's diffmatchpatch). 1 for two texts of
// the same words (both empty included), 0 for texts with no word in
// common. "Who is the CEO of Meta?" and "Hello" share none; "Test trace
// openai 0" and "Test trace openai 1" share 3 of 4 words each: 0.75.
func Similarity(a, b string) float64 {
	wa, wb := lowerWords(a), lowerWords(b)
	if len(wa)+len(wb) > maxSimilarWords {
		wa, wb = wa[:min(len(wa), maxSimilarWords/2)], wb[:min(len(wb), maxSimilarWords/2)]
	}
	if len(wa)+len(wb) == 0 {
		return 1
	}
	enc := newEncoder()
	ra, rb := enc.encode(wa), enc.encode(wb)
	if ra == nil || rb == nil {
		return 0
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	common := 0
	for _, d := range dmp.DiffMainRunes(ra, rb, false) {
		if d.Type == diffmatchpatch.DiffEqual {
			common += len([]rune(d.Text))
		}
	}
	return 2 * float64(common) / float64(len(wa)+len(wb))
}
