package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/reviewrows"
	"github.com/recview/recview/recordings/permalink"
)

// githubMessage is the review worker's message for a GitHub review:
// {github: {kind, owner, repo, number, base, head}}. The worker asks
// GitHub and fetches the recordings itself (wasm/reviewworker).
func githubMessage(r permalink.Review) app.Value {
	g := app.Window().Get("Object").New()
	g.Set("kind", string(r.Kind))
	g.Set("owner", r.Owner)
	g.Set("repo", r.Repo)
	g.Set("number", r.Number)
	g.Set("base", r.Base)
	g.Set("head", r.Head)
	msg := app.Window().Get("Object").New()
	msg.Set("github", g)
	return msg
}

// foldersMessage is the review worker's message for two folders:
// {files: [{side, path, data}]}, data the File objects (the worker reads
// them); the files are kept for opening pairs.
func foldersMessage(rv *reviewSet, base, head *pickedFolder) app.Value {
	list := app.Window().Get("Array").New()
	for side, p := range []*pickedFolder{base, head} {
		for i := range p.files {
			f := &p.files[i]
			rv.files[side][f.Path] = reviewFile{file: f}
			list.Call("push", workerFile([2]string{"base", "head"}[side], f.Path, f.JS))
		}
	}
	msg := app.Window().Get("Object").New()
	msg.Set("files", list)
	return msg
}

// review runs the review worker on msg, showing its status as it comes,
// then its report: the table, or the pair a link named. It blocks: call
// it from a goroutine (ctx.Async).
func (v *Viewer) review(rv *reviewSet, msg app.Value) {
	ctx := v.ctx
	report, files, err := runReview(ctx.ResolveStaticResource(reviewWorkerScript), msg, func(status string) {
		ctx.Dispatch(func(app.Context) {
			reviewrows.Decode([]byte(status), &rv.st)
			rv.version++
		})
	})
	// The report is read a row at a time, and the rows' markup written,
	// with pauses for the page to draw: at once, they took most of a
	// quarter of a second of the page's thread for #3681's 413 pairs.
	browser.Yield()
	pause := browser.Breather()
	var rep *reviewrows.Report
	var rows [][2]string
	if err == nil {
		rep, err = reviewrows.DecodeReport([]byte(report), pause)
	}
	if err == nil {
		rows = make([][2]string, len(rep.Rows))
		for i := range rep.Rows {
			rows[i] = writeRow(&rep.Rows[i], i)
			pause()
		}
	}
	for i := range files.Length() {
		f := files.Index(i)
		side := 0
		if f.Get("side").String() == "head" {
			side = 1
		}
		rv.files[side][f.Get("path").String()] = reviewFile{buf: f.Get("data")}
		pause()
	}
	ctx.Dispatch(func(app.Context) {
		rv.rowsHTML = rows
		v.reviewed(rv, rep, err)
	})
}

// reviewed shows the report of a change set, and opens the pair its link
// named (wantFile).
func (v *Viewer) reviewed(rv *reviewSet, rep *reviewrows.Report, err error) {
	rv.version++
	rv.st.Phase = ""
	if err != nil {
		rv.st.Failed = err.Error()
		return
	}
	rv.rep = rep
	// The summary first, then the table a piece of rowsAtOnce rows per
	// task: together they held the page's thread for a frame too long.
	rv.pieces = 0
	var more func(app.Context)
	more = func(app.Context) {
		rv.pieces++
		rv.version++
		if rv.pieces*rowsAtOnce < min(len(rv.rep.Rows), maxReviewRows) {
			v.ctx.After(time.Millisecond, more)
		} else {
			rv.pieces = maxReviewRows // every piece, whatever the filter shows
		}
	}
	v.ctx.After(time.Millisecond, more)
	v.loadViewed(rv)
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

// folderOf splits files picked or dropped as one folder into the
// folder's name and its files, with paths relative to it; an error when
// they are not one folder with .json files in it.
func folderOf(files []browser.File) (*pickedFolder, error) {
	p := &pickedFolder{}
	for _, f := range files {
		name, rest, ok := strings.Cut(f.Path, "/")
		if !ok || (p.name != "" && name != p.name) {
			return nil, errors.New("pick or drop one folder for each side of the review")
		}
		p.name = name
		if strings.HasSuffix(strings.ToLower(rest), ".json") {
			f.Path = rest
			p.files = append(p.files, f)
		}
	}
	if len(p.files) == 0 {
		return nil, errors.New("the folder holds no .json files")
	}
	return p, nil
}
