package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// maxOpenPart is the largest part otherPart shows unfolded at first.
const maxOpenPart = 2 << 10

// otherPart shows a part recview does not read (an output item or content
// part of an unknown type): a notice saying what it holds
// (Part.Describe: its type, its size, the base64 it carries) and the part
// as recorded, folded when longer than maxOpenPart and then drawn only
// once unfolded.
type otherPart struct {
	app.Compo

	Ipart recordings.Part

	unfolded bool // the reader unfolded a long part
}

// Render draws the notice and the folded part.
func (o *otherPart) Render() app.UI {
	p := &o.Ipart
	small := len(p.Text) <= maxOpenPart
	return app.Div().Class("other-part").DataSet("testid", "other-part").Body(
		app.P().Class("muted other-notice").Text("Not rendered: "+p.Describe()+". It is shown as recorded."),
		app.Details().Class("raw-part").Open(small || o.unfolded).
			OnToggle(func(ctx app.Context, e app.Event) { o.unfolded = e.Get("target").Get("open").Bool() }).Body(
			app.Summary().Text("as recorded"),
			app.If(small || o.unfolded, func() app.UI {
				if p.Raw != nil {
					return renderText("json", string(jsonx.Pretty(p.Raw)))
				}
				return renderText("text", p.Text)
			}),
		),
	)
}
