package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// markdownText draws a text rendered as Markdown (renderMarkdown): the
// first segment at once, then one more segment each frame, so that a long
// text never holds the page for long. A text past the Markdown limits is
// shown as text under a notice naming the limit, and one goldmark failed
// on under an error card, each for this text alone.
type markdownText struct {
	app.Compo

	Isrc string // the text

	pending bool // the next segment is on its way
}

// OnMount starts rendering the segments after the first.
func (m *markdownText) OnMount(ctx app.Context) { m.more(ctx) }

// OnUpdate goes on rendering when the text changes (a stream's step).
func (m *markdownText) OnUpdate(ctx app.Context) { m.more(ctx) }

// more renders the next segment once the page has drawn this frame, then
// the one after, until the text is complete.
func (m *markdownText) more(ctx app.Context) {
	r := renderMarkdown(m.Isrc)
	if m.pending || r.complete() {
		return
	}
	m.pending = true
	ctx.Async(func() {
		browser.Yield()
		ctx.Dispatch(func(ctx app.Context) {
			m.pending = false
			renderNext(markdown, r)
			m.more(ctx)
		})
	})
}

// Render draws the segments rendered so far, or the text with its notice
// or error card.
func (m *markdownText) Render() app.UI {
	r := renderMarkdown(m.Isrc)
	switch {
	case r.failed != "":
		return app.Div().Class("md-failed").Body(
			app.P().Class("md-fail").DataSet("testid", "md-error").Text("This text could not be drawn as Markdown ("+r.failed+"); here it is as text."),
			renderText("text", m.Isrc),
		)
	case r.over != "":
		return app.Div().Class("md-over").Body(
			app.P().Class("md-notice").DataSet("testid", "md-limit").Text("Shown as text: "+r.over+"."),
			renderText("text", m.Isrc),
		)
	}
	return app.Div().Class("md").Body(
		app.Range(r.pieces).Slice(func(i int) app.UI { return app.Raw(r.pieces[i]) }),
	)
}
