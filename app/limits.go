package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/fetchrule"
	"github.com/recview/recview/internal/base/htmlw"
)

// maxOpenSize is the largest file the viewer opens, in bytes
// (fetchrule.MaxRecording); larger files are refused before they are read.
const maxOpenSize = fetchrule.MaxRecording

// tooBig is the error for a file or download past maxOpenSize.
func tooBig(what string, size int64) error { return fetchrule.TooBig(what, size) }

// maxShownText is the most text a message or value shows on the page, in
// bytes; the Raw JSON tab folds the rest. Rendering megabytes of text
// would freeze the page.
const maxShownText = 128 << 10

// clipped returns text cut to maxShownText and whether it was cut.
func clipped(text string) (string, bool) {
	if len(text) <= maxShownText {
		return text, false
	}
	cut := maxShownText
	for cut > 0 && text[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return text[:cut], true
}

// clipNote says how much of a text is not shown.
func clipNote(total, shown int) app.UI {
	return app.P().Class("muted clip-note").Text(fmt.Sprintf("… %s not shown here (%d in all); the Raw JSON tab has everything.", plural(total-shown, "more byte"), total))
}

// renderText shows text in a <pre>, cut to maxShownText with a note.
func renderText(class, text string) app.UI {
	shown, cut := clipped(text)
	if !cut {
		return app.Pre().Class(class).Text(text)
	}
	return app.Div().Body(app.Pre().Class(class).Text(shown), clipNote(len(text), len(shown)))
}

// preHTML writes text in a <pre> of class, cut to maxShownText with a
// note, as renderText draws it.
func preHTML(w *htmlw.Writer, class, text string) {
	shown, cut := clipped(text)
	w.Raw(`<pre class="`, class, `">`)
	w.Text(shown)
	w.Raw(`</pre>`)
	if cut {
		w.Raw(`<p class="muted clip-note">… `)
		w.Num(len(text) - len(shown))
		w.Raw(` more bytes not shown here (`)
		w.Num(len(text))
		w.Raw(` in all); the Raw JSON tab has everything.</p>`)
	}
}
