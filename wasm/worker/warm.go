package main

import (
	"path"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// warmFiles is how many of a folder's first files warmReview reviews.
const warmFiles = 24

// warmRuns is how many times at most warmReview reviews them.
const warmRuns = 30

// warmReview reviews sample against itself shifted by one (warmTrees),
// makes the review's report and encodes it for the page, as a review
// does (run, pageworker.EncodeReport), up to warmRuns times, and drops
// the results; it returns how many reviews it made. It runs while a
// two-folder review waits for its second folder, and in a worker the
// page started ahead of a review, before its first folder comes (spare):
// V8 compiles each function of WebAssembly the first time it is called,
// then optimizes the hot ones as they run, so the review after the
// second folder would pay for both (docs/dev/performance-notes.md has
// the figures). The sample is the first folder's own files, the kinds of
// recording the review will compare, or in a spare the site's samples.
// It asks stop before each review, the first included, and stops once
// stop reports true: the second folder came, or this one was replaced.
// stop is where the worker reads its messages (folderRead.warm yields to
// the browser in it): a review begun before the second folder's message
// is read holds that folder back until it ends.
func warmReview(sample []review.File, stop func() bool) int {
	n := len(sample)
	if n < 2 {
		return 0
	}
	runs := 0
	for runs < warmRuns && !stop() {
		if _, err := warmOnce(sample); err != nil {
			break
		}
		runs++
	}
	return runs
}

// warmOnce is one of warmReview's reviews: the review of warmTrees, its
// report (with no digests: the folders' are the browser's work) and that
// report encoded for the page (pageworker.EncodeReport), which it
// returns.
func warmOnce(sample []review.File) ([]byte, error) {
	base, head, _ := warmTrees(sample)
	noSums := func() ([2]map[string][32]byte, error) { return [2]map[string][32]byte{}, nil }
	_, rep, err := run(func(o *review.Options) (*review.Result, error) { return review.ReviewTrees(base, head, o) }, func() {}, noSums)
	if err != nil {
		return nil, err
	}
	return pageworker.EncodeReport(&rep)
}

// warmTrees are warmReview's two trees of sample (two files or more):
// the base holds sample; the head each path but the last with the next
// file's bytes, and the last file as it is, moved to the folder
// warmMoved, so that the review pairs a deleted path with an added one
// too (a rename). A path given twice makes a tree that ReviewTrees
// refuses.
func warmTrees(sample []review.File) (base, head *review.Tree, opt *review.Options) {
	base, head = review.NewTree(review.Base), review.NewTree(review.Head)
	last := len(sample) - 1
	for i, f := range sample {
		// An error is kept by the tree, and returned by ReviewTrees.
		_ = base.Add(f)
		if i == last {
			_ = head.Add(review.File{Path: path.Join(warmMoved, path.Base(f.Path)), Data: f.Data})
			continue
		}
		_ = head.Add(review.File{Path: f.Path, Data: sample[i+1].Data})
	}
	return base, head, nil
}

// warmMoved is the folder warmTrees moves the sample's last file to in
// the head.
const warmMoved = "recview-warm-moved"
