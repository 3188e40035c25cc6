package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// withCitations is a text part's view ui followed by the sources the part
// cites (renderCitations); ui alone when it cites none.
func withCitations(p recordings.Part, ui app.UI) app.UI {
	if len(p.Citations) == 0 {
		return ui
	}
	return app.Div().Class("cited").Body(ui, renderCitations(p.Citations))
}

// renderCitations lists the sources a text part cites, open, numbered
// (a <ul> styled as numbers: app.wasm links no <ol> or <q>): each one's
// words (the part's own it backs, then the source's it quotes), what it
// cites, linked when the link policy allows its address (as text
// otherwise), and where it points. The Raw JSON tab has each as
// recorded.
func renderCitations(cs []recordings.Citation) app.UI {
	return app.Details().Class("citations").DataSet("testid", "citations").Open(true).Body(
		app.Summary().Text(plural(len(cs), "citation")),
		app.Ul().Body(app.Range(cs).Slice(func(i int) app.UI {
			c := &cs[i]
			return app.Li().DataSet("testid", "citation").Body(
				app.If(c.Span != "", func() app.UI { return app.Span().Class("span").Text("“" + c.Span + "”") }),
				app.If(c.Quote != "", func() app.UI {
					return app.Span().Body(app.If(c.Span != "", func() app.UI { return app.Span().Class("muted").Text(" citing ") }), app.Span().Class("quote").Text("“"+c.Quote+"”"))
				}),
				app.If(c.Source != "" || c.URL != "", func() app.UI {
					return app.Span().Class("source").Body(app.Span().Class("muted").Text(" — "), citedSource(c))
				}),
				app.If(c.Where != "", func() app.UI { return app.Span().Class("muted where").Text(" (" + c.Where + ")") }),
				app.If(c.Span == "" && c.Quote == "" && c.Source == "" && c.URL == "" && c.Where == "", func() app.UI { return app.Code().Text(c.Kind) }),
			)
		})),
	)
}

// citedSource is a citation's source: its name linked to its address when
// the link policy allows it (safeURL: http, https, mailto), the address
// as text otherwise.
func citedSource(c *recordings.Citation) app.UI {
	name := c.Source
	if name == "" {
		name = c.URL
	}
	if c.URL == "" || !safeURL(c.URL) {
		if c.URL != "" && c.URL != name {
			return app.Span().Body(app.Text(name+" "), app.Code().Class("url").Text(c.URL))
		}
		return app.Span().Text(name)
	}
	return app.A().Href(c.URL).Rel("nofollow noopener noreferrer").Target("_blank").Title(c.URL).Text(name)
}
