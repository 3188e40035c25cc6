// Package replayhtml writes the viewer's replay panels as HTML: the index's
// report of what replay will do with an open folder (Report.Panel: a
// head and folds, whose <details> the page draws itself) and the lookup
// of a pasted "Recording not found" error (Lookup.HTML), from the
// panels' data (panels.go). They are written in the page's worker
// (wasm/worker), which holds the answers, so that the page's app.wasm
// links neither the replay core nor this code; the page shows the markup
// as it comes (app.Raw), in a pageworker.Answer.
//
// Every path, test id, model, field and value is escaped (html.EscapeString,
// for text and quoted attributes). Clicks carry pageworker's data-act
// names: ActOpen with data-path (a file of the folder), ActHash with
// data-hash (the index's hash facet), ActCloseNotFound.
package replayhtml

import (
	"fmt"
)

// iff is yes if cond, else no.
func iff(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// plural is "1 word" or "N words".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
