package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// reviewed is the review a worker made, kept for the page's WriteComment
// messages: its Result, the pairs' digests set (run); the GitHub pull
// request or comparison it reviewed (nil for two folders) and its head
// commit ("" for two folders).
type reviewed struct {
	res     *review.Result
	github  *permalink.Review
	headSHA string
}

// writeComment answers q on the review rv: the comment with q's
// decisions (review.Result.Markdown with MarkdownOptions.Decisions), the
// decisions file (review.Result.DecisionsFile) and the counts
// (review.Result.Tally). The error says there is no review yet, or which
// decision of q is not one (review.Decisions.Add).
func writeComment(rv *reviewed, q *pageworker.WriteComment) (*pageworker.Comment, error) {
	if rv == nil || rv.res == nil {
		return nil, errors.New("no review to write the comment of: its report has not come")
	}
	d := make(review.Decisions, len(q.Decisions))
	for i, x := range q.Decisions {
		if err := d.Add(x.Digest, review.Decision{Choice: review.Choice(x.Decision), Note: x.Note}); err != nil {
			return nil, fmt.Errorf("the page's decision %d: %v", i+1, err)
		}
	}
	opt := review.MarkdownOptions{Viewer: q.Viewer, Decisions: d}
	if rv.github != nil {
		opt.Review = *rv.github
	}
	if q.ChangeSet != "" {
		opt.Footer = "Decided in recview's review page, on " + q.ChangeSet
		if rv.headSHA != "" {
			opt.Footer += fmt.Sprintf(" at %.12s", rv.headSHA)
		}
		opt.Footer += "."
	}
	var file strings.Builder
	if err := rv.res.DecisionsFile(q.ChangeSet, d).Write(&file); err != nil {
		return nil, err
	}
	// What the page saves, `recview review --decisions` reads.
	if _, err := review.ReadDecisions("the decisions file", []byte(file.String())); err != nil {
		return nil, err
	}
	t := rv.res.Tally(d)
	return &pageworker.Comment{
		Markdown: rv.res.Markdown(opt), File: file.String(),
		Flagged: t.Flagged, Accepted: t.Accepted, Undecided: t.Undecided, UndecidedHigh: t.UndecidedHigh,
		OtherFlagged: t.OtherFlagged, OtherAccepted: t.OtherAccepted, Stale: t.Stale,
	}, nil
}
