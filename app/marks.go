package app

import (
	"fmt"

	"github.com/recview/recview/recordings"
)

// maxMarks caps the marks of a step bar's strip; longer streams get one
// mark per group of chunks.
const maxMarks = 600

// markInfo is one mark of the strip: chunks first..last (1-based), the
// group's strongest delta kind, and its tooltip.
type markInfo struct {
	first, last int
	kind, title string
}

// stripMarks computes a stream's strip, once, when the recording opens:
// it does not change with the step.
func stripMarks(s *recordings.Stepper) []markInfo {
	n := s.Len()
	per := (n + maxMarks - 1) / maxMarks
	var marks []markInfo
	for start := 1; start <= n; start += per {
		k := min(start+per-1, n)
		kind := ""
		for j := start; j <= k; j++ {
			kind = strongerKind(kind, s.Deltas(j))
		}
		marks = append(marks, markInfo{start, k, kind, fmt.Sprintf("chunk %d: %s", k, recordings.FormatDeltas(s.Deltas(k)))})
	}
	return marks
}

// kindRank orders delta kinds by how much they matter on the strip.
var kindRank = map[recordings.DeltaKind]int{
	recordings.KindMeta: 1, recordings.KindRole: 2, recordings.KindUsage: 3, recordings.KindThinking: 4,
	recordings.KindContent: 5, recordings.KindToolCall: 6, recordings.KindFinish: 7,
}

func strongerKind(cur string, ds []recordings.Delta) string {
	best := cur
	for _, d := range ds {
		if kindRank[d.Kind] > kindRank[recordings.DeltaKind(best)] {
			best = string(d.Kind)
		}
	}
	if best == "" {
		return "none"
	}
	return best
}
