package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// answerMarks is what differs between the two answers of a comparison,
// to be marked on each side's rendered answer (pair-answers): the word
// diff (diff.Words) of each choice's text, by choice index, for the
// choices whose text differs and is one text part on both sides, and the
// choices whose finish reason differs.
type answerMarks struct {
	text   map[int][]diff.Span
	finish map[int]bool
}

// marksOf reads a's and b's whole answers (assembled to their last
// step: the marks are shown only there) and finds what differs; a side
// with an error card or no answer gives no marks.
func marksOf(a, b *openDoc) answerMarks {
	var m answerMarks
	if a.rec.Failure() != nil || b.rec.Failure() != nil {
		return m
	}
	aa := recordings.ReadAnswer(a.rec.Family, a.final)
	ab := recordings.ReadAnswer(b.rec.Family, b.final)
	byIndex := make(map[int]*recordings.Choice, len(ab.Choices))
	for i := range ab.Choices {
		byIndex[ab.Choices[i].Index] = &ab.Choices[i]
	}
	for i := range aa.Choices {
		ca := &aa.Choices[i]
		cb := byIndex[ca.Index]
		if cb == nil {
			continue
		}
		if ca.FinishReason != cb.FinishReason {
			if m.finish == nil {
				m.finish = map[int]bool{}
			}
			m.finish[ca.Index] = true
		}
		ta, oka := onlyText(ca)
		tb, okb := onlyText(cb)
		if oka && okb && ta != tb {
			if m.text == nil {
				m.text = map[int][]diff.Span{}
			}
			m.text[ca.Index] = diff.Words(ta, tb)
		}
	}
	return m
}

// onlyText is c's text when it has exactly one text part.
func onlyText(c *recordings.Choice) (string, bool) {
	text, n := "", 0
	for _, p := range c.Parts {
		if p.Kind == recordings.PartText {
			text, n = p.Text, n+1
		}
	}
	return text, n == 1
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
