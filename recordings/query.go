package recordings

import (
	"net/url"
	"strings"
)

// QueryParam is a parameter of the recorded URL's query: its name and
// its value, each percent-decoded as text ("+" a space).
type QueryParam struct {
	Name, Value string
}

// Query lists the parameters of the recorded URL's query in the URL's
// order, a name given twice listed twice: the part after "?" up to a
// "#", split at "&" (";" is no separator, as net/url reads a query since
// Go 1.17), each "name=value" decoded as a form's (url.QueryUnescape), a
// part without "=" a name with an empty value, a part that does not
// decode kept as recorded, an empty part skipped. nil when the URL has
// no query.
//
// A request sent by GET is often its query alone (a search's q, a
// list's limit and order), and a request with a body may say in its
// query how it is answered (Gemini's alt=sse, Anthropic's beta, Azure
// OpenAI's api-version).
func (r *Recording) Query() []QueryParam {
	_, q, ok := strings.Cut(r.URL, "?")
	if !ok {
		return nil
	}
	q, _, _ = strings.Cut(q, "#")
	var ps []QueryParam
	for part := range strings.SplitSeq(q, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		ps = append(ps, QueryParam{unescapeQuery(name), unescapeQuery(value)})
	}
	return ps
}

// unescapeQuery is s decoded as a form's query part, or s as recorded
// when it does not decode (a "%" not followed by two hex digits).
func unescapeQuery(s string) string {
	if d, err := url.QueryUnescape(s); err == nil {
		return d
	}
	return s
}
