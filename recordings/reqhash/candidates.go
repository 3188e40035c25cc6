package reqhash

import (
	"encoding/hex"
	"slices"
	"sort"
	"strings"

	"github.com/recview/recview/internal/base/shasum"
	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/valyala/fastjson"
)

// modelListPaths are the paths the recorder treats as shared model-list
// endpoints: no test_id in their hash, digest in their file name.
var modelListPaths = []string{"/api/tags", "/v1/models", "/v1/openai/v1/models"}

// ModelListEndpoint returns the model-list endpoint the URL path p ends
// with ("/v1/openai/v1/models", "/v1/models", "/api/tags": the endpoint
// the recorder's client method names, which it tests to treat a request
// as a model list; the URL path adds the base URL's, as "/v1/v1/models"),
// else p itself.
func ModelListEndpoint(p string) string {
	for _, m := range []string{"/v1/openai/v1/models", "/v1/models", "/api/tags"} {
		if strings.HasSuffix(p, m) {
			return m
		}
	}
	return p
}

// isString reports whether v is a JSON string; v may be nil.
func isString(v *fastjson.Value) bool { return v != nil && v.Type() == fastjson.TypeString }

// candidates returns the hash schemes that fit the request's shape, in
// the order Verify tries them (see Verify), setting c.Note (and
// c.ModelList, c.Digest for model lists) on the way. notReplayed reports
// a file-processor request, which today's recorder never looks up (and
// whose old scheme is not known). short says the file name has 12 hex
// digits.
func candidates(doc, req *fastjson.Value, c *Check, short bool) (cands []hashCandidate, notReplayed bool) {
	switch {
	case req.Exists("payload"):
		return httpCandidates(req, c), false
	case req.Exists("tool_name"):
		return toolCandidates(req, c), false
	case req.Exists("file_id") && req.Exists("api"):
		c.Note = "file processors are not replayed: today's recorder makes the real call every time (their file_id is random per test run) and never looks these recordings up"
		return nil, true
	case req.Exists("body") && req.Exists("url"):
		return inferenceCandidates(doc, req, c, short), false
	}
	c.Note = "request has none of the shapes the recorder writes"
	return nil, false
}

// hashCandidate is one scheme's serialized hash input, hashed on demand. The
// primary candidate (else the first) is the one a mismatch reports; the
// current one is today's recorder's for the request's shape.
type hashCandidate struct {
	scheme  string
	input   func() []byte
	sum     string
	primary bool
	current bool
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

// testIDRawBodyListPaths are the model-list paths SchemeTestIDRawBody left
// test_id out for: "/v1/openai/v1/models" came later (ogx-ai/ogx#4053).
var testIDRawBodyListPaths = []string{"/api/tags", "/v1/models"}

// inferenceCandidates returns the schemes for an inference request, newest
// first; v0 is primary, and tried first, when the file name has 12 hex
// digits (only the 2025 recorder wrote such names).
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
			c.Digest = modelDigest(string(e), doc.Get("response", "body"), sha256Digest)
		}
	}
	testID := doc.Get("test_id") // nil (absent) writes null, as None does
	// build writes the object the recorder hashes around the body text
	// that appendBody appends.
	build := func(appendBody func([]byte) []byte, withTestID bool) []byte {
		b := append([]byte(nil), `{"body": `...)
		b = appendBody(b)
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
	withTestID := !slices.Contains(modelListPaths, path)
	// Whether the current scheme's input, once built, was changed by the
	// file-search rewrite or a dropped project_id: when it was not, the
	// legacy scheme's input is the same.
	var changed bool
	normalized := func(legacy bool) func() []byte {
		return func() []byte {
			return build(func(b []byte) []byte {
				var hit bool
				b, hit = pyjson.AppendNormalized(b, body, pyjson.Options{
					FileSearch:           !legacy,
					KeepProjectID:        legacy,
					ExcludeStreamOptions: strings.Contains(netloc, "bedrock"),
				})
				if !legacy {
					changed = hit
				}
				return b
			}, withTestID)
		}
	}
	var raw []byte // the body as json.dumps writes it, shared by two schemes
	rawBody := func(b []byte) []byte {
		if raw == nil {
			raw = pyjson.Append(nil, body, true)
		}
		return append(b, raw...)
	}
	cands := []hashCandidate{
		{scheme: SchemeCurrent, input: normalized(false), current: true},
		{scheme: SchemeLegacyNoFileSearch, input: normalized(true)},
		{scheme: SchemeTestIDRawBody, input: func() []byte {
			return build(rawBody, !slices.Contains(testIDRawBodyListPaths, path))
		}},
		{scheme: SchemeV0, input: func() []byte { return build(rawBody, false) }},
	}
	cands[1].known = func() string {
		if cands[0].sum != "" && !changed {
			return cands[0].sum
		}
		return ""
	}
	if short {
		// A 2025-style name: v0 explains it first, and a mismatch reports
		// v0's name.
		cands[3].primary = true
		cands = append(cands[3:], cands[:3]...)
	}
	return cands
}

// toolCandidates returns the tool scheme for a tool request.
func toolCandidates(req *fastjson.Value, c *Check) []hashCandidate {
	if !req.Exists("provider") || !req.Exists("kwargs") {
		c.Note = "tool request lacks provider or kwargs"
		return nil
	}
	return []hashCandidate{{scheme: SchemeTool, current: true, input: func() []byte {
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
	return []hashCandidate{{scheme: SchemeHTTP, current: true, input: func() []byte {
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

// sha256Digest and sha1Digest are the first 8 hex digits of a digest of
// s: today's recorder uses SHA-256; the 2025 recorder that wrote
// models-<12 hex>-<digest>.json names used SHA-1
// (llamastack/llama-stack@34f5da6c llama_stack/testing/inference_recorder.py).
func sha256Digest(s []byte) string {
	sum := sum256(s)
	return hex.EncodeToString(sum[:4])
}

func sha1Digest(s []byte) string {
	sum := shasum.Sum1(s)
	return hex.EncodeToString(sum[:4])
}

// modelDigest is the recorder's _model_identifiers_digest of a recorded
// model list, with the digest function digest: body is {"models": [...]}
// (Ollama /api/tags, possibly wrapped as {"__type__", "__data__"}), a list
// of models (each possibly wrapped) or, as the 2025 recorder kept it,
// {"data": [...]}; the id is "model" for /api/tags and "id" otherwise. It
// returns "" when the body has no such list or an id is not a string.
func modelDigest(endpoint string, body *fastjson.Value, digest func([]byte) string) string {
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
		if m := body.Get("models"); m != nil {
			body = m
		} else {
			body = body.Get("data")
		}
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
	// sort.Sort, not slices.Sort: the page links sort's code already and
	// a generic sort of strings would add its own (docs/dev/wasm-size.md).
	sort.Sort(sort.StringSlice(ids))
	ids = slices.Compact(ids)
	return digest([]byte(strings.Join(ids, "|")))
}
