package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// pairAsked is what a comparison's test asked, read from the head's
// (B's) recording: the test (its name, the file it is in), endpoint and
// model; the parameters, those whose value the base's request does not
// share marked with the base's value; the tools by name; the system
// prompt folded, as plain text; and the asked message: the last user
// message (a completion's prompt, a rerank's query), or an embeddings
// request's inputs. When the base asked in other words, its message is
// shown too, each under its side's label. The request's every field is
// in each side's full view (Open base, Open head).
type pairAsked struct {
	app.Compo

	Ibase, Ihead *openDoc  // the comparison's two sides (A and B)
	Ilabels      [2]string // what the page calls the sides: "base" and "head", "A" and "B"

	raw map[askedKey]bool // cards shown raw instead of Markdown
}

// askedKey names an asked card: its side's document and its place.
type askedKey struct {
	doc *openDoc
	i   int
}

// Render draws the panel: its head written as HTML by hand (askedHTML,
// for app.wasm's size), the asked messages as cards (Markdown).
func (p *pairAsked) Render() app.UI {
	return app.Section().Class("panel pair-asked").DataSet("testid", "pair-asked").Attr("aria-label", "What was asked").Body(
		app.Raw(askedHTML(p.Ihead, p.Ibase, p.Ilabels[0])),
		p.askedMessages(),
	)
}

// askedHTML is the head of the asked panel: the test, the endpoint and
// model, the parameters but model (those whose value other's request
// does not share marked, with other's value under label, the base's
// side), the tools by name, the system prompt (system and developer
// messages) folded, as plain text.
func askedHTML(doc, other *openDoc, label string) string {
	var w htmlw.Writer
	c := &doc.conv
	file, name := splitTestID(doc.rec.TestID)
	model := paramValue(c.Params, "model")
	if m, err := strconv.Unquote(model); err == nil {
		model = m
	}
	w.Raw(`<div><h2>Asked</h2><p class="pair-test">`)
	if name != "" {
		w.Raw(`<strong data-testid="pair-test">`)
		w.Text(name)
		w.Raw(`</strong>`)
	} else {
		w.Raw(`<span class="muted">No test_id in this recording.</span>`)
	}
	if file != "" {
		w.Raw(`<span class="muted"> in `)
		w.Text(file)
		w.Raw(`</span>`)
	}
	w.Raw(`</p><p class="muted pair-call">`)
	w.Text(strings.Join(slices.DeleteFunc([]string{doc.rec.Endpoint, model}, func(s string) bool { return s == "" }), " · "))
	w.Raw(`</p>`)
	listed := false
	for _, q := range c.Params {
		if q.Name == "model" {
			continue
		}
		if !listed {
			w.Raw(`<dl class="params pair-params" data-testid="pair-params">`)
			listed = true
		}
		was := paramValue(other.conv.Params, q.Name)
		changed := was != q.Value
		w.Raw(`<div`, iff(changed, ` data-changed="true"`, ""), `><dt>`)
		w.Text(q.Name)
		w.Raw(`</dt><dd`)
		if changed {
			w.Raw(` class="changed" title="`)
			w.Text(label + ": " + clip(iff(was == "", "(not set)", was), 300))
			w.Raw(`"`)
		}
		w.Raw(`><code>`)
		w.Text(clip(q.Value, 120))
		w.Raw(`</code>`)
		if changed {
			w.Raw(`<span class="muted"> (`)
			w.Text(label + ": " + clip(iff(was == "", "not set", was), 60))
			w.Raw(`)</span>`)
		}
		w.Raw(`</dd></div>`)
	}
	if listed {
		w.Raw(`</dl>`)
	}
	if len(c.Tools) > 0 {
		// Each tool by name, its parameters' schema (or a built-in tool's
		// settings) unfolding under it.
		w.Raw(`<div class="pair-tools" data-testid="pair-tools"><span class="muted">`, plural(len(c.Tools), "tool"), `: </span>`)
		for _, t := range c.Tools {
			def := t.Parameters
			if t.BuiltIn {
				def = t.Def
			}
			w.Raw(`<details class="pair-tool" data-testid="pair-tool"><summary><code>`)
			w.Text(t.Name)
			w.Raw(`</code></summary>`)
			if t.Description != "" {
				w.Raw(`<p class="muted">`)
				w.Text(clip(t.Description, 300))
				w.Raw(`</p>`)
			}
			if def != nil {
				w.Raw(`<pre class="json">`)
				w.Text(clip(string(jsonx.Pretty(def)), maxShownText))
				w.Raw(`</pre>`)
			}
			w.Raw(`</details>`)
		}
		w.Raw(`</div>`)
	}
	var system []string
	for _, m := range c.Messages {
		if m.Role == "system" || m.Role == "developer" {
			system = append(system, m.Text())
		}
	}
	if len(system) > 0 {
		w.Raw(`<details class="pair-system"><summary>System prompt</summary><pre class="text">`)
		w.Text(clip(strings.Join(system, "\n\n"), maxShownText))
		w.Raw(`</pre></details>`)
	}
	w.Raw(`</div>`)
	return w.String()
}

// askedMessages draws the head's asked message (recordings.Asked) as cards; when
// the base asked in other words, each card says its side (Ilabels: the
// base's, then the head's) and the base's cards follow.
func (p *pairAsked) askedMessages() app.UI {
	asked, more := recordings.Asked(p.Ihead.conv.Messages)
	if len(asked) == 0 {
		return app.P().Class("muted").Text("No message in the request: its parameters are all it asks.")
	}
	theirs, theirMore := recordings.Asked(p.Ibase.conv.Messages)
	if sameTexts(asked, theirs) {
		return app.Div().Class("pair-messages").Body(p.askedCards(p.Ihead, asked, more, "")...)
	}
	return app.Div().Class("pair-messages").Body(append(p.askedCards(p.Ihead, asked, more, p.Ilabels[1]),
		p.askedCards(p.Ibase, theirs, theirMore, p.Ilabels[0])...)...)
}

// askedCards are the cards of doc's asked messages, each role under
// label, each with its Raw toggle, and how many more there are.
func (p *pairAsked) askedCards(doc *openDoc, asked []recordings.Message, more int, label string) []app.UI {
	cards := make([]app.UI, 0, len(asked)+1)
	for i, m := range asked {
		k := askedKey{doc, i}
		raw := p.raw[k]
		cards = append(cards, app.Div().Class("msg role-"+m.Role).DataSet("testid", "asked-message").DataSet("role", m.Role).Body(
			app.Div().Class("msg-head").Body(app.Span().Class("role").Text(strings.TrimSpace(label+" "+m.Role)),
				rawToggle(raw, func() {
					if p.raw == nil {
						p.raw = map[askedKey]bool{}
					}
					p.raw[k] = !raw
				})),
			app.Range(m.Parts).Slice(func(j int) app.UI { return renderPart(m.Parts[j], raw, false) }),
		))
	}
	if more > 0 {
		cards = append(cards, app.P().Class("muted").Text("and "+plural(more, "more input")))
	}
	return cards
}

// sameTexts reports whether a and b hold the same texts, in order.
func sameTexts(a, b []recordings.Message) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text() != b[i].Text() {
			return false
		}
	}
	return true
}

// splitTestID splits a pytest node id into its file and the test's name
// with its parameters ("tests/x.py::test_y[p]" → "tests/x.py",
// "test_y[p]"); an id without "::" is all name.
func splitTestID(id string) (file, name string) {
	if f, n, ok := strings.Cut(id, "::"); ok {
		return f, n
	}
	return "", id
}

// paramValue is the value of parameter name, "" when ps has none.
func paramValue(ps []recordings.Param, name string) string {
	for _, q := range ps {
		if q.Name == name {
			return q.Value
		}
	}
	return ""
}
