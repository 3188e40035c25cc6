package app

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings"
)

// warmSample is the gallery's sample the page decodes once, idle, after it
// loads: a 20-chunk OpenAI chat stream, the kind most recordings are.
const warmSample = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"

// warmRuns is how many times warmUp decodes it.
const warmRuns = 20

// warmUp decodes and assembles warmSample warmRuns times while the page
// is idle after it loads, and reads it as a folder's index reads its
// files (warmIndexRow), and drops the results: V8 compiles each function
// of WebAssembly the first time it is called, then optimizes the hot ones
// as they run, so the reader's first file, or first folder, would pay for
// that (docs/dev/performance-notes.md has the figures). The
// sample is one of the site's own files; nothing is shown, and a file the
// reader opens meanwhile is not held up: the runs let the page draw and
// handle events between them. Beside a drag's and a drop's own work on
// the page (a worker started, the folder taken), though, its pieces made
// the page's tasks long, so it does not start when the reader has begun
// something by the time the page is idle (atWork), and stops, between
// two runs, when a drag comes over the page (Viewer.dragged). It starts
// the next review's worker first (startSpare), with the gallery's
// samples, warmSample among them, read once for both.
func (v *Viewer) warmUp(ctx app.Context) {
	ctx.Async(func() {
		browser.Idle(3 * time.Second)
		busy := make(chan bool, 1)
		ctx.Dispatch(func(app.Context) { busy <- v.atWork() })
		if <-busy {
			return
		}
		samples := fetchSamples(ctx)
		v.startSpare(ctx, samples)
		data, ok := samples[warmSample]
		if !ok {
			return
		}
		// The runs take turns with the page (a pause every few of them):
		// all at once, they held its thread for a long task, one that a
		// reader's first drop, early on, waited behind.
		pause := browser.Breather()
		var p recordings.Parser
		for range warmRuns {
			pause()
			if v.dragged.Load() {
				return
			}
			if _, err := newDoc(warmSample, data); err != nil {
				return
			}
			pause()
			warmIndexRow(&p, data)
		}
	})
}

// warmIndexRow reads data, warmSample's bytes, as the index reads a
// folder's file (summarize: the parse, the request hash's check, the
// replay report's item) and writes its row's markup (index.rowHTML), and
// drops both.
func warmIndexRow(p *recordings.Parser, data []byte) string {
	f := browser.File{Name: warmSample, Path: "recordings/" + warmSample, Size: len(data)}
	row, _ := summarize(p, f, data, nil, nil)
	x := &index{Iindex: &folderIndex{rows: []indexRow{row}}}
	var b strings.Builder
	x.rowHTML(&b, 0)
	return b.String()
}

// atWork reports whether the reader has begun something on the page: a
// drag over it, a recording, folder, comparison or review open or being
// read, a review's worker started for a folder on its way. Call it on the
// page's goroutine (in a Dispatch).
func (v *Viewer) atWork() bool {
	return v.drag || v.loading != "" || len(v.docs) > 0 || v.index != nil || v.view != viewDoc ||
		v.rs.set != nil || v.rs.warm != nil || v.rs.picks != [2]*pickedFolder{}
}
