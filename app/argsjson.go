package app

import (
	"strconv"

	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings/diff"
	"github.com/valyala/fastjson"
)

// argsHTML writes a tool call's parsed arguments as indented JSON, as
// HTML: a member whose path (diff.KeyPath, diff.IndexPath: "flight.date")
// is in marked is marked (<mark>, what differs from the other side), or
// all of them when marked holds ""; a string member that holds a JSON
// object or array is written as that JSON, noted "JSON text"; one that
// looks like JSON but does not parse is flagged on its line, as recorded.
// Arguments longer than maxShownText are shown indented as text, cut
// with a note, unmarked.
func argsHTML(v *fastjson.Value, marked map[string]bool) string {
	var w htmlw.Writer
	if len(v.MarshalTo(nil)) > maxShownText {
		preHTML(&w, "json", string(jsonx.Pretty(v)))
		return w.String()
	}
	w.Raw(`<pre class="json args" data-testid="tool-args">`)
	writeArg(&w, v, "", "", 0, marked, false)
	w.Raw(`</pre>`)
	return w.String()
}

// writeArg writes v, the member key (or "" for an element or the top),
// at path and depth; inMark is true inside a marked value, which marks
// nothing again.
func writeArg(w *htmlw.Writer, v *fastjson.Value, key, path string, depth int, marked map[string]bool, inMark bool) {
	mark := !inMark && (marked[""] || path != "" && marked[path])
	inMark = inMark || mark
	if mark {
		w.Raw(`<mark class="arg-differs">`)
	}
	indent := func(d int) {
		for range d {
			w.Raw("  ")
		}
	}
	indent(depth)
	if key != "" {
		w.Text(string(jsonx.AppendQuote(nil, []byte(key))))
		w.Raw(": ")
	}
	switch v.Type() {
	case fastjson.TypeObject:
		o := v.GetObject()
		if o.Len() == 0 {
			w.Raw("{}")
			break
		}
		w.Raw("{\n")
		i := 0
		o.Visit(func(k []byte, x *fastjson.Value) {
			writeArg(w, x, string(k), diff.KeyPath(path, string(k)), depth+1, marked, inMark)
			if i++; i < o.Len() {
				w.Raw(",")
			}
			w.Raw("\n")
		})
		indent(depth)
		w.Raw("}")
	case fastjson.TypeArray:
		xs := v.GetArray()
		if len(xs) == 0 {
			w.Raw("[]")
			break
		}
		w.Raw("[\n")
		for i, x := range xs {
			writeArg(w, x, "", diff.IndexPath(path, i), depth+1, marked, inMark)
			if i < len(xs)-1 {
				w.Raw(",")
			}
			w.Raw("\n")
		}
		indent(depth)
		w.Raw("]")
	case fastjson.TypeString:
		s := v.GetStringBytes()
		if !looksJSON(s) {
			w.Text(string(jsonx.AppendQuote(nil, s)))
			break
		}
		var p fastjson.Parser
		inner, err := p.ParseBytes(s)
		if err != nil {
			w.Raw(`<span class="warn">JSON text, not valid JSON: </span><span class="invalid" data-testid="arg-invalid" title="`)
			w.Text(err.Error())
			w.Raw(`">`)
			w.Text(string(jsonx.AppendQuote(nil, s)))
			w.Raw(`</span>`)
			break
		}
		w.Raw(`<span class="muted">JSON text </span>`)
		// The text's own JSON, indented from here; its members' paths go
		// on from this member's, as diff compares them.
		var inner2 htmlw.Writer
		writeArg(&inner2, inner, "", path, depth, marked, inMark)
		w.Raw(trimIndent(inner2.String(), depth))
	default:
		w.Text(string(v.MarshalTo(nil)))
	}
	if mark {
		w.Raw(`</mark>`)
	}
}

// trimIndent drops the first line's indent of depth levels (writeArg
// writes one before every value).
func trimIndent(s string, depth int) string {
	for range depth {
		if len(s) >= 2 && s[:2] == "  " {
			s = s[2:]
		}
	}
	return s
}

// callMarks is the set of argument paths of call label of choice that
// differ from the other side (pageworker.Comparison.Calls), nil when
// none does.
func (m answerMarks) callMarks(choice int, label string) map[string]bool {
	paths, ok := m.calls[strconv.Itoa(choice)+"/"+label]
	if !ok {
		return nil
	}
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[p] = true
	}
	return set
}
