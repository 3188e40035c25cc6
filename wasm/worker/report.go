package main

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// report is the pageworker.Report of a reviewed change set; sums are the
// SHA-256 of each side's files by path (pairDigest), nil for no Digest.
func report(res *review.Result, sums [2]map[string][32]byte) pageworker.Report {
	rep := pageworker.Report{Rows: make([]pageworker.Row, len(res.Pairs))}
	for i := range res.Pairs {
		p := &res.Pairs[i]
		rep.Rows[i] = pageworker.Row{
			Base: p.Base, Head: p.Head, Change: string(p.Change), Request: string(p.Request), Result: string(p.Result),
			MetadataOnly: p.MetadataOnly, TestID: p.TestID, Endpoint: p.Endpoint, Name: string(p.Name), Why: p.Why,
			Severity: string(p.Severity), Verdict: string(p.Verdict), Meaningful: p.Meaningful(), Err: p.Err,
		}
		if sums[0] != nil {
			rep.Rows[i].Digest = pairDigest(sums[0][p.Base], sums[1][p.Head])
		}
	}
	rep.Verdicts, rep.Changes = counts(res.Verdicts()), counts(res.Changes())
	rep.Severities, rep.Names, rep.ToLookAt = counts(res.Severities()), counts(res.Names()), res.ToLookAt()
	rep.Skipped = len(res.Skipped)
	tests, added := res.Multiplied()
	for _, t := range tests {
		rep.Multiplied = append(rep.Multiplied, pageworker.TestCount{TestID: t.TestID, Base: t.Base, Head: t.Head})
	}
	rep.MultipliedAdded = added
	for _, t := range res.Grown(2) {
		if !slices.ContainsFunc(tests, func(m review.TestCount) bool { return m.TestID == t.TestID }) {
			rep.Grown = append(rep.Grown, pageworker.TestCount{TestID: t.TestID, Base: t.Base, Head: t.Head})
		}
	}
	return rep
}

// run reviews a change set with do (review.Review or review.ReviewTrees),
// calling between after each file read and each pair compared (do's
// Options), and returns the report. sums, called once the review is
// done, gives the SHA-256 of each side's files by path (fileSums, or the
// browser's crypto.subtle in the worker, at work meanwhile), from which
// each row's Digest comes: a two-folder review's viewed marks are kept by
// it; nil maps (a GitHub review, whose marks are kept by path) leave
// Digest empty.
func run(do func(*review.Options) (*review.Result, error), between func(), sums func() ([2]map[string][32]byte, error)) (pageworker.Report, error) {
	res, err := do(&review.Options{Between: between})
	if err != nil {
		return pageworker.Report{}, err
	}
	s, err := sums()
	if err != nil {
		return pageworker.Report{}, err
	}
	return report(res, s), nil
}

// fileSums is the SHA-256 of each side's files by path.
func fileSums(base, head []review.File) [2]map[string][32]byte {
	var sums [2]map[string][32]byte
	for side, files := range [2][]review.File{base, head} {
		sums[side] = make(map[string][32]byte, len(files))
		for _, f := range files {
			sums[side][f.Path] = sha256.Sum256(f.Data)
		}
	}
	return sums
}

// counts is the core's counts (review.Result.Verdicts and the like) as
// the protocol's.
func counts[T ~string](cs []review.Count[T]) []pageworker.Count {
	out := make([]pageworker.Count, len(cs))
	for i, c := range cs {
		out[i] = pageworker.Count{Of: string(c.Of), N: c.N}
	}
	return out
}

// pairDigest is pageworker.Row's Digest of a pair whose files' SHA-256
// are base and head (zero for a side it lacks).
func pairDigest(base, head [32]byte) string {
	sum := sha256.Sum256(append(base[:], head[:]...))
	return hex.EncodeToString(sum[:16])
}
