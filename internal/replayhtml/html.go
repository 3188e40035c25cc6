// Package replayhtml writes the viewer's replay panels as HTML: the index's
// report of what replay will do with an open folder (Report) and the
// lookup of a pasted "Recording not found" error (Lookup). They are
// written in the review worker (wasm/reviewworker), which holds the
// answers, so that the page's app.wasm links neither the replay core nor
// this code; the page shows the markup as it comes (app.Raw).
//
// Every path, test id, model, field and value is escaped (html.EscapeString,
// for text and quoted attributes). Clicks are read by data-act: "open" with
// data-path (a file of the folder: open it), "hash" with data-hash (the
// index's hash facet), "close-notfound" (close the lookup).
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
