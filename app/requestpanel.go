package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// requestPanel shows a recording's request: parameters, tool definitions
// (collapsible, parameters as a table), then the messages as cards by
// role, each with its own raw toggle. It depends on the recording only,
// so stepping through the stream never renders it again.
type requestPanel struct {
	app.Compo

	Idoc *openDoc

	raw map[msgKey]bool // messages shown raw instead of Markdown
}

// msgKey names a message card of a recording for its raw toggle.
type msgKey struct {
	doc *openDoc
	i   int
}

// Doc sets the recording shown.
func (p *requestPanel) Doc(d *openDoc) *requestPanel { p.Idoc = d; return p }

// Render draws the panel.
func (p *requestPanel) Render() app.UI {
	c := p.Idoc.conv
	return app.Section().Class("panel request").Attr("aria-label", "Request").Body(
		app.H2().Text("Request"),
		app.If(len(c.Params) > 0, func() app.UI {
			return app.Dl().Class("params").Body(
				app.Range(c.Params).Slice(func(i int) app.UI {
					return app.Div().Body(app.Dt().Text(c.Params[i].Name), app.Dd().Body(app.Code().Text(clip(c.Params[i].Value, 300))))
				}),
			)
		}),
		app.If(len(c.Tools) > 0, func() app.UI {
			return app.Details().Class("tools").Body(
				app.Summary().Text(plural(len(c.Tools), "tool")+": "+toolNames(c.Tools)),
				app.Range(c.Tools).Slice(func(i int) app.UI { return renderTool(c.Tools[i]) }),
			)
		}),
		app.Range(c.Messages).Slice(p.renderMessage),
	)
}

// flip switches message i between raw text and Markdown.
func (p *requestPanel) flip(i int) {
	if p.raw == nil {
		p.raw = map[msgKey]bool{}
	}
	k := msgKey{p.Idoc, i}
	p.raw[k] = !p.raw[k]
}

// renderMessage draws request message i as a card.
func (p *requestPanel) renderMessage(i int) app.UI {
	m := p.Idoc.conv.Messages[i]
	raw := p.raw[msgKey{p.Idoc, i}]
	return app.Div().Class("msg role-"+m.Role).DataSet("testid", "message").DataSet("role", m.Role).Body(
		app.Div().Class("msg-head").Body(
			app.Span().Class("role").Text(m.Role),
			app.If(m.Name != "", func() app.UI { return app.Span().Class("name").Text(m.Name) }),
			app.If(m.CallID != "", func() app.UI {
				return app.Button().Class("link call-id").Text("answers "+m.CallID).Title("Show the tool call").
					DataSet("call", m.CallID).OnClick(onCallLink)
			}),
			rawToggle(raw, func() { p.flip(i) }),
		),
		app.Range(m.Parts).Slice(func(j int) app.UI { return renderPart(m.Parts[j], raw, false) }),
	)
}

// onCallLink scrolls to the tool call a tool result answers, named by the
// button's data-call (read when clicked: go-app keeps the first handler
// bound to a button, so a captured id would go stale).
func onCallLink(ctx app.Context, e app.Event) {
	scrollToCall(browser.Src(ctx).Data("call"))
}

func toolNames(ts []recordings.Tool) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += t.Name
	}
	return s
}

// renderTool shows a tool definition with its parameters as a table.
func renderTool(t recordings.Tool) app.UI {
	props := t.Parameters.GetObject("properties")
	required := map[string]bool{}
	for _, r := range t.Parameters.GetArray("required") {
		required[string(r.GetStringBytes())] = true
	}
	type row struct{ name, typ, desc string }
	var rows []row
	props.Visit(func(k []byte, p *fastjson.Value) {
		typ := string(p.GetStringBytes("type"))
		if typ == "" {
			typ = string(jsonx.Compact(p.Get("type")))
		}
		if required[string(k)] {
			typ += " · required"
		}
		rows = append(rows, row{string(k), typ, string(p.GetStringBytes("description"))})
	})
	return app.Div().Class("tool").DataSet("testid", "tool").DataSet("name", t.Name).Body(
		app.H3().Body(app.Code().Text(t.Name), app.If(t.BuiltIn, func() app.UI { return app.Span().Class("muted small").Text(" built-in tool") })),
		app.If(t.Description != "", func() app.UI { return app.P().Text(t.Description) }),
		app.If(len(rows) > 0, func() app.UI {
			return app.Table().Body(
				app.THead().Body(app.Tr().Body(app.Th().Text("parameter"), app.Th().Text("type"), app.Th().Text("description"))),
				app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
					return app.Tr().Body(app.Td().Body(app.Code().Text(rows[i].name)), app.Td().Text(rows[i].typ), app.Td().Text(rows[i].desc))
				})),
			)
		}),
		app.If(t.BuiltIn, func() app.UI {
			// Its settings: the definition as recorded.
			return renderText("json", string(jsonx.Pretty(t.Def)))
		}).ElseIf(t.Parameters != nil, func() app.UI {
			// The whole schema: nested objects, enums, formats.
			return app.Details().Class("schema").Body(app.Summary().Text("JSON schema"),
				renderText("json", string(jsonx.Pretty(t.Parameters))))
		}),
	)
}
