package main

import (
	"slices"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// report is the pageworker.Report of a reviewed change set, each row's
// Digest its pair's (review.Result.SetDigests).
func report(res *review.Result) pageworker.Report {
	rep := pageworker.Report{Rows: make([]pageworker.Row, len(res.Pairs))}
	for i := range res.Pairs {
		p := &res.Pairs[i]
		rep.Rows[i] = pageworker.Row{
			Base: p.Base, Head: p.Head, Change: string(p.Change), Request: string(p.Request), Result: string(p.Result),
			MetadataOnly: p.MetadataOnly, TestID: p.TestID, Endpoint: p.Endpoint, Name: string(p.Name), Why: p.Why,
			Severity: string(p.Severity), Verdict: string(p.Verdict), Meaningful: p.Meaningful(), Err: p.Err,
			Digest: p.Digest,
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
// Options), and returns the result and its report. sums, called once the
// review is done, gives the SHA-256 of each side's files by path
// (fileSums, or the browser's crypto.subtle in the worker, at work
// meanwhile: sumSet), from which each pair's digest comes
// (review.Result.SetDigests): the page keeps a two-folder review's
// viewed marks, and every review's decisions, by it. A file missing from
// them leaves its pair without a digest.
func run(do func(*review.Options) (*review.Result, error), between func(), sums func() ([2]map[string][32]byte, error)) (*review.Result, pageworker.Report, error) {
	res, err := do(&review.Options{Between: between})
	if err != nil {
		return nil, pageworker.Report{}, err
	}
	s, err := sums()
	if err != nil {
		return nil, pageworker.Report{}, err
	}
	res.SetDigests(s[0], s[1])
	return res, report(res), nil
}

// fileSums is the SHA-256 of each side's files by path, by Go's
// crypto/sha256 (review.FileSums).
func fileSums(base, head []review.File) [2]map[string][32]byte {
	return [2]map[string][32]byte{review.FileSums(base), review.FileSums(head)}
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
