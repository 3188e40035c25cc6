package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker/github"
	"github.com/recview/recview/recordings/permalink"
)

// Opening recordings: a gallery sample, pasted JSON, files, a URL. The
// top bar and the gallery post these; paste and drop anywhere on the page
// come through listen. A folder opens as an index (actions_index.go).
const (
	actionOpenSample action[string]    = "recview/open-sample" // a Samples file name: open that sample
	actionOpenText   action[string]    = "recview/open-text"   // pasted recording JSON: open it
	actionOpenFiles  action[app.Value] = "recview/open-files"  // a JavaScript array of File objects: open one, index several
	actionOpenURL    action[string]    = "recview/open-url"    // a recording URL (GitHub blob, raw, gist...): open it
)

// openSample opens the gallery sample of that file name (Samples).
func (v *Viewer) openSample(file string) {
	v.openSources([]permalink.Source{{Kind: permalink.SourceSample, Value: file}}, permalink.Fragment{})
}

// openURL opens the recording at a URL, or reviews the GitHub pull
// request or comparison at it.
func (v *Viewer) openURL(link string) {
	if looksNotFound(link) {
		v.lookupNotFound(link, false)
		return
	}
	if r, ok, err := github.ParseURL(link); ok || err != nil {
		if err != nil {
			v.fail(err)
			return
		}
		v.openReview(r)
		return
	}
	v.openSources([]permalink.Source{{Kind: permalink.SourceURL, Value: link}}, permalink.Fragment{})
}

// openText opens pasted text: a recording's JSON, or a cassette (YAML
// or JSON) as its first interaction; blank text is ignored.
func (v *Viewer) openText(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if looksNotFound(text) {
		v.lookupNotFound(text, false)
		return
	}
	name := "pasted.json"
	if !looksJSON([]byte(text)) && mayBeCassette([]byte(text)) {
		name = "pasted.yaml"
	}
	ctx := v.ctx
	v.loading = "the pasted text"
	ctx.Async(func() {
		d, err := newDocOrCassette(v.asyncWorker, name, []byte(text), 0)
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open([]*openDoc{d})
		})
	})
}

// readFiles opens File objects (a JavaScript array): one file opens as a
// recording, several as an index. An error names the file; what is open
// stays open.
func (v *Viewer) readFiles(files app.Value) {
	n := files.Length()
	switch {
	case n == 0:
		return
	case n > 1:
		v.listFiles(files, false)
		return
	}
	v.openFileAt(browser.NewFile(files.Index(0), ""), 0, false)
}

// openFileAt reads a local file in the background and opens it (a
// cassette at its interaction k, from 1; 0 for the first); the page says
// it is loading f.Path meanwhile, and shows the error if it fails. push
// makes the opened file a new place in the history (from an index row),
// so that Back returns to the index.
func (v *Viewer) openFileAt(f browser.File, k int, push bool) {
	v.loading = f.Path
	ctx := v.ctx
	ctx.Async(func() {
		d, err := readDoc(v.asyncWorker, f, k)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			if push {
				v.willPush()
			}
			if i := v.openedAt(d); i >= 0 { // open already: shown again
				v.loading = ""
				v.cur, v.view, v.tab, v.playing = i, viewDoc, tabView, false
				v.syncFragment()
				return
			}
			v.open([]*openDoc{d})
		})
	})
}

// openSources reads one source (a recording) or two (a comparison) in the
// background and shows them at the fragment's step and panel. Any failure
// is shown and leaves the page as it was.
func (v *Viewer) openSources(sources []permalink.Source, f permalink.Fragment) {
	if len(sources) == 0 {
		return
	}
	v.loading = describeSources(sources)
	ctx := v.ctx
	ctx.Async(func() {
		docs := make([]*openDoc, 0, len(sources))
		var err error
		for _, s := range sources {
			var d *openDoc
			if d, err = readSource(ctx, v.asyncWorker, s); err != nil {
				break
			}
			docs = append(docs, d)
		}
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open(docs)
			if len(docs) == 1 && f.Review.Kind != "" { // a shared added or deleted pair of two folders
				side := 1
				if f.Base != "" {
					side = 0
				}
				docs[0].pair = &sharedSide{review: f.Review, side: side, path: f.File}
			}
			if len(docs) == 2 {
				v.compareDocs(len(v.docs)-2, len(v.docs)-1)
				if f.Review.Kind != "" { // a shared pair of two folders: headed as the review's
					base := f.Base
					if base == "" {
						base = f.File
					}
					v.cmp.labels, v.cmp.paths, v.cmp.review = [2]string{"base", "head"}, [2]string{base, f.File}, f.Review
					v.judgeSharedPair(v.cmp)
				}
			}
			v.applyView(f)
			v.syncFragment()
		})
	})
}
