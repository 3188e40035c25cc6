package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// warmSample is the gallery's sample the page decodes once, idle, after it
// loads: a 20-chunk OpenAI chat stream, the kind most recordings are.
const warmSample = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"

// warmRuns is how many times warmUp decodes it.
const warmRuns = 20

// warmUp decodes and assembles warmSample warmRuns times while the page
// is idle after it loads, and drops the result: the first time
// WebAssembly runs the decoder, V8 runs it in its baseline tier and
// optimizes the hot functions as they run, so the reader's first file
// would pay for that (docs/dev/performance-notes.md has the figures). The
// sample is one of the site's own files; nothing is shown, and a file the
// reader opens meanwhile is not held up: the runs let the page draw and
// handle events between them.
func (v *Viewer) warmUp(ctx app.Context) {
	ctx.Async(func() {
		browser.Idle(3 * time.Second)
		data, err := fetchSample(ctx, warmSample)
		if err != nil {
			return
		}
		// The runs take turns with the page (a pause every few of them):
		// all at once, they held its thread for a long task, one that a
		// reader's first drop, early on, waited behind.
		pause := browser.Breather()
		for range warmRuns {
			pause()
			if _, err := newDoc(warmSample, data); err != nil {
				return
			}
		}
	})
}
