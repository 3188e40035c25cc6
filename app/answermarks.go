package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/diff"
)

// answerMarks is what differs between the two answers of a comparison,
// to be marked on each side's rendered answer (pair-answers), as the
// worker found it (pageworker.Comparison): the word diff (diff.Words) of
// each choice's text, by choice index, for the choices whose text
// differs and is one text part on both sides, and the choices whose
// finish reason differs.
type answerMarks struct {
	text   map[int][]diff.Span
	finish map[int]bool
	calls  map[string][]string // by "CHOICE/LABEL": the argument paths that differ
}

// markedText is a word diff as side's text (0 the old side, 1 the new):
// the words both share plain, its own words marked (<del> on the old
// side, <ins> on the new), the other side's left out.
func markedText(spans []diff.Span, side int) app.UI {
	return app.Pre().Class("text worddiff").DataSet("testid", "answer-marked").Body(
		app.Range(spans).Slice(func(i int) app.UI {
			s := spans[i]
			switch {
			case s.Op == diff.OpRemoved && side == 0:
				return app.Del().Text(s.Text)
			case s.Op == diff.OpAdded && side == 1:
				return app.Ins().Text(s.Text)
			case s.Op == diff.OpRemoved || s.Op == diff.OpAdded:
				return app.Text("")
			}
			return app.Text(s.Text)
		}),
	)
}
