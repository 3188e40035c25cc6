package replay

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// Normalizations names what compareRequests undoes beyond the recorder's
// own normalization before it calls two requests the same: the
// differences ogx-ai/ogx#5252 (closed unmerged) found between the 19 to 22
// recordings of one test's semantically identical requests. A group whose
// requests differ only in these has RequestGroup.OnlyMissed set.
var Normalizations = []string{
	"max_tokens null or 0 left out",
	`tool_choice null or "auto" left out`,
	`a content list of text parts read as their text ([{"type": "text", "text": "X"}] is "X")`,
	"tool call ids (call_..., toolu_..., fc_...) replaced by a placeholder",
}

var toolCallIDRe = regexp.MustCompile(`^(?:call|toolu|fc)_[A-Za-z0-9_-]+$`)

// compareRequests returns the body paths whose values differ between the
// requests of es, as the current scheme normalizes them (most often
// differing first, indices as "[]"), and whether they are all the same
// once Normalizations are applied too. It returns nil when a file cannot
// be read or hashed.
func compareRequests(es []*Entry, read func(string) ([]byte, error)) (fields []string, onlyMissed bool) {
	plain := make([]map[string]string, len(es))
	canon := make([]map[string]string, len(es))
	var p fastjson.Parser
	for i, e := range es {
		data, err := read(e.Path)
		if err != nil {
			return nil, false
		}
		doc, err := p.ParseBytes(data)
		if err != nil {
			return nil, false
		}
		ins, err := reqhash.ForRequest(doc)
		if err != nil {
			return nil, false
		}
		v, err := p.Parse(ins[0].Canonical) // the shape's current scheme comes first
		if err != nil {
			return nil, false
		}
		body := v.Get("body")
		if body == nil {
			body = cmp.Or(v.Get("payload"), v.Get("kwargs"))
		}
		plain[i], canon[i] = map[string]string{}, map[string]string{}
		flatten(body, "", plain[i], false)
		flatten(body, "", canon[i], true)
	}
	differ := func(ms []map[string]string) map[string]int {
		out := map[string]int{}
		keys := map[string]bool{}
		for _, m := range ms {
			for k := range m {
				keys[k] = true
			}
		}
		for k := range keys {
			v, ok := ms[0][k]
			for _, m := range ms[1:] {
				if w, has := m[k]; has != ok || w != v {
					out[generalize(k)]++
					break
				}
			}
		}
		return out
	}
	raw := differ(plain)
	for f := range raw {
		fields = append(fields, f)
	}
	slices.SortFunc(fields, func(a, b string) int { return cmp.Or(cmp.Compare(raw[b], raw[a]), strings.Compare(a, b)) })
	return fields, len(fields) > 0 && len(differ(canon)) == 0
}

// flatten puts every leaf of v (scalars, empty arrays and objects) in out
// under its path ("messages[2].content"), valued by its JSON text; with
// canon, Normalizations are applied on the way.
func flatten(v *fastjson.Value, at string, out map[string]string, canon bool) {
	switch v.Type() {
	case fastjson.TypeObject:
		o, _ := v.Object()
		if o.Len() == 0 {
			out[at] = "{}"
		}
		o.Visit(func(k []byte, x *fastjson.Value) {
			key := string(k)
			sub := key
			if at != "" {
				sub = at + "." + key
			}
			if canon && at == "" && dropped(key, x) {
				return
			}
			if canon && key == "content" {
				if s, ok := textParts(x); ok {
					out[sub] = strconv.Quote(s)
					return
				}
			}
			flatten(x, sub, out, canon)
		})
	case fastjson.TypeArray:
		a, _ := v.Array()
		if len(a) == 0 {
			out[at] = "[]"
		}
		for i, x := range a {
			flatten(x, at+"["+strconv.Itoa(i)+"]", out, canon)
		}
	case fastjson.TypeString:
		if canon && toolCallIDRe.Match(v.GetStringBytes()) {
			out[at] = `"call_*"`
			return
		}
		out[at] = string(v.MarshalTo(nil))
	default:
		out[at] = string(v.MarshalTo(nil))
	}
}

// dropped reports a root key Normalizations leave out.
func dropped(key string, v *fastjson.Value) bool {
	switch key {
	case "max_tokens":
		return v.Type() == fastjson.TypeNull || v.Type() == fastjson.TypeNumber && v.GetFloat64() == 0
	case "tool_choice":
		return v.Type() == fastjson.TypeNull || string(v.GetStringBytes()) == "auto"
	}
	return false
}

// textParts returns the text of a content list made only of text parts.
func textParts(v *fastjson.Value) (string, bool) {
	a, err := v.Array()
	if err != nil || len(a) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, p := range a {
		if string(p.GetStringBytes("type")) != "text" || p.Get("text") == nil || p.Get("text").Type() != fastjson.TypeString {
			return "", false
		}
		b.Write(p.GetStringBytes("text"))
	}
	return b.String(), true
}

var indexRe = regexp.MustCompile(`\[\d+\]`)

// generalize writes a path's array indices as "[]".
func generalize(p string) string { return indexRe.ReplaceAllString(p, "[]") }
