package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// renderData shows responses that are data rather than a model's answer:
// embeddings as their vectors' sizes and norms, model lists as a table,
// each followed by the response as recorded, folded (asRecorded), as
// they show only part of it; a body that is not JSON (a document a test
// fetched, an image) as its text or its image (renderBodyText), whose
// media type contentType gives ("" when not known).
func renderData(r *recordings.Recording, v *fastjson.Value, contentType string) app.UI {
	switch r.Family {
	case recordings.FamilyOpenAIEmbeddings, recordings.FamilyOllamaEmbeddings:
		return app.Div().Body(renderEmbeddings(v), asRecorded(v, "the vectors' sizes and norms"))
	case recordings.FamilyOpenAIModels, recordings.FamilyOllamaTags, recordings.FamilyOllamaPS:
		return app.Div().Body(renderModels(v), asRecorded(v, "each model's name, owner and size"))
	case recordings.FamilyOpenAIModerations:
		if results := recordings.ReadModeration(v); results != nil {
			return app.Div().Body(renderModeration(results), asRecorded(v, "each input's verdict"))
		}
	case recordings.FamilyTokenCount:
		if counts := recordings.ReadTokenCount(v); len(counts) > 0 {
			return app.Div().Body(renderTokenCounts(counts), asRecorded(v, "the counts"))
		}
	case recordings.FamilyTool:
		content := v.Get("content")
		if content != nil && content.Type() == fastjson.TypeString {
			if parsed, err := fastjson.Parse(string(content.GetStringBytes())); err == nil {
				return renderText("json", string(jsonx.Pretty(parsed)))
			}
			return renderText("text", string(content.GetStringBytes()))
		}
	}
	if v.Type() == fastjson.TypeString {
		return renderBodyText(string(v.GetStringBytes()), contentType)
	}
	return renderText("json", string(jsonx.Pretty(v)))
}

// asRecorded draws the response v whole, folded, under a view that shows
// only part of it (shown says which part): the members the view leaves
// out (a model's provider and metadata, an embedding's usage) are there.
func asRecorded(v *fastjson.Value, shown string) app.UI {
	return app.Details().Class("as-recorded").DataSet("testid", "data-as-recorded").Body(
		app.Summary().Text("The response as recorded (above: "+shown+" only)"),
		renderText("json", string(jsonx.Pretty(v))),
	)
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
			if s := max(m.GetInt64("size"), m.GetInt64("meta", "size")); s > 0 { // Ollama's; llama.cpp's meta
				size = byteSize(int(s))
			}
			return app.Tr().Body(app.Td().Body(app.Code().Text(id)), app.Td().Text(owner), app.Td().Text(size))
		})),
	)
}
