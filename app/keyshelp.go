package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/htmlw"
)

// keysFor lists the keys of the page shown, as [key, what it does]
// pairs of markup (the viewer's own words, no user text): the review's
// table or pair, a recording's stream, and those of every page.
func (v *Viewer) keysFor() [][2]string {
	var keys [][2]string
	switch rv := v.rs.set; {
	case v.view == viewReview && rv != nil && rv.pair >= 0:
		keys = [][2]string{
			{"n or j", "the next pair (the folded ones skipped)"}, {"p or k", "the previous pair"},
			{"a", "accept the pair, then the next"}, {"f", "flag the pair, then the next"},
			{"v", "mark the pair viewed, or not"}, {"Alt+←", "back to the table (the browser's Back)"},
		}
	case v.view == viewReview && rv != nil && rv.rep != nil:
		keys = [][2]string{
			{"n or j", "move to the next pair (the folded ones skipped)"}, {"p or k", "move to the previous pair"},
			{"Enter", "open the pair moved to"}, {"v", "mark the pair moved to viewed, or not"},
			{"a", "accept the pair moved to, then move on"}, {"f", "flag the pair moved to, then move on"},
			{"Alt+←", "back to where you came from (the browser's Back)"},
		}
	case v.view == viewDoc && v.current() != nil && v.current().stepper != nil:
		keys = [][2]string{
			{"← →", "the previous or next chunk (with Shift: ten)"}, {"Home End", "the first or last chunk"},
			{"Space", "play the stream, or pause it"},
		}
	}
	if d := v.current(); v.view == viewDoc && d != nil && d.cas != nil {
		keys = append(keys, [2]string{"[ ]", "the cassette's previous or next interaction"})
	}
	return append(keys, [2]string{"Ctrl+V (⌘V)", "paste a recording, or replay's “Recording not found” error"},
		[2]string{"?", "show or hide these keys"}, [2]string{"Esc", "close this panel, or the share panel"})
}

// renderKeys is the panel of the keys of the page shown (? opens and
// closes it, Esc or its Close button closes it), written as HTML by hand
// for app.wasm's size.
func (v *Viewer) renderKeys() app.UI {
	var w htmlw.Writer
	w.Raw(`<div><div class="keys-head"><h2>Keys</h2><button class="link" data-keys-close>Close</button></div><dl>`)
	for _, k := range v.keysFor() {
		w.Raw(`<div><dt><kbd>`, k[0], `</kbd></dt><dd>`, k[1], `</dd></div>`)
	}
	w.Raw(`</dl></div>`)
	return app.Section().Class("keys-help").DataSet("testid", "keys-help").Attr("role", "dialog").Attr("aria-label", "Keyboard shortcuts").
		OnClick(func(ctx app.Context, e app.Event) {
			if browser.EventOf(e).Target().Closest("[data-keys-close]").Exists() {
				ctx.NewAction(actionKeys)
			}
		}).Body(app.Raw(w.String()))
}
