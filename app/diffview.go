package app

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/diff"
)

// maxDiffText is the longest value the diff view prints open; a longer
// one (a tool's definition added) folds, whole inside.
const maxDiffText = 2000

// diffView shows the comparison of two recordings (recordings/diff): its
// judgement (the verdict, "changed result", "same result, different
// chunking"..., its severity and what it found, the words every view of a
// comparison shows), what the test asked (pairAsked) and the two answers
// side by side, then the metadata, request and response changes, each
// with its JSON path, A's value and B's value side by side, long strings
// as a word diff.
type diffView struct {
	app.Compo

	Icmp     *comparison
	Iversion int // the comparison's version: its result came
}

// Comparison sets the comparison shown.
func (d *diffView) Comparison(c *comparison) *diffView { d.Icmp, d.Iversion = c, c.version; return d }

// Render draws the comparison: until its result comes, what was asked
// and the two answers under a "Comparing…" head.
func (d *diffView) Render() app.UI {
	c := d.Icmp
	return app.Section().Class("diff").DataSet("testid", "diff-view").Attr("aria-label", "Comparison").Attr("aria-busy", c.res == nil && c.err == "").Body(
		d.renderHead(),
		&pairAsked{Ibase: c.a, Ihead: c.b, Ilabels: [2]string{c.label(0), c.label(1)}},
		app.Div().Class("columns pair-answers").DataSet("testid", "pair-answers").Body(sideAnswer(c, 0), sideAnswer(c, 1)),
		app.If(c.res != nil, d.renderChanges),
	)
}

// renderHead is the comparison's head: its severity, verdict and why (a
// reviewed pair's: the review's, its why in the pair's head above; a
// shared pair's: the review's of its two files, why included), or that
// it is being made, or why it could not be.
func (d *diffView) renderHead() app.UI {
	c := d.Icmp
	if c.res == nil || c.reviewing {
		return app.Div().Class("diff-head").Body(
			app.H2().Text("Comparison"),
			app.If(c.err == "" && c.reviewing, func() app.UI {
				return app.Span().Class("muted").DataSet("testid", "diff-pending").Text("Reviewing the pair…")
			}).ElseIf(c.err == "", func() app.UI {
				return app.Span().Class("muted").DataSet("testid", "diff-pending").Text("Comparing…")
			}).Else(func() app.UI {
				return app.Span().Class("warn").DataSet("testid", "diff-error").Text(c.err)
			}),
			shareButton(),
		)
	}
	j := &c.res.Judgement
	sev, verdict, why := string(j.Severity), string(j.Verdict), j.Why(diff.MaxWhy)
	if c.judged != nil { // the review's; its why, unless the pair's head shows it
		sev, verdict, why = c.judged.severity, c.judged.verdict, c.judged.why
	}
	return app.Div().Class("diff-head").Body(
		app.H2().Text("Comparison"),
		app.Span().Class("badge severity-"+verdictClass(sev)).DataSet("testid", "diff-severity").Title("Severity: how much a reviewer needs to see this").Text(sev),
		app.Span().Class("badge verdict-"+verdictClass(verdict)).DataSet("testid", "diff-verdict").Text(verdict),
		app.If(why != "", func() app.UI { return app.Span().Class("diff-why").DataSet("testid", "diff-why").Text(why) }),
		shareButton(),
	)
}

// renderChanges is the table of the field-level differences.
func (d *diffView) renderChanges() app.UI {
	c := d.Icmp
	r := c.res
	return app.Div().Class("diff-changes").Body(
		app.H3().Class("diff-fields").Text("What differs"),
		app.Table().Class("diff-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Attr("scope", "col").Text("kind"),
				app.Th().Attr("scope", "col").Text("path"),
				app.Th().Attr("scope", "col").DataSet("testid", "diff-side").Body(app.Span().Class("side a").Text(c.label(0)+" "), app.Code().Text(c.title(0))),
				app.Th().Attr("scope", "col").DataSet("testid", "diff-side").Body(app.Span().Class("side b").Text(c.label(1)+" "), app.Code().Text(c.title(1))),
			)),
			app.TBody().Body(
				app.Range(r.Changes).Slice(func(i int) app.UI { return renderChange(r.Changes[i], [2]string{c.label(0), c.label(1)}) }),
			),
		),
		app.If(len(r.Changes) == 0, func() app.UI {
			return app.P().Class("muted").Text("No differences: the two recordings mean the same (ids and timestamps aside).")
		}),
	)
}

// sideAnswer is side i's answer (0 A or base, 1 B or head), assembled,
// under its label, what differs from the other side marked.
func sideAnswer(c *comparison, i int) app.UI {
	d := [2]*openDoc{c.a, c.b}[i]
	return app.Div().Class("pair-answer").DataSet("side", c.label(i)).Body(
		app.P().Class("pair-answer-label").Body(app.Span().Class("side "+[2]string{"a", "b"}[i]).Text(c.label(i))),
		(&responsePanel{}).Doc(d).Step(d.step).AnswerOnly().Marks(c.marks, i),
	)
}

// renderChange draws one difference: A's and B's values (a string of
// JSON text as its text), or a word diff across both columns; its note
// names the sides by labels.
func renderChange(ch diff.Change, labels [2]string) app.UI {
	row := app.Tr().Class("diff-change op-"+string(ch.Op)).DataSet("testid", "diff-change").DataSet("kind", string(ch.Kind))
	note := ch.Note
	if len(note) > 4 && note[1:4] == "'s " && (note[0] == 'A' || note[0] == 'B') {
		note = labels[note[0]-'A'] + note[1:]
	}
	head := []app.UI{
		app.Td().Class("kind").Text(string(ch.Kind)),
		app.Td().Body(app.Code().Text(ch.Path), app.If(note != "", func() app.UI { return app.Div().Class("muted").DataSet("testid", "diff-note").Text(note) })),
	}
	ch.Old, ch.New = jsonTextOf(ch.Old), jsonTextOf(ch.New)
	if ch.Text != nil {
		return row.Body(append(head, app.Td().ColSpan(2).Body(app.Pre().Class("text worddiff").Body(
			app.Range(ch.Text).Slice(func(i int) app.UI { return renderSpan(ch.Text[i]) }),
		)))...)
	}
	return row.Body(append(head,
		app.Td().Class("old").Body(app.If(ch.Op != diff.OpAdded, func() app.UI { return diffValue(ch.Old) })),
		app.Td().Class("new").Body(app.If(ch.Op != diff.OpRemoved, func() app.UI { return diffValue(ch.New) })),
	)...)
}

// diffValue draws one side's value of a change: whole, or folded when
// longer than maxDiffText (foldedJSON).
func diffValue(v string) app.UI {
	if len(v) <= maxDiffText {
		return app.Pre().Class("json").Text(v)
	}
	return foldedJSON(v, "diff-long")
}

// jsonTextOf is v, a JSON value as Change writes it, or the text of a
// JSON string that holds JSON text (`"{\"age\":30}"` is `{"age":30}`).
func jsonTextOf(v string) string {
	if len(v) < 4 || v[0] != '"' || v[1] != '{' && v[1] != '[' {
		return v
	}
	var s string
	if json.Unmarshal([]byte(v), &s) != nil {
		return v
	}
	return s
}

func renderSpan(s diff.Span) app.UI {
	switch s.Op {
	case diff.OpRemoved:
		return app.Del().Text(s.Text)
	case diff.OpAdded:
		return app.Ins().Text(s.Text)
	}
	return app.Text(s.Text)
}
