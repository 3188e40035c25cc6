package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// startSpare starts the next review's worker (warmReview) while the page
// is idle, unless the reader has begun something (atWork) or a drag has
// come, and hands it samples, the gallery's recordings by file name
// (fetchSamples), in a Warm message (spareWarm) to run the review's code
// on until its first folder comes: a worker started at a folder's drag or
// drop, on a page just loaded, was compiled and warmed by V8 while the
// reader waited for the review's first row
// (docs/dev/performance-notes.md has the figures).
func (v *Viewer) startSpare(ctx app.Context, samples map[string][]byte) {
	msg, bufs := spareWarm(samples)
	if msg == nil {
		return
	}
	ctx.Dispatch(func(app.Context) {
		if v.dragged.Load() || v.atWork() {
			return
		}
		v.warmReview()
		v.rs.warm.send(msg, bufs)
	})
}

// fetchSamples is the gallery's recordings (Samples) by file name, each
// read from the site's own files; one that could not be read is left out
// (nothing the reader sees). It blocks: call it from a goroutine.
func fetchSamples(ctx app.Context) map[string][]byte {
	samples := make(map[string][]byte, len(Samples))
	for _, s := range Samples {
		if data, err := fetchSample(ctx, s.File); err == nil {
			samples[s.File] = data
		}
	}
	return samples
}

// spareWarm is the Warm message of samples (fetchSamples), with their
// bytes as ArrayBuffers in its Paths' order, the gallery's; nil when
// fewer than two are there (a review needs two files).
func spareWarm(samples map[string][]byte) (*pageworker.Warm, []app.Value) {
	msg := &pageworker.Warm{}
	var bufs []app.Value
	for _, s := range Samples {
		if data, ok := samples[s.File]; ok {
			msg.Paths = append(msg.Paths, "samples/"+s.File)
			bufs = append(bufs, browser.NewBuffer(data))
		}
	}
	if len(bufs) < 2 {
		return nil, nil
	}
	return msg, bufs
}
