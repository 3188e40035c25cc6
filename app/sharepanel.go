package app

import (
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// sharePanel shows the permalink of the view: the link in a field that
// selects itself (the fallback when the clipboard is refused), whether it
// was copied, or, for a view too big for a link, a box per local file for
// the URL where the user put it, to make a src= link instead.
type sharePanel struct {
	app.Compo

	Ishare shareState // a copy: see shareState
}

// Share sets the state shown.
func (p *sharePanel) Share(s shareState) *sharePanel { p.Ishare = s; return p }

// Render draws the panel.
func (p *sharePanel) Render() app.UI {
	s := p.Ishare
	return app.Section().Class("share").Attr("role", "dialog").Attr("aria-label", "Share this view").Body(
		app.Div().Class("share-head").Body(
			app.Strong().Text("Share this view"),
			app.Span().Class("muted").DataSet("testid", "share-note").Text(shareNote(s)),
			app.Button().Class("link").Text("Close").Attr("aria-label", "Close the share panel").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionCloseShare) }),
		),
		app.If(s.link != "", func() app.UI {
			return app.Input().Type("text").ReadOnly(true).Class("share-url").DataSet("testid", "share-url").
				Attr("aria-label", "The permalink").Value(s.link).
				OnFocus(func(ctx app.Context, e app.Event) { browser.Src(ctx).Select() })
		}),
		app.If(s.local != "" && s.link != "", func() app.UI { return renderPublic(s) }),
		app.If(s.tooLong > 0, func() app.UI {
			return app.Div().Body(
				app.P().Text(tooLongText(s)),
				app.Range(s.sides).Slice(func(i int) app.UI {
					side := s.sides[i]
					label := "URL of the recording file"
					if side.label != "" {
						label = fmt.Sprintf("URL of %s: %s", side.label, side.name)
					}
					return app.Label().Class("share-side").Body(
						app.If(side.label != "", func() app.UI {
							return app.Span().Class("side").Text(side.label + " ")
						}),
						app.Input().Type("url").Class("url-box").DataSet("testid", "share-side-url").
							Placeholder("https://github.com/OWNER/REPO/blob/REF/path.json").
							Attr("aria-label", label).Title(side.name).OnKeyDown(onShareURLKey),
					)
				}),
			)
		}),
		app.If(s.err != "", func() app.UI { return app.P().Class("warn").DataSet("testid", "share-error").Text(s.err) }),
	)
}

// renderPublic is the panel's part for a page on a loopback address: the
// link opens only here; the same link on the public viewer (or why the
// view cannot open there), and the box to set that viewer's address
// (Enter, or Use). Written as HTML text: its strings escaped.
func renderPublic(s shareState) app.UI {
	esc := html.EscapeString
	note := "This link opens only on this computer: the page runs on " + s.local + "."
	var b strings.Builder
	switch {
	case s.public != "":
		note += " The same view on the public viewer " + s.viewer + ", for anyone:"
	case s.why == "":
		note += " Give a public viewer's address (yours: docs/deploying.md says how) for a link anyone can open."
	}
	b.WriteString(`<div class="share-public" data-testid="share-local"><p>` + esc(note) + `</p>`)
	if s.public != "" {
		b.WriteString(`<input type="text" readonly class="share-url" data-testid="share-public-url" aria-label="The permalink on the public viewer" value="` + esc(s.public) + `">`)
	}
	if s.why != "" {
		b.WriteString(`<p class="warn" data-testid="share-public-none">` + esc(s.why) + `</p>`)
	}
	b.WriteString(`<label class="share-side"><span>Public viewer</span><input type="url" class="url-box" data-testid="share-viewer" placeholder="https://OWNER.github.io/" ` +
		`aria-label="The public viewer's address, kept in this browser" value="` + esc(s.viewer) + `">` +
		`<button class="button ghost" data-act="use-viewer" data-testid="share-viewer-use">Use</button></label></div>`)
	return app.Div().OnClick(func(ctx app.Context, e app.Event) { publicRoutes.handle(ctx, e) }).
		OnKeyDown(func(ctx app.Context, e app.Event) {
			if ev := browser.EventOf(e); ev.Key().Name == "Enter" && ev.Target().Data("testid") == "share-viewer" {
				e.PreventDefault()
				ctx.NewActionWithValue(actionSetViewer.with(ev.Target().Value()))
			}
		}).
		On("focusin", func(ctx app.Context, e app.Event) {
			if t := browser.EventOf(e).Target(); t.Data("testid") == "share-public-url" {
				t.Select()
			}
		}).
		Body(app.Raw(b.String()))
}

// publicRoutes are the clicks of renderPublic: Use sets the public viewer
// to the address in the box before it.
var publicRoutes = clickRoutes{
	"use-viewer": func(ctx app.Context, el browser.Element) {
		ctx.NewActionWithValue(actionSetViewer.with(el.Previous().Value()))
	},
}

// tooLongText says why no link is offered and what to paste.
func tooLongText(s shareState) string {
	what, ask := "This recording", "Put the file at a URL (a GitHub file or raw link, a gist) and paste the file's URL here for a short link:"
	if len(s.sides) == 2 {
		what, ask = "This comparison", "Put the files at URLs (GitHub file or raw links, gists) and paste the files' URLs here, one per side, for a short link:"
	} else if len(s.sides) == 1 && s.sides[0].label != "" {
		what, ask = "This comparison", "Put "+s.sides[0].label+" ("+s.sides[0].name+") at a URL (a GitHub file or raw link, a gist) and paste the file's URL here for a short link:"
	}
	return fmt.Sprintf("%s makes a link of %d characters, more than the %d a GitHub comment holds. %s", what, s.tooLong, permalink.MaxLinkLen, ask)
}

// onShareURLKey posts the URLs of the panel's boxes on Enter, once every
// box has one; until then Enter moves to the first empty box.
func onShareURLKey(ctx app.Context, e app.Event) {
	if browser.EventOf(e).Key().Name != "Enter" {
		return
	}
	e.PreventDefault()
	boxes := browser.Src(ctx).Closest(".share").QueryAll(".url-box")
	urls := make([]string, len(boxes))
	for i, box := range boxes {
		urls[i] = box.Value()
		if urls[i] == "" {
			box.Focus()
			return
		}
	}
	ctx.NewActionWithValue(actionShareURL.with(urls))
}

// shareNote is the panel's line about the link: copying, copied (with
// its length), or refused by the clipboard; "" without a link.
func shareNote(s shareState) string {
	switch {
	case s.link == "":
		return ""
	case s.copied == "copied" && s.inline:
		return fmt.Sprintf("Copied to the clipboard (%d characters). The recording rides in the link: nothing is uploaded.", len(s.link))
	case s.copied == "copied":
		return fmt.Sprintf("Copied to the clipboard (%d characters).", len(s.link))
	case s.copied == "failed":
		return "The clipboard refused: select the link and copy it."
	}
	return "Copying…"
}
