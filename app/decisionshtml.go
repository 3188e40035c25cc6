package app

import (
	"strconv"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/pageworker"
)

// decisionMark writes a row's decision beside its viewed box: ✓ accepted,
// ⚑ flagged (data-testid="row-decision", data-decision), its note in the
// title; nothing for an undecided row.
func decisionMark(w *htmlw.Writer, d pageworker.Decided) {
	if d.Decision == "" {
		return
	}
	w.Raw(`<span class="decision-mark decision-`, d.Decision, `" data-testid="row-decision" data-decision="`, d.Decision, `" title="`)
	w.Raw(iff(d.Decision == choiceFlag, "Flagged", "Accepted"))
	if d.Note != "" {
		w.Raw(": ")
		w.Text(d.Note)
	}
	w.Raw(`">`, iff(d.Decision == choiceFlag, "⚑", "✓"), `</span>`)
}

// rowNote writes a row's note before its why (data-testid="row-note"),
// nothing when it has none.
func rowNote(w *htmlw.Writer, d pageworker.Decided) {
	if d.Note == "" {
		return
	}
	w.Raw(`<span class="row-note" data-testid="row-note">`)
	w.Text(d.Note)
	w.Raw(`</span> `)
}

// decisionsHTML writes the review's decisions, on the summary's first
// line (data-testid="review-decisions"): the pairs flagged, accepted and,
// of those to look at, left to decide, each a chip that filters the
// table (facets "decision:flag", "decision:accept", "decision:left",
// data-testid "decisions-flagged", "decisions-accepted",
// "decisions-left"); Copy review (data-testid="copy-review") and Save
// decisions (data-testid="save-decisions").
func decisionsHTML(w *htmlw.Writer, rv *reviewSet) {
	t, n := &rv.table, rv.tally()
	w.Raw(`<span class="findings-group review-decisions" data-testid="review-decisions" role="group" aria-label="Decisions"><strong title="a accepts, f flags a pair, then moves on">Decisions</strong>`)
	facetChip(w, t, "decision:flag", "decisions-flagged", "⚑ "+strconv.Itoa(n.flagged+n.otherFlagged)+" flagged", "decision-flag")
	facetChip(w, t, "decision:accept", "decisions-accepted", "✓ "+strconv.Itoa(n.accepted+n.otherAccepted)+" accepted", "decision-accept")
	facetChip(w, t, "decision:left", "decisions-left", strconv.Itoa(n.left)+" of the "+strconv.Itoa(n.lookAt)+" to look at left", "")
	w.Raw(`<button class="button small" data-act="`+pageworker.ActCopyReview+`" data-testid="copy-review" title="The pull request's comment, flagged pairs first, on the clipboard (as recview review --markdown --decisions writes it)">Copy review</button>`,
		`<button class="button ghost small" data-act="`+pageworker.ActSaveDecisions+`" data-testid="save-decisions" title="A file of the decisions, for recview review --decisions FILE">Save decisions</button></span>`)
}

// copyHTML is what Copy review did (data-testid="copy-status"), and the
// comment it copied (data-testid="review-comment"), to copy by hand when
// the clipboard refused it; why the decisions could not be kept; an
// empty element when there is nothing to say.
func copyHTML(rv *reviewSet) string {
	var w htmlw.Writer
	// One element: go-app's Raw keeps the first root only.
	w.Raw(`<div class="review-copy">`)
	if c := rv.copied; c != nil {
		w.Raw(`<p class="muted" data-testid="copy-status" role="status">`)
		switch {
		case c.busy:
			w.Raw(`Writing the comment…`)
		case c.err != "" && c.markdown == "":
			w.Raw(`<span class="warn">`)
			w.Text(c.err)
			w.Raw(`</span>`)
		case c.copied == "copied":
			w.Raw(`Copied: a comment of `)
			w.Num(utf8.RuneCountInString(c.markdown))
			w.Raw(` characters, `, plural(c.counts.Flagged+c.counts.OtherFlagged, "flagged pair"), ` first. Paste it on the pull request.`)
		case c.copied == "failed":
			w.Raw(`<span class="warn">The clipboard refused: select the comment below and copy it.</span>`)
		default:
			w.Raw(`Copying…`)
		}
		if c.err != "" && c.markdown != "" {
			w.Raw(` `)
			w.Text(c.err)
		}
		w.Raw(`</p>`)
		if c.markdown != "" {
			w.Raw(`<details class="review-comment"`, iff(c.copied == "failed", " open", ""), `><summary>The comment</summary><textarea readonly rows="12" data-testid="review-comment" aria-label="The review's comment, Markdown">`)
			w.Text(c.markdown)
			w.Raw(`</textarea></details>`)
		}
	}
	if rv.storeErr != "" {
		w.Raw(`<p class="warn">`)
		w.Text(rv.storeErr)
		w.Raw(`</p>`)
	}
	w.Raw(`</div>`)
	return w.String()
}

// decideArg is a decision made by a click: row's, choice "accept",
// "flag" or "" (undecided).
type decideArg struct {
	row    int
	choice string
}

// noteArg is a note typed on a row's pair.
type noteArg struct {
	row  int
	note string
}

// pairDecision is the pair's decision: Accept and Flag (again:
// undecided; data-testid="decide-accept", "decide-flag", aria-pressed,
// data-act="decide"), its note, a text field whose change keeps it
// (data-testid="decision-note"; Enter or Escape gives the keys back), and
// what was decided (data-testid="pair-decision", data-decision).
func (r *reviewView) pairDecision() app.UI {
	rv := r.Iset
	i := rv.pair
	d := rv.decisionOf(&rv.rep.Rows[i])
	return app.Div().Class("pair-decide").DataSet("testid", "pair-decision").DataSet("decision", d.Decision).Attr("role", "group").Attr("aria-label", "Decision").Body(
		app.Raw(decideButtonsHTML(i, d)),
		// The row is read from the field when it changes: go-app may
		// keep a handler of an earlier pair's render.
		app.Input().Type("text").Class("decision-note").DataSet("testid", "decision-note").DataSet("row", i).Attr("maxlength", pageworker.MaxNote).
			Attr("aria-label", "Note on this pair").Placeholder("Note, one line, optional: why, what to do").Value(d.Note).
			OnChange(func(ctx app.Context, e app.Event) {
				el := browser.Src(ctx)
				row, _ := strconv.Atoi(el.Data("row"))
				ctx.NewActionWithValue(actionReviewNote.with(noteArg{row: row, note: el.Value()}))
			}).
			OnKeyDown(func(ctx app.Context, e app.Event) {
				// Enter keeps the note (change), and both give the
				// page's keys back.
				if k := browser.EventOf(e).Key().Name; k == "Enter" || k == "Escape" {
					browser.Src(ctx).Blur()
				}
			}),
	)
}

// decideButtonsHTML writes row i's Accept and Flag buttons (data-act=
// "decide", data-row, data-choice: the decision a click makes, "" for
// undecided when it is the one made) and what was decided.
func decideButtonsHTML(i int, d pageworker.Decided) string {
	var w htmlw.Writer
	w.Raw(`<span class="decide-buttons">`)
	for _, c := range [2][3]string{
		{choiceAccept, "✓ Accept", "The change is fine (key a: accept and go to the next pair; again: undecided)"},
		{choiceFlag, "⚑ Flag", "It needs a look or a new recording (key f: flag and go to the next pair; again: undecided)"},
	} {
		on := d.Decision == c[0]
		w.Raw(`<button class="button decide decision-`, c[0], iff(on, " active", ""), `" aria-pressed="`, strconv.FormatBool(on),
			`" data-act="`+pageworker.ActDecide+`" data-testid="decide-`, c[0], `" data-row="`, strconv.Itoa(i), `" data-choice="`, iff(on, "", c[0]),
			`" title="`, c[2], `">`, c[1], `</button>`)
	}
	w.Raw(`<span class="muted decision-state">`, map[string]string{"": "undecided", choiceAccept: "accepted", choiceFlag: "flagged"}[d.Decision], `</span></span>`)
	return w.String()
}
