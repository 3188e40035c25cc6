package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/htmlw"
)

// The files of an index that are not recordings (folderIndex.skipped,
// reqhash.Skip's rule: ogx's ci_matrix.json and test_cases, a
// tsconfig.json): one line above the table, "7 JSON files are not
// recordings", which opens on the list of them, each with why. They are
// never rows, red among the recordings, and never dropped.

// notRecordings draws the line and its list: a <details> of go-app's, so
// that it stays open as more files arrive, around the list written as
// HTML (notRecordingsHTML).
func notRecordings(skipped []skippedFile) app.UI {
	return app.Details().Class("not-recordings").DataSet("testid", "index-not-recordings").Body(
		app.Summary().Text(notRecordingsLine(len(skipped))),
		app.Raw(notRecordingsHTML(skipped)),
	)
}

// notRecordingsLine is the line: "1 JSON file is not a recording", "7
// JSON files are not recordings".
func notRecordingsLine(n int) string {
	if n == 1 {
		return "1 JSON file is not a recording"
	}
	return strconv.Itoa(n) + " JSON files are not recordings"
}

// notRecordingsHTML is the list of the files that are not recordings:
// each path and why, escaped.
func notRecordingsHTML(skipped []skippedFile) string {
	var w htmlw.Writer
	w.Raw(`<ul class="replay-list">`)
	for _, f := range skipped {
		w.Raw(`<li><code>`)
		w.Text(f.path)
		w.Raw(`</code> <span class="muted">`)
		w.Text(f.why)
		w.Raw(`</span></li>`)
	}
	w.Raw(`</ul>`)
	return w.String()
}
