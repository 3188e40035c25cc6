package app

import (
	"errors"
	"github.com/recview/recview/internal/pageworker"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/htmlw"
)

// Replay's "Recording not found" error, pasted while a folder is open
// (on the page, into the URL box or into the playground), is looked up in
// the folder by its worker (worker.go): where replay looks,
// what is there, the nearest recordings and, with a pasted request body,
// the field that moved the hash. The worker writes the answer's panel
// (internal/replayhtml), which is shown as it comes.

const (
	actionCloseNotFound                = "recview/close-notfound" // no value: close the lookup panel
	actionOpenPath      action[string] = "recview/open-path"      // a file of the open folder, by path: open it
)

// The starts of replay's error messages (replay.ParseNotFound reads them
// whole, in the worker).
var notFoundMarks = []string{
	"Recording not found for request hash",
	"Recording not found for genai request hash",
	"No recorded response found for request hash",
}

// looksNotFound reports whether text holds replay's error message.
func looksNotFound(text string) bool {
	for _, m := range notFoundMarks {
		if strings.Contains(text, m) {
			return true
		}
	}
	return false
}

// errNoFolder is shown when a replay error is pasted with no folder open.
var errNoFolder = errors.New(`this is replay's "Recording not found" error: open the recordings folder first (Folder… or drop it on the page), then paste the error again to look it up there`)

// lookupNotFound looks a pasted replay error up in the open folder and
// shows the answer in the index (inPlay false) or under the playground's
// editor (inPlay true); meanwhile the panel says it is looking. With no
// folder open it says to open one first. A lookup pasted while the
// folder is still being read waits until it is read (replayReport).
func (v *Viewer) lookupNotFound(text string, inPlay bool) {
	ix := v.index
	if ix == nil {
		if inPlay && v.play != nil {
			v.play.notFound = errorPanel("notfound-panel", errNoFolder.Error())
			return
		}
		v.fail(errNoFolder)
		return
	}
	v.err = ""
	waiting := `<section class="notfound" data-testid="notfound-panel" aria-busy="true"><p class="muted">Looking the missing recording up in the folder…</p></section>`
	if inPlay && v.play != nil {
		v.play.notFound = waiting
	} else {
		ix.notFound = waiting
		ix.version++
		v.view = viewIndex
	}
	if ix.took == 0 {
		ix.pending = append(ix.pending, pendingLookup{text, inPlay})
		return
	}
	v.ctx.Async(func() { v.askNotFound(ix, text, inPlay) })
}

// pendingLookup is a lookup waiting for the folder to be read.
type pendingLookup struct {
	text   string
	inPlay bool
}

// askNotFound asks ix's worker about text and draws the answer where
// lookupNotFound said. It blocks: call it from a goroutine (ctx.Async).
func (v *Viewer) askNotFound(ix *folderIndex, text string, inPlay bool) {
	markup, err := "", errors.New("the folder's worker did not start")
	if ix.worker != nil {
		markup, err = ix.worker.notFound(text)
	}
	if err != nil {
		markup = errorPanel("notfound-panel", "The lookup failed: "+err.Error())
	}
	v.ctx.Dispatch(func(ctx app.Context) {
		if v.index != ix {
			return // another folder is open now
		}
		if inPlay && v.play != nil {
			v.play.notFound = markup
			v.play.runs++
			return
		}
		ix.notFound = markup
		ix.version++
	})
}

// closeNotFound takes the lookup panel away.
func (v *Viewer) closeNotFound() {
	if v.index != nil {
		v.index.notFound = ""
		v.index.version++
	}
	if v.play != nil {
		v.play.notFound = ""
		v.play.runs++
	}
}

// errorPanel is a panel (with the data-testid hook) that says msg; a
// lookup's (hook notfound-panel) can be closed.
func errorPanel(hook, msg string) string {
	var w htmlw.Writer
	w.Raw(`<section class="notfound" data-testid="`, hook, `">`)
	if hook == "notfound-panel" {
		w.Raw(`<button class="link close" data-act="` + pageworker.ActCloseNotFound + `" title="Close" aria-label="Close">×</button>`)
	}
	w.Raw(`<p class="warn">`)
	w.Text(msg)
	w.Raw(`</p></section>`)
	return w.String()
}

// openPath opens the file of the open folder at path (a replay panel's
// link, always a recording of ogx's), as its index row would. The file
// is found among the folder's files, not its rows: a cassette has a row
// per interaction, a file that is not a recording none.
func (v *Viewer) openPath(path string) {
	if v.index == nil {
		return
	}
	for _, f := range v.index.files {
		if f.Path == path {
			v.openFileAt(f, 0, true)
			return
		}
	}
}
