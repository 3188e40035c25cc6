package diff

// MaxVectorDelta is how far each number of an embedding may move with the
// result still the same. An embedding computed again on another machine
// moves by float noise (another GPU, another library), far less than
// this, and far less than what tells two texts apart (docs/review.md has
// the figures of real re-recordings).
const MaxVectorDelta = 1e-3

// MinSameCosine is the cosine similarity above which an embedding that
// moved by more than MaxVectorDelta still means the same text: a change of
// low severity. Below it the embedding means something else (high).
const MinSameCosine = 0.99

// vector is how two arrays of numbers (embeddings) compare, as Compare
// found them: their lengths, and when they have the same, by how much at
// most a number moved and their cosine similarity.
type vector struct {
	lenA, lenB    int
	delta, cosine float64
}
