package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// markdownText draws a text rendered as Markdown (renderMarkdown): the
// first segment at once, then one more segment each frame, so that a long
// text never holds the page for long. A text past the Markdown limits is
// shown as text under a notice naming the limit, and one goldmark failed
// on under an error card, each for this text alone.
//
// The rendered pieces are not part of go-app's tree: draw writes them
// into the <div class="md">, which has no children in the tree, as the
// index draws its rows. Adding a segment then costs that segment, where
// an update through go-app would render every component above this one
// again (ctx.Dispatch updates the whole chain of parents).
type markdownText struct {
	app.Compo

	Isrc string // the text
	// Idelta is the length of the end of the text a stream's step added,
	// marked (renderMarked); 0 for none.
	Idelta int
	// Ifollow scrolls the delta into view, if out of view, once drawn.
	Ifollow bool

	drawn   []string // the pieces in the page, in order
	pending bool     // the next segment is on its way
}

// OnMount draws the pieces rendered so far, at once: go-app calls it
// in a dispatch of its own after the frame that mounted the text, and a
// Defer would wait for the next frame, which may come after the page has
// shown the text's box empty.
func (m *markdownText) OnMount(ctx app.Context) {
	m.drawn = nil
	m.draw(ctx)
}

// OnUpdate draws the text's pieces when it changes (a stream's step).
func (m *markdownText) OnUpdate(ctx app.Context) { ctx.Defer(m.draw) }

// draw brings the <div class="md"> up to date with the pieces rendered so
// far: those that did not change stay, the rest are replaced. While the
// text is not complete, it renders the next segment after the page has
// drawn this frame, and draws again.
func (m *markdownText) draw(ctx app.Context) {
	el := browser.ElementOf(m.JSValue()).QueryOne(".md")
	if !el.Exists() {
		return
	}
	r := m.rendering()
	keep := 0
	for keep < len(m.drawn) && keep < len(r.pieces) && m.drawn[keep] == r.pieces[keep] {
		keep++
	}
	if keep == 0 {
		el.SetHTML(strings.Join(r.pieces, ""))
	} else {
		el.KeepChildren(keep)
		if keep < len(r.pieces) {
			el.AppendHTML(strings.Join(r.pieces[keep:], ""))
		}
	}
	m.drawn = append(m.drawn[:0], r.pieces...)
	if m.Ifollow && m.Idelta > 0 {
		el.QueryLast("mark").ScrollIntoViewIfNeeded()
	}
	if m.pending || r.complete() {
		return
	}
	m.pending = true
	ctx.Async(func() {
		browser.Yield()
		ctx.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate() // only the pieces change: draw writes them
			m.pending = false
			renderNext(markdown, m.rendering())
			m.draw(ctx)
		})
	})
}

// rendering is the text's rendering, its delta marked.
func (m *markdownText) rendering() *mdRendering { return renderMarked(m.Isrc, m.deltaAt()) }

// deltaAt is where the delta starts in the text; its length for none.
func (m *markdownText) deltaAt() int { return len(m.Isrc) - min(max(m.Idelta, 0), len(m.Isrc)) }

// Render draws the notice or error card of a text shown as text (while
// stepping, its end shown, the delta marked, as highlighted does), and
// the <div class="md"> draw writes the rendered pieces into.
func (m *markdownText) Render() app.UI {
	r := m.rendering()
	asText := func() app.UI {
		if m.Idelta > 0 {
			return highlighted(m.Isrc, m.Isrc[m.deltaAt():])
		}
		return renderText("text", m.Isrc)
	}
	return app.Div().Class("md-text").Body(
		app.If(r.failed != "", func() app.UI {
			return app.Div().Class("md-failed").Body(
				app.P().Class("md-fail").DataSet("testid", "md-error").Text("This text could not be drawn as Markdown ("+r.failed+"); here it is as text."),
				asText(),
			)
		}).ElseIf(r.over != "", func() app.UI {
			return app.Div().Class("md-over").Body(
				app.P().Class("md-notice").DataSet("testid", "md-limit").Text("Shown as text: "+r.over+"."),
				asText(),
			)
		}),
		app.Div().Class("md"),
	)
}
