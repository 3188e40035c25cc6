package app

import (
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// responsePanel shows the response as assembled at the current step: the
// message (Markdown, or raw), tool calls, finish reason and usage; data
// responses (embeddings, models, tool results); an exception's error card.
// While stepping, the text chunk k added is highlighted and chunk k's raw
// JSON is shown below.
type responsePanel struct {
	app.Compo

	Idoc  *openDoc
	Istep int // the step shown, 0..N (N for a response that is not a stream)
	// Ianswer draws the answer alone, without the raw JSON of the step's
	// chunk (a review pair's answers).
	Ianswer bool
	// Imarks, with Iside (0 the comparison's A or base, 1 B or head), is
	// what differs from the other side's answer: a choice whose text
	// differs shows its text plain with this side's words of the word
	// diff marked (removed ones on side 0, added ones on side 1), Markdown
	// a toggle away; a finish reason that differs is marked.
	Imarks answerMarks
	Iside  int
	// Iplaying is set while the stream plays: the delta is scrolled into
	// view only when the last one was in view (reveal).
	Iplaying bool

	raw    map[msgKey]bool // choices whose text is toggled from its default (Markdown, or marked text)
	follow bool            // the step's delta is to be scrolled into view
}

// Doc sets the recording shown.
func (p *responsePanel) Doc(d *openDoc) *responsePanel { p.Idoc = d; return p }

// AnswerOnly leaves out the raw JSON of the step's chunk.
func (p *responsePanel) AnswerOnly() *responsePanel { p.Ianswer = true; return p }

// Marks sets what differs from the other side of a comparison, and
// which side this is (0 or 1).
func (p *responsePanel) Marks(m answerMarks, side int) *responsePanel {
	p.Imarks, p.Iside = m, side
	return p
}

// Step sets the step shown.
func (p *responsePanel) Step(k int) *responsePanel { p.Istep = k; return p }

// Playing sets whether the stream is playing.
func (p *responsePanel) Playing(on bool) *responsePanel { p.Iplaying = on; return p }

// OnUpdate decides, before the page shows the new step, whether its
// delta is to be scrolled into view: always after a key, a click or the
// slider; while playing, only when the last step's delta is in view, so
// that play follows the text as it grows but leaves alone a page the
// reader scrolled elsewhere. The deltas drawn by go-app (raw text,
// thinking) are scrolled to once it has drawn them; the Markdown's by
// markdownText, which draws its own.
func (p *responsePanel) OnUpdate(ctx app.Context) {
	d := p.Idoc
	p.follow = !p.Ianswer && d != nil && d.stepper != nil && d.step > 0 && d.step < d.stepper.Len()
	if !p.follow {
		return
	}
	el := browser.ElementOf(p.JSValue())
	if p.Iplaying {
		p.follow = el.QueryLast("mark").InView()
	}
	if p.follow {
		ctx.Defer(func(app.Context) { el.QueryLast("pre.text mark").ScrollIntoViewIfNeeded() })
	}
}

// Render draws the panel.
func (p *responsePanel) Render() app.UI {
	d := p.Idoc
	r := d.rec
	return app.Section().Class("panel response").Attr("aria-label", "Response").Body(
		app.H2().Text(map[bool]string{true: "Response, assembled", false: "Response"}[r.Streaming]),
		p.renderBody(),
		app.If(d.stepper != nil && d.step > 0 && !p.Ianswer, func() app.UI { return renderChunk(d) }),
	)
}

func (p *responsePanel) renderBody() app.UI {
	d := p.Idoc
	if e := d.rec.Failure(); e != nil {
		return renderException(e)
	}
	ans := recordings.ReadAnswer(d.rec.Family, d.view)
	if len(ans.Choices) > 0 {
		return p.renderAnswer(ans)
	}
	return renderData(d.rec, d.view, d.responseType())
}

// answerPart draws part j of choice c: its text with the word diff's marks
// (marks, when compared and raw), with what the step added highlighted,
// or followed while stepping; a tool call with its label among the
// choice's (labels); the rest as renderPart draws it, without the
// block's other members, which the caller adds.
func (p *responsePanel) answerPart(d *openDoc, c *recordings.Choice, j int, marks []diff.Span, labels []string, raw, stepping bool) app.UI {
	part := c.Parts[j]
	switch {
	case part.Kind == recordings.PartText && marks != nil && raw && !stepping:
		return withCitations(part, markedText(marks, p.Iside))
	case part.Kind == recordings.PartText && raw:
		return withCitations(part, highlighted(part.Text, added(d, c.Index, recordings.KindContent)))
	case part.Kind == recordings.PartText && stepping:
		return withCitations(part, stepText(part.Text, added(d, c.Index, recordings.KindContent), p.follow))
	case part.Kind == recordings.PartToolCall:
		return renderToolCall(part.ToolCall, stepping, p.Imarks.callMarks(c.Index, labels[callsBefore(c.Parts[:j])]))
	case part.Kind == recordings.PartThinking && stepping:
		return app.Details().Class("thinking").Open(true).Body(
			app.Summary().Text("thinking"),
			highlighted(part.Text, added(d, c.Index, recordings.KindThinking)),
		)
	}
	return partBody(part, raw, stepping)
}

func (p *responsePanel) flip(i int) {
	if p.raw == nil {
		p.raw = map[msgKey]bool{}
	}
	k := msgKey{p.Idoc, i}
	p.raw[k] = !p.raw[k]
}

func (p *responsePanel) renderAnswer(ans recordings.Answer) app.UI {
	d := p.Idoc
	stepping := d.stepper != nil && d.step < d.stepper.Len()
	return app.Div().Class("answer").Body(
		app.If(ans.List != "", func() app.UI {
			return app.P().Class("list-note").DataSet("testid", "answer-list").
				Text(plural(len(ans.Choices), ans.List) + " listed: " + ans.ListNote())
		}),
		app.Range(ans.Choices).Slice(func(i int) app.UI {
			c := ans.Choices[i]
			label := ans.ChoiceLabel(&c)
			marks := p.Imarks.text[c.Index]
			labels := diff.CallLabels(c.ToolCalls())
			// A choice with marks shows them by default: raw is then the
			// marked text, the toggle's other side its Markdown.
			raw := p.raw[msgKey{d, i}] != (marks != nil)
			return app.Div().Class("msg role-"+c.Role).Body(
				app.Div().Class("msg-head").Body(
					app.Span().Class("role").Text(c.Role),
					app.If(label != "", func() app.UI { return app.Span().Class("name").Text(label) }),
					rawToggle(raw, func() { p.flip(i) }),
				),
				app.Div().Class("assembled").DataSet("testid", "assembled").Body(
					app.Range(c.Parts).Slice(func(j int) app.UI {
						part := c.Parts[j]
						return withBlockOthers(part, p.answerPart(d, &c, j, marks, labels, raw, stepping))
					}),
				),
				app.If(c.FinishReason != "", func() app.UI {
					code := app.Code().DataSet("testid", "finish-reason").Text(c.FinishReason)
					if p.Imarks.finish[c.Index] {
						code = code.Class("differs").Title("differs from the other side's")
					}
					return app.P().Class("finish").Body(app.Span().Class("label").Text("finish reason "), code)
				}),
			)
		}),
		app.If(len(ans.Usage) > 0, func() app.UI {
			return app.Div().Body(app.H3().Class("label").Text("usage"), renderUsage(ans.Usage))
		}),
		app.If(ans.Error != nil, func() app.UI {
			return app.Div().DataSet("testid", "answer-error").Body(
				app.P().Class("warn").Text("The response ended with this error, after what is above:"),
				renderException(ans.Error),
			)
		}),
		p.renderOther(ans.Other),
	)
}

// renderOther draws what the response holds beside the answer
// (otherMembersHTML): the stream's unfolded delta members at its last
// step, where all of them have come.
func (p *responsePanel) renderOther(ms []recordings.Member) app.UI {
	var unfolded []recordings.DeltaMember
	if d := p.Idoc; d.stepper != nil && d.step == d.stepper.Len() {
		unfolded = d.stepper.UnfoldedDeltas()
	}
	h := otherMembersHTML("response", ms, unfolded)
	if h == "" {
		return nil
	}
	return app.Raw(h)
}

// callsBefore counts the tool calls among parts.
func callsBefore(parts []recordings.Part) int {
	n := 0
	for _, p := range parts {
		if p.Kind == recordings.PartToolCall {
			n++
		}
	}
	return n
}

// added is the text of the given kind (content or thinking) that chunk k,
// the current step, appended to choice c; "" at step 0 and at the end.
func added(d *openDoc, choice int, kind recordings.DeltaKind) string {
	if d.stepper == nil || d.step == 0 || d.step == d.stepper.Len() {
		return ""
	}
	var s string
	for _, dl := range d.stepper.Deltas(d.step) {
		if dl.Append && dl.Choice == choice && dl.Kind == kind {
			s += dl.Text
		}
	}
	return s
}

// stepText is a text part at a step of its stream: its Markdown, the
// piece the step added marked, scrolled into view when follow is set.
func stepText(text, added string, follow bool) app.UI {
	if text == "" {
		return app.Text("")
	}
	m := &markdownText{Isrc: text, Ifollow: follow}
	if strings.HasSuffix(text, added) {
		m.Idelta = len(added)
	}
	return m
}

// highlighted shows text plainly with its last added piece marked. Past
// maxShownText only the end shows, where the stream is adding.
func highlighted(text, added string) app.UI {
	if text == "" {
		return app.Text("")
	}
	if !strings.HasSuffix(text, added) {
		added = ""
	}
	var before app.UI = app.Text("")
	if len(text) > maxShownText {
		cut := len(text) - maxShownText
		for cut < len(text) && text[cut]&0xC0 == 0x80 {
			cut++
		}
		before = app.P().Class("muted clip-note").Text(fmt.Sprintf("… the first %d bytes are not shown here.", cut))
		text = text[cut:]
		if len(added) > len(text) {
			added = text
		}
	}
	return app.Div().Body(before, app.Pre().Class("text").Body(
		app.Text(text[:len(text)-len(added)]),
		app.If(added != "", func() app.UI { return app.Mark().Text(added) }),
	))
}

// renderUsage is the usage as a list of names and numbers; a dotted name
// (completion_tokens_details.reasoning_tokens) may break after its dots in
// a narrow column.
func renderUsage(us []recordings.UsageItem) app.UI {
	return app.Dl().Class("usage").DataSet("testid", "usage").Body(
		app.Range(us).Slice(func(i int) app.UI {
			// The name as HTML, escaped, a <wbr> after each dot.
			dt := "<dt>" + strings.ReplaceAll(html.EscapeString(us[i].Name), ".", ".<wbr>") + "</dt>"
			return app.Div().Body(app.Raw(dt), app.Dd().Text(us[i].Value))
		}),
	)
}

// renderException is the error card of a recorded failure
// (recordings.Recording.Failure): a recorded exception, or an HTTP
// answer of 400 or more. The status and error type head it, then the
// message, and the error object folded.
func renderException(e *recordings.Exception) app.UI {
	return app.Div().Class("error-card").DataSet("testid", "error-card").DataSet("status", e.Status).Body(
		app.H3().Text(strings.TrimSpace(fmt.Sprintf("%d %s", e.Status, e.Type))),
		app.If(e.Provider != "" || e.Category != "", func() app.UI {
			return app.P().Class("muted").Text(strings.Trim(e.Provider+" · "+e.Category, " ·"))
		}),
		renderText("text", e.Message),
		app.If(e.Body != nil, func() app.UI {
			return app.Details().Class("error-body").Body(
				app.Summary().Text("the error as recorded"),
				renderText("json", string(jsonx.Pretty(e.Body))),
			)
		}),
	)
}

// renderChunk shows chunk k's raw JSON and what it added.
func renderChunk(d *openDoc) app.UI {
	c := d.stepper.Chunk(d.step)
	title := fmt.Sprintf("chunk %d", d.step)
	if c.Event != "" {
		title += " · " + c.Event
	}
	var raw string
	if data := c.Data(); data != nil {
		raw = string(jsonx.Pretty(data))
	} else {
		raw = c.Text
	}
	return app.Div().Class("chunk").Body(
		app.H3().Text(title),
		app.P().Class("deltas").Text(recordings.FormatDeltas(d.stepper.Deltas(d.step))),
		app.If(d.stepper.ChunkErr(d.step) != nil, func() app.UI {
			return app.P().Class("warn").Text(d.stepper.ChunkErr(d.step).Error())
		}),
		app.Pre().Class("json").DataSet("testid", "step-chunk").Text(clip(raw, maxShownText)),
	)
}
