package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// The share panel: the document header's and the comparison's share
// button open it, the panel posts the rest; Escape closes it (listen).
const (
	actionShare                     = "recview/share"       // no value: make the permalink of the view and copy it
	actionShareURL   action[string] = "recview/share-url"   // where the user put the file: make the src= permalink for it
	actionCloseShare                = "recview/close-share" // no value: close the share panel
)

// closeShare closes the share panel.
func (v *Viewer) closeShare() { v.sharing = nil }

// shareState is what the share panel shows.
type shareState struct {
	link    string // the permalink, "" when none fits
	copied  string // "" while copying, then "copied" or "failed"
	tooLong int    // the length of the d= link that did not fit, 0 if none
	err     string // why no link could be made
}

// share makes the permalink of the view (the recording inline for a local
// file, src= for one opened from a URL), shows it and copies it to the
// clipboard. A link longer than permalink.MaxLinkLen is not offered: the
// panel asks for a URL of the file instead.
func (v *Viewer) share() {
	f, ok, err := v.fragment(true)
	switch {
	case err != nil:
		v.sharing = &shareState{err: err.Error()}
		return
	case !ok:
		v.sharing = &shareState{err: "Open a recording (or a comparison) to share it."}
		return
	}
	link := pageBase() + "#" + f.String()
	if len(link) > permalink.MaxLinkLen {
		v.sharing = &shareState{tooLong: len(link)}
		return
	}
	v.offer(link)
}

// shareURL makes the src= permalink of the current view for a URL where
// the user put the file; a URL permalink.RawURL refuses is shown in the
// panel.
func (v *Viewer) shareURL(link string) {
	src, err := permalink.RawURL(link)
	if err != nil {
		v.sharing.err = err.Error()
		return
	}
	f, _, _ := v.fragment(false) // the step and panel
	f.Version = permalink.Version
	name := ""
	if d := v.current(); d != nil && fileName(src) != d.name {
		name = d.name
	}
	f.Sources = []permalink.Source{{Kind: permalink.SourceURL, Value: src, Name: name}}
	v.offer(pageBase() + "#" + f.String())
}

// offer shows a link in the panel and copies it to the clipboard; the
// panel says whether that worked.
func (v *Viewer) offer(link string) {
	st := &shareState{link: link}
	v.sharing = st
	written := browser.WriteClipboard(link)
	if written.IsNull() {
		st.copied = "failed"
		return
	}
	ctx := v.ctx
	// writeText may never settle (no focus, or a permission prompt): after
	// two seconds the panel says to copy by hand.
	ctx.After(2*time.Second, func(ctx app.Context) {
		if st.copied == "" {
			st.copied = "failed"
		}
	})
	ctx.Async(func() {
		_, err := browser.Await(written)
		ctx.Dispatch(func(ctx app.Context) {
			st.copied = map[bool]string{true: "copied", false: "failed"}[err == nil]
		})
	})
}
