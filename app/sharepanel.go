package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/permalink"
)

// sharePanel shows the permalink of the view: the link in a field that
// selects itself (the fallback when the clipboard is refused), whether it
// was copied, or, for a recording too big for a link, a box for the URL
// of the file to make a src= link instead.
type sharePanel struct {
	app.Compo

	Ishare *shareState
}

// Share sets the state shown.
func (p *sharePanel) Share(s *shareState) *sharePanel { p.Ishare = s; return p }

// Render draws the panel.
func (p *sharePanel) Render() app.UI {
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
						ctx.NewActionWithValue(actionShareURL.with(ctx.JSSrc().Get("value").String()))
					}
				}),
			)
		}),
		app.If(s.err != "", func() app.UI { return app.P().Class("warn").Text(s.err) }),
	)
}

// shareNote is the panel's line about the link: copying, copied (with
// its length), or refused by the clipboard; "" without a link.
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
