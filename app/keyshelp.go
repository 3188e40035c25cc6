package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// keysFor lists the keys of the page shown, as [key, what it does]
// pairs: the review's table or pair, a recording's stream, and those of
// every page.
func (v *Viewer) keysFor() [][2]string {
	var keys [][2]string
	switch rv := v.rs.set; {
	case v.view == viewReview && rv != nil && rv.pair >= 0:
		keys = [][2]string{
			{"n or j", "the next pair to look at"}, {"p or k", "the previous pair to look at"},
			{"v", "mark the pair viewed, or not"}, {"Alt+←", "back to the table (the browser's Back)"},
		}
	case v.view == viewReview && rv != nil && rv.rep != nil:
		keys = [][2]string{
			{"n or j", "move to the next pair to look at"}, {"p or k", "move to the previous pair to look at"},
			{"Enter", "open the pair moved to"}, {"v", "mark the pair moved to viewed, or not"},
			{"Alt+←", "back to where you came from (the browser's Back)"},
		}
	case v.view == viewDoc && v.current() != nil && v.current().stepper != nil:
		keys = [][2]string{
			{"← →", "the previous or next chunk (with Shift: ten)"}, {"Home End", "the first or last chunk"},
			{"Space", "play the stream, or pause it"},
		}
	}
	return append(keys, [2]string{"Ctrl+V (⌘V)", "paste a recording, or replay's “Recording not found” error"},
		[2]string{"?", "show or hide these keys"}, [2]string{"Esc", "close this panel, or the share panel"})
}

// renderKeys is the panel of the keys of the page shown (? opens and
// closes it, Esc closes it).
func (v *Viewer) renderKeys() app.UI {
	keys := v.keysFor()
	return app.Section().Class("keys-help").DataSet("testid", "keys-help").Attr("role", "dialog").Attr("aria-label", "Keyboard shortcuts").Body(
		app.Div().Class("keys-head").Body(
			app.H2().Text("Keys"),
			app.Button().Class("link").Text("Close").OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionKeys) }),
		),
		app.Dl().Body(app.Range(keys).Slice(func(i int) app.UI {
			return app.Div().Body(app.Dt().Body(app.Kbd().Text(keys[i][0])), app.Dd().Text(keys[i][1]))
		})),
	)
}
