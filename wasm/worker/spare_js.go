//go:build js

package main

import (
	"fmt"
	"sync/atomic"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// spare is the warming of a worker the page started ahead of its review
// (pageworker.Warm): the review's code run on the site's samples
// (warmReview) until the page's next message of another kind.
type spare struct {
	busy atomic.Bool // a message other than Warm came
}

// heard notes a message of kind k from the page, before it is handled:
// any but a Warm ends the warming, after the review under way.
func (s *spare) heard(k pageworker.Kind) {
	if k != pageworker.KindWarm {
		s.busy.Store(true)
	}
}

// warm starts warming on q's samples, whose bytes are files
// (ArrayBuffers, in q.Paths' order), unless another message came
// already. The channel gets how many reviews the warming made once it
// ends; it is nil when none starts. The error is a message that is not a
// Warm of the protocol.
func (s *spare) warm(q *pageworker.Warm, files []js.Value) (<-chan int, error) {
	sample, err := spareSample(q, files)
	if err != nil || s.busy.Load() {
		return nil, err
	}
	done := make(chan int, 1)
	go func() {
		// Before each review the browser runs the worker's waiting
		// tasks (jsweb.Yield): a message posted meanwhile is heard
		// first.
		done <- warmReview(sample, func() bool {
			jsweb.Yield()
			return s.busy.Load()
		})
	}()
	return done, nil
}

// spareSample is the sample of a Warm message, whose files are the
// samples' bytes (ArrayBuffers) in q.Paths' order: its first warmFiles
// files, for warmReview. The error is a message that is not a Warm of
// the protocol.
func spareSample(q *pageworker.Warm, files []js.Value) ([]review.File, error) {
	if len(q.Paths) != len(files) {
		return nil, fmt.Errorf("the worker's protocol: a warm message of %d paths with %d files", len(q.Paths), len(files))
	}
	sample := make([]review.File, min(len(files), warmFiles))
	for i := range sample {
		sample[i] = review.File{Path: q.Paths[i], Data: jsweb.Bytes(files[i])}
	}
	return sample, nil
}
