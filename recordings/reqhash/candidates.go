package reqhash

import (
	"encoding/hex"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/valyala/fastjson"
)

// modelListPaths are the paths the recorder treats as shared model-list
// endpoints: no test_id in their hash, digest in their file name.
var modelListPaths = []string{"/api/tags", "/v1/models", "/v1/openai/v1/models"}

// isString reports whether v is a JSON string; v may be nil.
func isString(v *fastjson.Value) bool { return v != nil && v.Type() == fastjson.TypeString }

// candidates returns the hash schemes that fit the request's shape, in
// the order Verify tries them (see Verify), setting c.Note (and
// c.ModelList, c.Digest for model lists) on the way. unhashable reports a
// file-processor request, whose scheme is not known. short says the file
// name has 12 hex digits.
func candidates(doc, req *fastjson.Value, c *Check, short bool) (cands []hashCandidate, unhashable bool) {
	switch {
	case req.Exists("payload"):
		return httpCandidates(req, c), false
	case req.Exists("tool_name"):
		return toolCandidates(req, c), false
	case req.Exists("file_id") && req.Exists("api"):
		c.Note = "file-processor recordings have no known request-hash scheme"
		return nil, true
	case req.Exists("body") && req.Exists("url"):
		return inferenceCandidates(doc, req, c, short), false
	}
	c.Note = "request has none of the shapes the recorder writes"
	return nil, false
}

// hashCandidate is one scheme's serialized hash input, hashed on demand. The
// primary candidate (else the first) is the one a mismatch reports.
type hashCandidate struct {
	scheme  string
	input   func() []byte
	sum     string
	primary bool
	// known, when not nil, returns the hash when another candidate's
	// input was found to be this one's, else "".
	known func() string
}

func (c *hashCandidate) hash() string {
	if c.sum == "" && c.known != nil {
		c.sum = c.known()
	}
	if c.sum == "" {
		s := sum256(c.input())
		c.sum = hex.EncodeToString(s[:])
	}
	return c.sum
}

// inferenceCandidates returns the schemes for an inference request; v0 is
// primary when the file name has 12 hex digits.
func inferenceCandidates(doc, req *fastjson.Value, c *Check, short bool) []hashCandidate {
	method, url := req.Get("method"), req.Get("url")
	if !isString(method) || !isString(url) {
		c.Note = "inference request's method or url is not a string"
		return nil
	}
	m, _ := method.StringBytes()
	u, _ := url.StringBytes()
	upper := pyjson.Upper(string(m))
	netloc, path := pyjson.URLParse(string(u))
	body := req.Get("body")
	if ep := req.Get("endpoint"); isString(ep) {
		e, _ := ep.StringBytes()
		c.ModelList = slices.Contains(modelListPaths, string(e))
		if c.ModelList {
			c.Digest = modelDigest(string(e), doc.Get("response", "body"))
		}
	}
	withTestID := !slices.Contains(modelListPaths, path)
	testID := doc.Get("test_id") // nil (absent) writes null, as None does
	// Whether the current scheme's input, once built, held a file-search
	// pattern: when it did not, the legacy scheme's input is the same.
	var fileSearchHit bool
	normalized := func(fileSearch bool) func() []byte {
		return func() []byte {
			b := append([]byte(nil), `{"body": `...)
			var hit bool
			b, hit = pyjson.AppendNormalized(b, body, pyjson.Options{
				FileSearch:           fileSearch,
				ExcludeStreamOptions: strings.Contains(netloc, "bedrock"),
			})
			if fileSearch {
				fileSearchHit = hit
			}
			b = append(b, `, "endpoint": `...)
			b = pyjson.AppendString(b, path)
			b = append(b, `, "method": `...)
			b = pyjson.AppendString(b, upper)
			if withTestID {
				b = append(b, `, "test_id": `...)
				b = pyjson.Append(b, testID, true)
			}
			return append(b, '}')
		}
	}
	cands := []hashCandidate{
		{scheme: SchemeCurrent, input: normalized(true)},
		{scheme: SchemeLegacyNoFileSearch, input: normalized(false)},
		{scheme: SchemeV0, input: func() []byte {
			b := append([]byte(nil), `{"body": `...)
			b = pyjson.Append(b, body, true)
			b = append(b, `, "endpoint": `...)
			b = pyjson.AppendString(b, path)
			b = append(b, `, "method": `...)
			b = pyjson.AppendString(b, upper)
			return append(b, '}')
		}},
	}
	cands[1].known = func() string {
		if cands[0].sum != "" && !fileSearchHit {
			return cands[0].sum
		}
		return ""
	}
	if short {
		// Matching keeps this order (HASHCHECK.tsv says "current" where
		// the schemes agree), but a mismatch reports v0 for a 2025-style
		// name.
		cands[2].primary = true
	}
	return cands
}

// toolCandidates returns the tool scheme for a tool request.
func toolCandidates(req *fastjson.Value, c *Check) []hashCandidate {
	if !req.Exists("provider") || !req.Exists("kwargs") {
		c.Note = "tool request lacks provider or kwargs"
		return nil
	}
	return []hashCandidate{{scheme: SchemeTool, input: func() []byte {
		b := append([]byte(nil), `{"kwargs": `...)
		b = pyjson.Append(b, req.Get("kwargs"), true)
		b = append(b, `, "provider": `...)
		b = pyjson.Append(b, req.Get("provider"), true)
		b = append(b, `, "tool_name": `...)
		b = pyjson.Append(b, req.Get("tool_name"), true)
		return append(b, '}')
	}}}
}

// httpCandidates returns the raw HTTP scheme for a raw HTTP request.
func httpCandidates(req *fastjson.Value, c *Check) []hashCandidate {
	method, url := req.Get("method"), req.Get("url")
	if !isString(method) || url == nil {
		c.Note = "http request's method is not a string or its url is missing"
		return nil
	}
	m, _ := method.StringBytes()
	upper := pyjson.Upper(string(m))
	return []hashCandidate{{scheme: SchemeHTTP, input: func() []byte {
		b := append([]byte(nil), `{"method": `...)
		b = pyjson.AppendString(b, upper)
		b = append(b, `, "payload": `...)
		b, _ = pyjson.AppendNormalized(b, req.Get("payload"), pyjson.Options{FileSearch: true})
		b = append(b, `, "test_id": `...)
		b = pyjson.Append(b, req.Get("test_id"), true)
		b = append(b, `, "url": `...)
		b = pyjson.Append(b, url, true)
		return append(b, '}')
	}}}
}

// modelDigest is the recorder's _model_identifiers_digest of a recorded
// model list: body is {"models": [...]} (Ollama /api/tags, possibly wrapped
// as {"__type__", "__data__"}) or a list of models (each possibly wrapped);
// the id is "model" for /api/tags and "id" otherwise. It returns "" when
// the body has no such list or an id is not a string.
func modelDigest(endpoint string, body *fastjson.Value) string {
	unwrap := func(v *fastjson.Value) *fastjson.Value {
		if v != nil && v.Type() == fastjson.TypeObject {
			if d := v.Get("__data__"); d != nil {
				return d
			}
		}
		return v
	}
	body = unwrap(body)
	if body != nil && body.Type() == fastjson.TypeObject {
		body = body.Get("models")
	}
	if body == nil || body.Type() != fastjson.TypeArray {
		return ""
	}
	field := "id"
	if endpoint == "/api/tags" {
		field = "model"
	}
	items, _ := body.Array()
	ids := make([]string, 0, len(items))
	for _, m := range items {
		id := unwrap(m).Get(field)
		if !isString(id) {
			return ""
		}
		b, _ := id.StringBytes()
		ids = append(ids, string(b))
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	sum := sum256([]byte(strings.Join(ids, "|")))
	return hex.EncodeToString(sum[:4])
}
