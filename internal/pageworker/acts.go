package pageworker

// The clicks of the HTML the page's writers (app/reviewhtml.go) and the
// worker's (replayhtml) emit as text: each clickable element carries
// data-act="NAME", with the data-* attributes its action reads, and the
// page's handler of that part of the page does the action of that name
// (app's click routes; a test there checks that every name a writer emits
// is routed).
const (
	// ActOpen opens a recording: a review table's row (data-row) or a
	// file of the open folder (data-path).
	ActOpen = "open"
	// ActHash shows only the index rows of a request-hash status
	// (data-hash); again, all rows.
	ActHash = "hash"
	// ActCloseNotFound closes the lookup of a pasted "Recording not
	// found" error.
	ActCloseNotFound = "close-notfound"
	// ActRecordingDir sets the recorder's base folder replay's report and
	// lookups assume (OGX_TEST_RECORDING_DIR): a text input's value, read
	// when it changes.
	ActRecordingDir = "recording-dir"
	// ActSort sorts the review table by a column (data-sort); again, the
	// other way.
	ActSort = "sort"
	// ActVerdict shows only the review's pairs of a verdict
	// (data-verdict); again, all pairs.
	ActVerdict = "verdict"
	// ActFacet shows only the review's pairs of a facet of its summary
	// (data-facet: "severity:S", "name:N", "growth", "test:ID",
	// "decision:D"); again, all pairs.
	ActFacet = "facet"
	// ActUnfold shows the review's folded pairs, or folds them again.
	ActUnfold = "unfold"
	// ActViewed marks a review pair (data-row) viewed, or not.
	ActViewed = "viewed"
	// ActInteraction opens another interaction (data-k, from 0) of the
	// cassette shown.
	ActInteraction = "interaction"
	// ActBack goes from a review pair back to the table.
	ActBack = "back"
	// ActOpenSide opens one side of the review pair shown (data-side:
	// "base" or "head") as a full recording view.
	ActOpenSide = "open-side"
	// ActStep opens the previous (data-dir="-1") or next (data-dir="1")
	// meaningful review pair.
	ActStep = "step"
	// ActStop stops a review under way: its worker ends at once, and with
	// it every download.
	ActStop = "stop"
	// ActDecide records a decision on a review pair (data-row):
	// data-choice "accept", "flag", or "" for undecided.
	ActDecide = "decide"
	// ActCopyReview puts the review's pull-request comment, with the
	// reviewer's decisions, on the clipboard (WriteComment).
	ActCopyReview = "copy-review"
	// ActSaveDecisions downloads the review's decisions file, which
	// `recview review --decisions FILE` reads (WriteComment).
	ActSaveDecisions = "save-decisions"
)
