package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// renderResponse shows the response as assembled at the current step, and
// while stepping, the raw chunk that made the step.
func (v *Viewer) renderResponse(d *openDoc) app.UI {
	r := d.rec
	body := func() app.UI {
		if e := r.Exception; e != nil {
			return renderException(e)
		}
		ans := recordings.ReadAnswer(r.Family, d.view)
		if len(ans.Choices) > 0 {
			return v.renderAnswer(d, ans)
		}
		return renderData(r, d.view)
	}
	return app.Section().Class("panel response").Attr("aria-label", "Response").Body(
		app.H2().Text(map[bool]string{true: "Response, assembled", false: "Response"}[r.Streaming]),
		body(),
		app.If(d.stepper != nil && d.step > 0, func() app.UI { return renderChunk(d) }),
	)
}

// highlight is the text that chunk k added to choice c, if any.
func highlight(d *openDoc, choice int) string {
	if d.stepper == nil || d.step == 0 || d.step == d.stepper.Len() {
		return ""
	}
	var s string
	for _, dl := range d.stepper.Deltas(d.step) {
		if dl.Append && dl.Choice == choice && dl.Kind == recordings.KindContent {
			s += dl.Text
		}
	}
	return s
}

func (v *Viewer) renderAnswer(d *openDoc, ans recordings.Answer) app.UI {
	stepping := d.stepper != nil && d.step < d.stepper.Len()
	return app.Div().Class("answer").Body(
		app.Range(ans.Choices).Slice(func(i int) app.UI {
			c := ans.Choices[i]
			key := "resp" + strconv.Itoa(i)
			raw := v.raw[key]
			hl := highlight(d, c.Index)
			return app.Div().Class("msg role-"+c.Role).Body(
				app.Div().Class("msg-head").Body(
					app.Span().Class("role").Text(c.Role),
					app.If(len(ans.Choices) > 1, func() app.UI { return app.Span().Class("name").Text(fmt.Sprintf("choice %d", c.Index)) }),
					app.Button().Class("link small toggle").Text(map[bool]string{true: "Markdown", false: "Raw"}[raw]).
						Attr("aria-label", "Toggle raw text").Attr("aria-pressed", fmt.Sprint(raw)).
						OnClick(func(ctx app.Context, e app.Event) { v.raw[key] = !raw }),
				),
				app.Div().Class("assembled").DataSet("testid", "assembled").Body(
					app.Range(c.Parts).Slice(func(j int) app.UI {
						p := c.Parts[j]
						if p.Kind == recordings.PartText && (stepping || raw) {
							return highlighted(p.Text, hl)
						}
						return renderPart(p, raw, stepping)
					}),
				),
				app.If(c.FinishReason != "", func() app.UI {
					return app.P().Class("finish").Body(app.Span().Class("label").Text("finish reason "),
						app.Code().DataSet("testid", "finish-reason").Text(c.FinishReason))
				}),
			)
		}),
		app.If(len(ans.Usage) > 0, func() app.UI {
			return app.Div().Body(app.H3().Class("label").Text("usage"), renderUsage(ans.Usage))
		}),
	)
}

// highlighted shows text plainly with its last added piece marked.
func highlighted(text, added string) app.UI {
	if text == "" {
		return app.Text("")
	}
	if added == "" || !strings.HasSuffix(text, added) {
		return app.Pre().Class("text").Text(text)
	}
	return app.Pre().Class("text").Body(
		app.Text(text[:len(text)-len(added)]),
		app.Mark().Text(added),
	)
}

func renderUsage(us []recordings.UsageItem) app.UI {
	return app.Dl().Class("usage").DataSet("testid", "usage").Body(
		app.Range(us).Slice(func(i int) app.UI {
			return app.Div().Body(app.Dt().Text(us[i].Name), app.Dd().Text(us[i].Value))
		}),
	)
}

func renderException(e *recordings.Exception) app.UI {
	return app.Div().Class("error-card").Body(
		app.H3().Text(fmt.Sprintf("%d %s", e.Status, e.Type)),
		app.If(e.Provider != "" || e.Category != "", func() app.UI {
			return app.P().Class("muted").Text(strings.Trim(e.Provider+" · "+e.Category, " ·"))
		}),
		app.Pre().Class("text").Text(e.Message),
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
	if c.Data != nil {
		raw = string(recordings.PrettyJSON(c.Data))
	} else {
		raw = c.Text
	}
	return app.Div().Class("chunk").Body(
		app.H3().Text(title),
		app.P().Class("deltas").Text(recordings.FormatDeltas(d.stepper.Deltas(d.step))),
		app.If(d.stepper.ChunkErr(d.step) != nil, func() app.UI {
			return app.P().Class("warn").Text(d.stepper.ChunkErr(d.step).Error())
		}),
		app.Pre().Class("json").DataSet("testid", "step-chunk").Text(raw),
	)
}

// renderData shows responses that are data rather than a model's answer.
func renderData(r *recordings.Recording, v *fastjson.Value) app.UI {
	switch r.Family {
	case recordings.FamilyOpenAIEmbeddings, recordings.FamilyOllamaEmbeddings:
		return renderEmbeddings(v)
	case recordings.FamilyOpenAIModels, recordings.FamilyOllamaTags, recordings.FamilyOllamaPS:
		return renderModels(v)
	case recordings.FamilyTool:
		content := v.Get("content")
		if content != nil && content.Type() == fastjson.TypeString {
			if parsed, err := fastjson.Parse(string(content.GetStringBytes())); err == nil {
				return app.Pre().Class("json").Text(string(recordings.PrettyJSON(parsed)))
			}
			return app.Pre().Class("text").Text(string(content.GetStringBytes()))
		}
	}
	return app.Pre().Class("json").Text(clip(string(recordings.PrettyJSON(v)), 200000))
}

// vectors returns the embedding vectors of an OpenAI or Ollama response.
func vectors(v *fastjson.Value) [][]float64 {
	var out [][]float64
	add := func(arr []*fastjson.Value) {
		vec := make([]float64, len(arr))
		for i, x := range arr {
			vec[i] = x.GetFloat64()
		}
		out = append(out, vec)
	}
	for _, d := range v.GetArray("data") {
		add(d.GetArray("embedding"))
	}
	for _, e := range v.GetArray("embeddings") {
		add(e.GetArray())
	}
	return out
}

func renderEmbeddings(v *fastjson.Value) app.UI {
	vecs := vectors(v)
	return app.Div().Class("embeddings").Body(
		app.P().Text(plural(len(vecs), "vector")),
		app.Range(vecs).Slice(func(i int) app.UI {
			vec := vecs[i]
			norm := 0.0
			for _, x := range vec {
				norm += x * x
			}
			first := make([]string, 0, 6)
			for _, x := range vec[:min(6, len(vec))] {
				first = append(first, strconv.FormatFloat(x, 'g', 4, 64))
			}
			return app.Div().Class("vector").Body(
				app.P().Text(fmt.Sprintf("#%d · %d dimensions · norm %.4f · [%s, …]", i, len(vec), math.Sqrt(norm), strings.Join(first, ", "))),
				app.Raw(sparkline(vec)),
			)
		}),
	)
}

// sparkline draws a vector as an SVG bar plot, built from numbers only.
func sparkline(vec []float64) string {
	const w, h = 600.0, 48.0
	if len(vec) == 0 {
		return `<svg class="spark" width="600" height="48"></svg>`
	}
	peak := 1e-9
	for _, x := range vec {
		peak = math.Max(peak, math.Abs(x))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="spark" viewBox="0 0 %g %g" preserveAspectRatio="none" role="img" aria-label="vector plot"><path d="`, w, h)
	step := w / float64(len(vec))
	for i, x := range vec {
		y := h/2 - x/peak*(h/2-1)
		fmt.Fprintf(&b, "M%.2f %.2fV%.2f", float64(i)*step, h/2, y)
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

func renderModels(v *fastjson.Value) app.UI {
	items := v.GetArray()
	if items == nil {
		items = v.GetArray("models")
	}
	return app.Table().Class("models").Body(
		app.THead().Body(app.Tr().Body(app.Th().Text("model"), app.Th().Text("owner / family"), app.Th().Text("size"))),
		app.TBody().Body(app.Range(items).Slice(func(i int) app.UI {
			m := items[i]
			id := string(m.GetStringBytes("id"))
			if id == "" {
				id = string(m.GetStringBytes("model"))
			}
			owner := string(m.GetStringBytes("owned_by"))
			if owner == "" {
				owner = string(m.GetStringBytes("details", "family"))
			}
			size := ""
			if s := m.GetInt64("size"); s > 0 {
				size = byteSize(int(s))
			}
			return app.Tr().Body(app.Td().Body(app.Code().Text(id)), app.Td().Text(owner), app.Td().Text(size))
		})),
	)
}
