package app

import (
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// The share panel: the document header's and the comparison's share
// button open it, the panel posts the rest; Escape closes it (listen).
const (
	actionShare                       = "recview/share"       // no value: make the permalink of the view and copy it
	actionShareURL   action[[]string] = "recview/share-url"   // where the user put the files, one URL per shareSide: make the src= permalink
	actionCloseShare                  = "recview/close-share" // no value: close the share panel
)

// closeShare closes the share panel.
func (v *Viewer) closeShare() { v.sharing = nil }

// shareState is what the share panel shows. The panel gets a copy of it
// (sharePanel.Share): go-app redraws a component only when a field it was
// given differs from the last, so a pointer whose target changed (the
// clipboard's answer arriving) would leave the panel as it was.
type shareState struct {
	link    string      // the permalink, "" when none fits
	inline  bool        // the link carries a recording's data (d=)
	copied  string      // "" while copying, then "copied" or "failed"
	tooLong int         // the length of the d= link that did not fit, 0 if none
	sides   []shareSide // when tooLong: the local files to give a URL for
	err     string      // why no link could be made

	frag   *permalink.Fragment // what the link shows
	local  string              // the page's host when it is a loopback address (the link opens only on this computer), else ""
	viewer string              // when local: the public viewer's address, "" for none
	public string              // the link on it, "" for none
	why    string              // why the link cannot open on a public viewer, "" if it can
}

// shareSide is a local file of the view that a link too long to share
// needs a URL for: the recording, or side A or B of a comparison.
type shareSide struct {
	label string // "" for a lone recording, else "A" or "B"
	name  string // the file's name
	at    int    // its source's index in the view's fragment
}

// share makes the permalink of the view (the recording inline for a local
// file, src= for one opened from a URL), shows it and copies it to the
// clipboard. A link longer than permalink.MaxLinkLen is not offered: the
// panel asks for a URL of each local file instead (both sides of a
// comparison of two local files).
func (v *Viewer) share() {
	f, ok, err := v.fragment(true)
	switch {
	case err != nil:
		v.sharing = &shareState{err: errorText(err)}
		return
	case !ok:
		v.sharing = &shareState{err: "Open a recording (or a comparison) to share it."}
		return
	}
	if n := len(pageBase() + "#" + f.String()); n > permalink.MaxLinkLen {
		v.sharing = &shareState{tooLong: n, sides: v.localSides(f)}
		return
	}
	v.offer(f)
}

// localSides lists the sources of f that carry a file's data, named after
// the open recordings they are.
func (v *Viewer) localSides(f permalink.Fragment) []shareSide {
	var sides []shareSide
	for i, s := range f.Sources {
		if s.Kind != permalink.SourceData {
			continue
		}
		side := shareSide{name: s.Name, at: i}
		if len(f.Sources) == 2 {
			side.label = string(rune('A' + i))
		}
		sides = append(sides, side)
	}
	return sides
}

// hasData reports whether a fragment carries a recording's data.
func hasData(f permalink.Fragment) bool {
	for _, s := range f.Sources {
		if s.Kind == permalink.SourceData {
			return true
		}
	}
	return false
}

// shareURL makes the src= permalink of the current view from the URLs
// where the user put its local files (one per side the panel asked for);
// a URL permalink.RawURL refuses, or a missing one, is shown in the panel.
func (v *Viewer) shareURL(links []string) {
	st := v.sharing
	if st == nil || len(links) != len(st.sides) {
		return
	}
	f, ok, err := v.fragment(true) // the step and panel; the data is encoded already
	if err != nil || !ok {
		st.err = "The view changed: share it again."
		return
	}
	for i, side := range st.sides {
		what := "the file"
		if side.label != "" {
			what = side.label + " (" + side.name + ")"
		}
		link := strings.TrimSpace(links[i])
		if link == "" {
			st.err = "Paste the URL of " + what + "."
			return
		}
		src, err := permalink.RawURL(link)
		if err != nil {
			st.err = fmt.Sprintf("The URL of %s: %v", what, err)
			return
		}
		if side.at >= len(f.Sources) {
			st.err = "The view changed: share it again."
			return
		}
		s := permalink.Source{Kind: permalink.SourceURL, Value: src}
		if fileName(src) != side.name {
			s.Name = side.name
		}
		f.Sources[side.at] = s
	}
	v.offer(f)
}

// offer shows the link of f in the panel and copies it to the clipboard;
// the panel says whether that worked, and, on a page on a loopback
// address, offers the link on a public viewer (public).
func (v *Viewer) offer(f permalink.Fragment) {
	link := pageBase() + "#" + f.String()
	st := &shareState{link: link, inline: hasData(f), frag: &f}
	v.public(st)
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
