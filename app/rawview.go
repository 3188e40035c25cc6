package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// rawView shows the whole file as indented JSON, folded by top-level key
// and, for lists such as a stream's chunks, by element. Folds are <details>
// elements, which the browser's find-in-page opens on a match. Its only
// prop is the recording, so stepping or other state changes of the page
// never render it again.
type rawView struct {
	app.Compo

	Idoc *openDoc
}

// Doc sets the recording shown.
func (r *rawView) Doc(d *openDoc) *rawView { r.Idoc = d; return r }

// Render draws the folds.
func (r *rawView) Render() app.UI {
	var sections []app.UI
	rec := r.Idoc.rec
	r.Idoc.rec.Doc.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) == "response" && chunksOutside(rec, v) {
			sections = append(sections, rawResponse(v, rec.Chunks))
			return
		}
		sections = append(sections, rawFold(string(k), v, 0))
	})
	return app.Section().Class("raw").Body(
		app.P().Class("muted").Text("Folded by key; the browser's find (Ctrl/Cmd+F) opens the folds it matches in."),
		app.Div().Body(sections...),
	)
}

// maxRawItems is the most elements of a list the Raw JSON tab folds out:
// a stream of tens of thousands of chunks drawn whole would freeze the
// page.
const maxRawItems = 2000

// rawFold renders one key's value: objects and lists fold into their
// members down to two levels, then print as JSON.
func rawFold(key string, v *fastjson.Value, depth int) app.UI {
	var kids []app.UI
	switch {
	case depth < 2 && v.Type() == fastjson.TypeObject:
		v.GetObject().Visit(func(k []byte, x *fastjson.Value) { kids = append(kids, rawFold(string(k), x, depth+1)) })
	case depth < 2 && v.Type() == fastjson.TypeArray && len(v.GetArray()) > 1:
		items := v.GetArray()
		return rawList(key, len(items), func(i int) *fastjson.Value { return items[i] }, depth)
	default:
		return app.Details().Class("fold").Open(depth == 0 || len(jsonx.Compact(v)) < 400).Body(
			app.Summary().Body(app.Code().Text(key)),
			renderText("json", string(jsonx.Pretty(v))),
		)
	}
	return app.Details().Class("fold").Open(depth < 1).Body(
		app.Summary().Body(app.Code().Text(key), app.Span().Class("muted").Text(foldSummary(v))),
		app.Div().Class("fold-body").Body(kids...),
	)
}

// rawList renders a list of n elements, item(i) giving element i, folded
// out element by element up to maxRawItems.
func rawList(key string, n int, item func(i int) *fastjson.Value, depth int) app.UI {
	var kids []app.UI
	for i := range min(n, maxRawItems) {
		kids = append(kids, rawFold(fmt.Sprintf("[%d]", i), item(i), depth+1))
	}
	if n > maxRawItems {
		kids = append(kids, app.P().Class("muted clip-note").Text(fmt.Sprintf(
			"… %d more elements not shown here (%d in all): the step bar shows any chunk, and recview show FILE prints them all.",
			n-maxRawItems, n)))
	}
	return app.Details().Class("fold").Open(depth < 1).Body(
		app.Summary().Body(app.Code().Text(key), app.Span().Class("muted").Text(fmt.Sprintf(" [%d]", n))),
		app.Div().Class("fold-body").Body(kids...),
	)
}

// chunksOutside reports whether the stream's chunks are kept out of the
// document's response object resp: a stream recordings.ParseInSlices
// decoded has an empty body there, its elements being the chunks'.
func chunksOutside(rec *recordings.Recording, resp *fastjson.Value) bool {
	body := resp.Get("body")
	return len(rec.Chunks) > 0 && rec.Chunks[0].Event == "" && body != nil &&
		body.Type() == fastjson.TypeArray && len(body.GetArray()) == 0
}

// rawResponse renders the response object of a stream whose chunks are
// kept out of the document, its body listed from the chunks.
func rawResponse(resp *fastjson.Value, chunks []recordings.Chunk) app.UI {
	var kids []app.UI
	resp.GetObject().Visit(func(k []byte, x *fastjson.Value) {
		if string(k) == "body" {
			kids = append(kids, rawList("body", len(chunks), func(i int) *fastjson.Value { return chunks[i].Element() }, 1))
			return
		}
		kids = append(kids, rawFold(string(k), x, 1))
	})
	return app.Details().Class("fold").Open(true).Body(
		app.Summary().Body(app.Code().Text("response"), app.Span().Class("muted").Text(foldSummary(resp))),
		app.Div().Class("fold-body").Body(kids...),
	)
}

func foldSummary(v *fastjson.Value) string {
	if v.Type() == fastjson.TypeArray {
		return fmt.Sprintf(" [%d]", len(v.GetArray()))
	}
	return fmt.Sprintf(" {%d}", v.GetObject().Len())
}
