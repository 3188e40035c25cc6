package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/htmlw"
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
	c, query := p.Idoc.conv, p.Idoc.rec.Query()
	return app.Section().Class("panel request").Attr("aria-label", "Request").Body(
		app.H2().Text("Request"),
		app.If(len(query) > 0, func() app.UI {
			return app.Dl().Class("params query").DataSet("testid", "query").Attr("aria-label", "The URL's query").Body(
				app.Range(query).Slice(func(i int) app.UI {
					return app.Div().Body(app.Dt().Text("?"+query[i].Name), app.Dd().Body(app.Code().Text(query[i].Value)))
				}),
			)
		}),
		app.If(len(c.Params) > 0, func() app.UI {
			return app.Dl().Class("params").Body(
				app.Range(c.Params).Slice(func(i int) app.UI {
					return app.Div().Body(app.Dt().Text(c.Params[i].Name), app.Dd().Body(renderParamValue(c.Params[i].Value)))
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
		app.If(c.Empty(), func() app.UI {
			return app.P().Class("muted").DataSet("testid", "no-body").Text("No body: the request is its method and URL.")
		}),
	)
}

// maxParamInline is the longest parameter value shown on its line;
// a longer one (a response_format's JSON schema) folds.
const maxParamInline = 300

// renderParamValue draws a parameter's value (compact JSON): on its
// line, or folded when longer than maxParamInline (foldedJSON).
func renderParamValue(v string) app.UI {
	if len(v) <= maxParamInline {
		return app.Code().Text(v)
	}
	return foldedJSON(v, "param-long")
}

// foldedJSON draws v, a JSON text too long for its place, folded: its
// start as the summary, the whole of it indented inside (as text when
// it does not parse); testid names the element.
func foldedJSON(v, testid string) app.UI {
	whole := v
	if parsed, err := fastjson.Parse(v); err == nil {
		whole = string(jsonx.Pretty(parsed))
	}
	return app.Details().Class("long-value").DataSet("testid", testid).Body(
		app.Summary().Body(app.Code().Text(clip(v, 120))),
		renderText("json", whole),
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
		app.If(len(m.Other) > 0, func() app.UI { return app.Raw(otherMembersHTML("message", m.Other, nil)) }),
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

// renderTool shows a tool definition (toolHTML).
func renderTool(t recordings.Tool) app.UI { return app.Raw(toolHTML(t)) }

// toolHTML writes a tool definition as HTML: its name, its description,
// its parameters as a table (name, type, required, description), and,
// folded, its whole JSON schema; a built-in tool's settings, as
// recorded.
func toolHTML(t recordings.Tool) string {
	var w htmlw.Writer
	w.Raw(`<div class="tool" data-testid="tool" data-name="`)
	w.Text(t.Name)
	w.Raw(`"><h3><code>`)
	w.Text(t.Name)
	w.Raw(`</code>`)
	if t.BuiltIn {
		w.Raw(`<span class="muted small"> built-in tool</span>`)
	}
	w.Raw(`</h3>`)
	if t.Description != "" {
		w.Raw(`<p>`)
		w.Text(t.Description)
		w.Raw(`</p>`)
	}
	required := map[string]bool{}
	for _, r := range t.Parameters.GetArray("required") {
		required[string(r.GetStringBytes())] = true
	}
	rows := 0
	t.Parameters.GetObject("properties").Visit(func(k []byte, p *fastjson.Value) {
		if rows == 0 {
			w.Raw(`<table><thead><tr><th>parameter</th><th>type</th><th>description</th></tr></thead><tbody>`)
		}
		rows++
		typ := string(p.GetStringBytes("type"))
		if typ == "" {
			typ = string(jsonx.Compact(p.Get("type")))
		}
		if required[string(k)] {
			typ += " · required"
		}
		w.Raw(`<tr><td><code>`)
		w.Text(string(k))
		w.Raw(`</code></td><td>`)
		w.Text(typ)
		w.Raw(`</td><td>`)
		w.Text(string(p.GetStringBytes("description")))
		w.Raw(`</td></tr>`)
	})
	if rows > 0 {
		w.Raw(`</tbody></table>`)
	}
	switch {
	case t.BuiltIn:
		preHTML(&w, "json", string(jsonx.Pretty(t.Def)))
	case t.Parameters != nil:
		// The whole schema: nested objects, enums, formats.
		w.Raw(`<details class="schema"><summary>JSON schema</summary>`)
		preHTML(&w, "json", string(jsonx.Pretty(t.Parameters)))
		w.Raw(`</details>`)
	}
	w.Raw(`</div>`)
	return w.String()
}
