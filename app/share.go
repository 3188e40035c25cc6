package app

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/permalink"
)

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
func (v *Viewer) share(ctx app.Context) {
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
// the user put the file.
func (v *Viewer) shareURL(ctx app.Context, link string) {
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

// offer shows a link in the panel and copies it to the clipboard.
func (v *Viewer) offer(link string) {
	st := &shareState{link: link}
	v.sharing = st
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
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
		_, err := await(cb.Call("writeText", link))
		ctx.Dispatch(func(ctx app.Context) {
			st.copied = map[bool]string{true: "copied", false: "failed"}[err == nil]
		})
	})
}

// pageBase is the page's URL without its fragment.
func pageBase() string {
	loc := app.Window().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + loc.Get("search").String()
}

// SharePanel shows the permalink of the view: the link in a field that
// selects itself (the fallback when the clipboard is refused), whether it
// was copied, or, for a recording too big for a link, a box for the URL
// of the file to make a src= link instead.
type SharePanel struct {
	app.Compo

	Ishare *shareState
}

// Share sets the state shown.
func (p *SharePanel) Share(s *shareState) *SharePanel { p.Ishare = s; return p }

// Render draws the panel.
func (p *SharePanel) Render() app.UI {
	s := p.Ishare
	return app.Section().Class("share").Attr("role", "dialog").Attr("aria-label", "Share this view").Body(
		app.Div().Class("share-head").Body(
			app.Strong().Text("Share this view"),
			app.Span().Class("muted").Text(shareNote(s)),
			app.Button().Class("link").Text("Close").Attr("aria-label", "Close the share panel").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionCloseShare) }),
		),
		app.If(s.link != "", func() app.UI {
			return app.Input().Type("text").ReadOnly(true).Class("share-url").DataSet("testid", "share-url").
				Attr("aria-label", "The permalink").Value(s.link).
				OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") })
		}),
		app.If(s.tooLong > 0, func() app.UI {
			return app.Div().Body(
				app.P().Text(fmt.Sprintf("This recording makes a link of %d characters, more than the %d a GitHub comment holds. "+
					"Put the file at a URL (a GitHub file or raw link, a gist) and paste that URL here for a short link:", s.tooLong, permalink.MaxLinkLen)),
				app.Input().Type("url").Class("url-box").Placeholder("https://github.com/OWNER/REPO/blob/REF/path.json").
					Attr("aria-label", "URL of the recording file").OnKeyDown(func(ctx app.Context, e app.Event) {
					if e.Get("key").String() == "Enter" {
						ctx.NewActionWithValue(actionShareURL, ctx.JSSrc().Get("value").String())
					}
				}),
			)
		}),
		app.If(s.err != "", func() app.UI { return app.P().Class("warn").Text(s.err) }),
	)
}

func shareNote(s *shareState) string {
	switch {
	case s.link == "":
		return ""
	case s.copied == "copied":
		return fmt.Sprintf("Copied to the clipboard (%d characters). The recording rides in the link: nothing is uploaded.", len(s.link))
	case s.copied == "failed":
		return "The clipboard refused: select the link and copy it."
	}
	return "Copying…"
}
