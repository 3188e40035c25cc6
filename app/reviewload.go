package app

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/fixturepath"
)

// keepFolders keeps two folders' files for opening pairs (the worker
// has them already: pageWorker.giveFolder).
func keepFolders(rv *reviewSet, base, head *pickedFolder) {
	for side, p := range []*pickedFolder{base, head} {
		if len(rv.files[side]) == 0 {
			rv.files[side] = make(map[string]reviewFile, len(p.files))
		}
		for i := range p.files {
			f := &p.files[i]
			rv.files[side][f.Path] = reviewFile{file: f}
		}
	}
}

// review has a worker review m, showing its status as it comes, then its
// report: the table, or the pair a link named. The worker stays, keeping
// the review's result for its comment (copyReview), until another review
// begins (reviewSet.end). w is a worker started
// already (reviewState.warm, given the two folders of a two-folder
// review), nil to start one. It blocks: call it from a goroutine
// (ctx.Async).
func (v *Viewer) review(rv *reviewSet, m *pageworker.Review, w *pageWorker) {
	ctx := v.ctx
	if w == nil {
		w = startWorker(ctx)
	}
	ctx.Dispatch(func(app.Context) { rv.worker = w })
	// While the worker reads and compares, the page runs its code for
	// the report once on a made-up one (warmReviewDrawing), until the
	// worker answers or the reader stirs: the report is then read and
	// drawn by code compiled already.
	var answered atomic.Bool
	stirred := v.rs.stir.since()
	ctx.Async(func() {
		browser.Yield()
		warmReviewDrawing(browser.Breather(), func() bool { return answered.Load() || stirred() })
	})
	report, fetched, err := w.review(m, func(st pageworker.Status) {
		ctx.Dispatch(func(app.Context) {
			rv.st = st
			rv.version++
		})
	})
	answered.Store(true)
	if err != nil {
		w.stop()
		ctx.Dispatch(func(app.Context) { rv.worker = nil })
	}
	// The report is read a row at a time, and the rows' markup written,
	// with pauses for the page to draw: at once, they took most of a
	// quarter of a second of the page's thread for #3681's 413 pairs.
	browser.Yield()
	pause := browser.Breather()
	var rep *pageworker.Report
	var rows []rowPieces
	if err == nil {
		rep, err = pageworker.DecodeReport(report, pause)
	}
	if err == nil {
		rows = make([]rowPieces, len(rep.Rows))
		for i := range rep.Rows {
			rows[i] = writeRow(&rep.Rows[i], i)
			pause()
		}
	}
	if rep != nil {
		for i, f := range rep.Files[:min(len(rep.Files), len(fetched))] {
			side := 0
			if f.Side == pageworker.Sides[1] {
				side = 1
			}
			rv.files[side][f.Path] = reviewFile{buf: fetched[i]}
			pause()
		}
	}
	ctx.Dispatch(func(app.Context) {
		rv.rowsHTML = rows
		v.reviewed(rv, rep, err)
	})
}

// reviewed shows the report of a change set, and opens the pair its link
// named (wantFile).
func (v *Viewer) reviewed(rv *reviewSet, rep *pageworker.Report, err error) {
	rv.version++
	rv.rowsVer++
	rv.st.Phase = ""
	if err != nil {
		rv.st.Failed = err.Error()
		return
	}
	rv.rep = rep
	v.warmComparer()
	// The summary first, then the table a piece of rowsAtOnce rows per
	// task: together they held the page's thread for a frame too long.
	// The next piece is asked for once this one is drawn (Defer), after
	// the page has run what waits for it (Yield): go-app draws the
	// dispatches of a frame's time together, so a piece asked for a
	// millisecond after the last, before that was drawn, was drawn with
	// it, two pieces in one long task.
	rv.pieces = 0
	var more func(app.Context)
	next := func() {
		v.ctx.Async(func() {
			browser.Yield()
			v.ctx.Dispatch(more)
		})
	}
	more = func(ctx app.Context) {
		rv.pieces++
		rv.version++
		if rv.pieces*rowsAtOnce < min(len(rv.rep.Rows), maxReviewRows) {
			ctx.Defer(func(app.Context) { next() })
		} else {
			rv.pieces = maxReviewRows // every piece, whatever the filter shows
		}
	}
	next()
	v.loadViewed(rv)
	v.loadDecisions(rv)
	rv.rowsVer++
	if v.rs.set != rv || rv.wantFile == "" {
		return
	}
	want := rv.wantFile
	rv.wantFile = ""
	if i, ok := rv.rowOf(want); ok {
		v.openPair(i, false)
		return
	}
	rv.st.Failed = fmt.Sprintf("the link names %s, and this change set has no such pair", want)
}

// count says how many files the folder holds for the review: "536 .json
// files", "5 files (5 YAML cassettes)".
func (p *pickedFolder) count() string {
	n := 0
	for _, f := range p.files {
		if fixturepath.CassetteOnly(f.Path) {
			n++
		}
	}
	if n == 0 {
		return plural(len(p.files), ".json file")
	}
	return plural(len(p.files), "file") + " (" + plural(n, "cassette") + ")"
}

// folderOf splits files picked or dropped as one folder into the
// folder's name and its files (.json files, and cassettes:
// fixturepath.Cassette), with paths relative to it; an error when they
// are not one folder with such files in it.
func folderOf(files []browser.File) (*pickedFolder, error) {
	p := &pickedFolder{}
	for _, f := range files {
		name, rest, ok := strings.Cut(f.Path, "/")
		if !ok || (p.name != "" && name != p.name) {
			return nil, errors.New("pick or drop one folder for each side of the review")
		}
		p.name = name
		if strings.HasSuffix(strings.ToLower(rest), ".json") || fixturepath.Cassette(rest) {
			f.Path = rest
			p.files = append(p.files, f)
		}
	}
	if len(p.files) == 0 {
		return nil, errors.New("the folder holds no .json files and no cassettes")
	}
	return p, nil
}
