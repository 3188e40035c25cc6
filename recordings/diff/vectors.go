package diff

import (
	"math"
	"strings"

	"github.com/valyala/fastjson"
)

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

// vector is how two arrays of numbers compare: their lengths, and when
// they have the same, by how much at most a number moved and their cosine
// similarity.
type vector struct {
	lenA, lenB    int
	delta, cosine float64
}

// vectorChange reads a change of a whole array of numbers (Compare
// reports an embedding as one change); ok is false for other changes.
func vectorChange(ch Change) (v vector, ok bool) {
	if ch.Op != OpChanged || !strings.HasPrefix(ch.Old, "[") || !strings.HasPrefix(ch.New, "[") {
		return v, false
	}
	var pa, pb fastjson.Parser
	a, errA := pa.Parse(ch.Old)
	b, errB := pb.Parse(ch.New)
	if errA != nil || errB != nil {
		return v, false
	}
	xa, xb := a.GetArray(), b.GetArray()
	if len(xa) == 0 || len(xb) == 0 || !isVector(xa) || !isVector(xb) {
		return v, false
	}
	v.lenA, v.lenB = len(xa), len(xb)
	if v.lenA != v.lenB {
		return v, true
	}
	var dot, na, nb float64
	for i := range xa {
		fa, _ := xa[i].Float64()
		fb, _ := xb[i].Float64()
		v.delta = max(v.delta, math.Abs(fa-fb))
		dot += fa * fb
		na += fa * fa
		nb += fb * fb
	}
	if na > 0 && nb > 0 {
		v.cosine = dot / math.Sqrt(na*nb)
	}
	return v, true
}
