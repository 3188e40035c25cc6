package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// startSpare starts the next review's worker (warmReview) while the page
// is idle, unless the reader has begun something (atWork) or a drag has
// come, and hands it the gallery's samples (spareWarm) to run the
// review's code on until its first folder comes: a worker started at a
// folder's drag or drop, on a page just loaded, was compiled and warmed
// by V8 while the reader waited for the review's first row
// (docs/dev/performance-notes.md has the figures). It blocks: call it
// from a goroutine (ctx.Async).
func (v *Viewer) startSpare(ctx app.Context) {
	msg, bufs := spareWarm(ctx)
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

// spareWarm is the Warm message of the gallery's samples (Samples), with
// their bytes as ArrayBuffers in its Paths' order; nil when fewer than two
// could be fetched (a review needs two files).
func spareWarm(ctx app.Context) (*pageworker.Warm, []app.Value) {
	msg := &pageworker.Warm{}
	var bufs []app.Value
	for _, s := range Samples {
		data, err := fetchSample(ctx, s.File)
		if err != nil {
			continue // one sample less to warm on: nothing the reader sees
		}
		msg.Paths = append(msg.Paths, "samples/"+s.File)
		bufs = append(bufs, browser.NewBuffer(data))
	}
	if len(bufs) < 2 {
		return nil, nil
	}
	return msg, bufs
}
