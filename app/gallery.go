package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// gallery is the landing page: how to open a recording, a paste box, and
// the sample recordings embedded in the site (Samples).
type gallery struct {
	app.Compo
}

// Render draws the landing page.
func (g *gallery) Render() app.UI {
	return app.Main().Class("landing").Body(
		app.Section().Class("intro").Body(
			app.H1().Text("Read LLM API recordings"),
			app.P().Text("Drop a recording anywhere on the page, pick files, or paste JSON (Ctrl/Cmd+V). "+
				"recview shows the request, the streamed response assembled and chunk by chunk, and whether the file name still matches its request hash. "+
				"Nothing leaves your browser."),
			app.Div().Class("paste").Body(
				app.Textarea().ID("paste-box").Placeholder("…or paste a recording's JSON here").
					DataSet("testid", "paste-input").Attr("aria-label", "Recording JSON").Attr("rows", "3").
					OnInput(g.onPaste),
			),
		),
		&reviewView{},
		app.H2().Text("Samples"),
		app.Ul().Class("gallery").Body(
			app.Range(Samples).Slice(func(i int) app.UI { return g.renderCard(Samples[i]) }),
		),
		app.P().Class("fineprint").Text("Samples are real recordings from the ogx (llama-stack) repository, MIT licensed."),
	)
}

func (g *gallery) renderCard(s Sample) app.UI {
	return app.Li().Body(
		app.A().Class("sample").Href("#"+permalink.Fragment{Sources: []permalink.Source{{Kind: permalink.SourceSample, Value: s.File}}}.String()).DataSet("testid", "sample").DataSet("file", s.File).
			OnClick(func(ctx app.Context, e app.Event) {
				e.PreventDefault()
				ctx.NewActionWithValue(actionOpenSample.with(s.File))
			}).Body(
			app.Span().Class("kind").Text(s.Kind),
			app.Span().Class("title").Text(s.Title),
			app.Span().Class("file").Text(shortName(s.File)),
		),
	)
}

func (g *gallery) onPaste(ctx app.Context, e app.Event) {
	text := browser.Src(ctx).Value()
	if text != "" {
		browser.Src(ctx).SetValue("")
		ctx.NewActionWithValue(actionOpenText.with(text))
	}
}
