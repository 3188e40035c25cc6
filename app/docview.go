package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// renderDoc shows one recording: header, step bar, request and response
// side by side, or the raw file.
func (v *Viewer) renderDoc(d *openDoc) app.UI {
	r := d.rec
	return app.Article().Class("recording").Body(
		app.Header().Class("rec-head").Body(
			app.H1().DataSet("testid", "recording-title").Text(d.name),
			app.Div().Class("meta").Body(
				app.Span().Class("chip family").Text(r.Family.Title()),
				app.If(r.Endpoint != "", func() app.UI {
					return app.Code().Class("chip").Text(strings.TrimSpace(r.Method + " " + r.Endpoint))
				}),
				app.If(r.Model != "", func() app.UI { return app.Span().Class("chip").Text(r.Model) }),
				app.Span().Class("chip").Text(streamLabel(d)),
				hashBadge(d.hash),
			),
			app.If(r.HasTestID, func() app.UI {
				return app.Div().Class("test-id").Body(
					app.Span().Class("label").Text("test_id"),
					app.Code().Text(r.TestID),
					app.Button().Class("link").Text("Copy").Attr("aria-label", "Copy the test_id").
						OnClick(func(ctx app.Context, e app.Event) {
							app.Window().Get("navigator").Get("clipboard").Call("writeText", r.TestID)
						}),
				)
			}),
			app.If(r.Unknown, func() app.UI { return app.P().Class("notice").Text(r.Notice) }),
			app.If(d.asmErr != nil, func() app.UI {
				return app.P().Class("notice").Text(fmt.Sprint(d.asmErr))
			}),
			app.Nav().Class("tabs").Attr("role", "tablist").Body(
				v.tabButton("view", "Recording"),
				v.tabButton("raw", "Raw JSON"),
			),
		),
		app.If(v.tab == "raw", func() app.UI { return renderRaw(d) }).Else(func() app.UI {
			return app.Div().Body(
				app.If(d.stepper != nil, func() app.UI { return v.renderStepBar(d) }),
				app.Div().Class("columns").Body(
					v.renderRequest(d),
					v.renderResponse(d),
				),
			)
		}),
	)
}

func (v *Viewer) tabButton(id, label string) app.UI {
	return app.Button().Class("tab").Class(map[bool]string{true: "active"}[v.tab == id]).
		Attr("role", "tab").Attr("aria-selected", fmt.Sprint(v.tab == id)).Text(label).
		OnClick(func(ctx app.Context, e app.Event) { v.tab = id })
}

func streamLabel(d *openDoc) string {
	switch {
	case d.rec.Exception != nil:
		return "exception"
	case d.rec.Streaming:
		return "stream · " + plural(len(d.rec.Chunks), "chunk")
	}
	return "not streamed"
}

func hashBadge(h recordings.HashCheck) app.UI {
	status := h.Status.String()
	text, title := "hash "+status, ""
	switch h.Status {
	case recordings.HashOK:
		text = "hash ok · " + h.Scheme
		title = "The file name is the recorder's hash of this request (" + h.Scheme + " scheme)."
	case recordings.HashMismatch:
		text = "hash mismatch"
		title = "The request no longer hashes to the file name."
		if h.ExpectedName != "" {
			title += " The recorder would name it " + h.ExpectedName + " (" + h.Scheme + " scheme)."
		}
		if h.Note != "" {
			title += " " + h.Note
		}
	default:
		title = "The file name holds no request hash."
	}
	return app.Span().Class("badge hash-"+status).DataSet("testid", "hash-status").DataSet("status", status).
		Title(title).Text(text)
}

// renderRaw shows the whole file as indented JSON, folded by top-level key
// and, for lists such as a stream's chunks, by element. Folds are <details>
// elements, which the browser's find-in-page opens on a match.
func renderRaw(d *openDoc) app.UI {
	var sections []app.UI
	d.rec.Doc.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		sections = append(sections, rawFold(string(k), v, 0))
	})
	return app.Section().Class("raw").Body(
		app.P().Class("muted").Text("Folded by key; the browser's find (Ctrl/Cmd+F) opens the folds it matches in."),
		app.Div().Body(sections...),
	)
}

// rawFold renders one key's value: objects and lists fold into their
// members down to two levels, then print as JSON.
func rawFold(key string, v *fastjson.Value, depth int) app.UI {
	var kids []app.UI
	switch {
	case depth < 2 && v.Type() == fastjson.TypeObject:
		v.GetObject().Visit(func(k []byte, x *fastjson.Value) { kids = append(kids, rawFold(string(k), x, depth+1)) })
	case depth < 2 && v.Type() == fastjson.TypeArray && len(v.GetArray()) > 1:
		for i, x := range v.GetArray() {
			kids = append(kids, rawFold(fmt.Sprintf("[%d]", i), x, depth+1))
		}
	default:
		return app.Details().Class("fold").Open(depth == 0 || len(recordings.JSON(v)) < 400).Body(
			app.Summary().Body(app.Code().Text(key)),
			app.Pre().Class("json").Text(string(recordings.PrettyJSON(v))),
		)
	}
	return app.Details().Class("fold").Open(depth < 1).Body(
		app.Summary().Body(app.Code().Text(key), app.Span().Class("muted").Text(foldSummary(v))),
		app.Div().Class("fold-body").Body(kids...),
	)
}

func foldSummary(v *fastjson.Value) string {
	if v.Type() == fastjson.TypeArray {
		return fmt.Sprintf(" [%d]", len(v.GetArray()))
	}
	return fmt.Sprintf(" {%d}", v.GetObject().Len())
}
