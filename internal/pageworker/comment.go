// The review's decisions: the page asks the worker of a review for the
// pull-request comment with the reviewer's decisions, and the decisions
// file to save (recordings/review's, which app.wasm does not link).

package pageworker

// WriteComment asks the worker of a review, once its Report came, for the
// review's pull-request comment with the reviewer's Decisions (as
// `recview review --markdown --decisions FILE` writes it) and for the
// decisions file Save decisions saves, which that command reads. The
// worker answers with an Answer whose Comment is set, or whose Err says
// why there is none: no review yet, or a decision that is not one (its
// index and why: a digest that is not 32 hex digits or is given twice, a
// decision neither "accept" nor "flag", a note that is not one line of
// at most MaxNote characters).
type WriteComment struct {
	ID int `json:"id"`
	// Viewer is the viewer's address the comment's rows link to (the
	// page's own, like "https://recview.example/"), "" for no links. A
	// GitHub review's rows link to the viewer's review at each pair
	// (#v=2&pr=OWNER/REPO/N&file=PATH, or compare=); a two-folder
	// review's rows have no links: its files are on the reviewer's
	// computer, and the comment says so.
	Viewer string `json:"viewer"`
	// ChangeSet names the change set in the decisions file and the
	// comment's footer: the page's name for it ("OWNER/REPO#N",
	// "OWNER/REPO BASE...HEAD", "base → head").
	ChangeSet string `json:"change_set"`
	// Decisions are the reviewer's, one per decided row, by the row's
	// Digest (Row.Digest); a row without one is undecided. A decision
	// whose digest no row has is counted (Comment.Stale) and left out.
	Decisions []Decided `json:"decisions"`
}

// Kind returns KindComment.
func (*WriteComment) Kind() Kind { return KindComment }

// Decided is a reviewer's decision on the row whose Digest it carries.
type Decided struct {
	Digest string `json:"digest"`
	// Decision is "accept" (the change is fine) or "flag" (it needs a
	// look, or a new recording).
	Decision string `json:"decision"`
	// Note says why, one line of at most MaxNote characters (no line
	// break or other control character, no character that turns the
	// direction of text); "" for none.
	Note string `json:"note,omitempty"`
}

// MaxNote is the longest note of a decision, in characters (Unicode code
// points): recordings/review's MaxNote, which this package does not link
// (wasm/worker's tests hold the two equal).
const MaxNote = 300

// Comment is the worker's answer to a WriteComment (Answer.Comment).
type Comment struct {
	// Markdown is the comment, at most 65,536 bytes whatever the review's
	// size: its Decisions part first (the counts, the flagged pairs with
	// their notes), then the review's summary and tables
	// (review.Result.Markdown). What Copy review copies.
	Markdown string `json:"markdown"`
	// File is the decisions file, JSON (docs/review.md): an entry per
	// decided row, with its paths, in the report's order. What Save
	// decisions saves, as recview-decisions.json, say.
	File string `json:"file"`
	// Flagged, Accepted and Undecided count the rows to look at (high and
	// medium severity) by decision, UndecidedHigh the undecided ones of
	// high severity; OtherFlagged and OtherAccepted the decided rows of
	// low or no severity; Stale the decisions whose digest no row has
	// (review.Tally).
	Flagged       int `json:"flagged"`
	Accepted      int `json:"accepted"`
	Undecided     int `json:"undecided"`
	UndecidedHigh int `json:"undecided_high"`
	OtherFlagged  int `json:"other_flagged"`
	OtherAccepted int `json:"other_accepted"`
	Stale         int `json:"stale"`
}
