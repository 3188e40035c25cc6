package main

import (
	"github.com/recview/recview/recordings/review"
)

// warmFiles is how many of a folder's first files warmReview reviews.
const warmFiles = 24

// warmRuns is how many times at most warmReview reviews them.
const warmRuns = 30

// warmReview reviews sample against itself shifted by one (each path
// paired with the next file's bytes, so that the pairs differ and are
// compared), up to warmRuns times, and drops the results; it returns how
// many reviews it made. It runs while a two-folder review waits for its
// second folder: the first time WebAssembly runs the comparison's code,
// V8 runs it in its baseline tier and optimizes the hot functions as
// they run, so the review after the second folder would pay for that
// (docs/dev/performance-notes.md has the figures). The sample is the
// first folder's own files, the kinds of recording the review will
// compare. It asks stop before each review, the first included, and
// stops once stop reports true: the second folder came, or this one was
// replaced. stop is where the worker reads its messages (folderRead.warm
// yields to the browser in it): a review begun before the second folder's
// message is read holds that folder back until it ends.
func warmReview(sample []review.File, stop func() bool) int {
	n := len(sample)
	if n < 2 {
		return 0
	}
	runs := 0
	for runs < warmRuns && !stop() {
		if _, err := review.ReviewTrees(warmTrees(sample)); err != nil {
			break
		}
		runs++
	}
	return runs
}

// warmTrees are warmReview's two trees of sample (two files or more):
// the base holds sample, the head each path with the next file's bytes
// (the last with the first's). A path given twice makes a tree that
// ReviewTrees refuses.
func warmTrees(sample []review.File) (base, head *review.Tree, opt *review.Options) {
	base, head = review.NewTree(review.Base), review.NewTree(review.Head)
	for i, f := range sample {
		// An error is kept by the tree, and returned by ReviewTrees.
		_ = base.Add(f)
		_ = head.Add(review.File{Path: f.Path, Data: sample[(i+1)%len(sample)].Data})
	}
	return base, head, nil
}
