// Package hashed reads the part of a recording's request that the
// recorder hashes into the file's name, the test_id aside: what two
// recordings of the same request share whatever test recorded them and
// whichever scheme named them. The review pairs recordings by it and the
// diff tells a changed request from a request recorded again with it.
//
// The recorder (src/ogx/testing/api_recorder.py in the ogx repository)
// hashes the method, the URL's path and the normalized body of an
// inference call; the URL and the payload of a raw HTTP call; the
// provider, tool name and kwargs of a tool call (see reqhash's schemes).
package hashed

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/valyala/fastjson"
)

// Request returns what the recorder hashes of r's request, the test_id
// aside: head names the call ("inference POST /v1/chat/completions",
// "http POST \"https://…\"", "tool \"tavily\" \"web_search\""), body is
// the body, payload or kwargs (the whole request for file processors and
// unknown shapes), and opt the normalization the current scheme applies
// to it (none for tools, whose kwargs are hashed as they are).
func Request(r *recordings.Recording) (head string, body *fastjson.Value, opt pyjson.Options, normalize bool) {
	switch r.Shape {
	case recordings.ShapeInference:
		host, p := SplitURL(r.URL)
		return "inference " + pyjson.Upper(r.Method) + " " + p, r.Body,
			pyjson.Options{FileSearch: true, ExcludeStreamOptions: strings.Contains(host, "bedrock")}, true
	case recordings.ShapeHTTP:
		return "http " + pyjson.Upper(r.Method) + " " + string(jsonx.Compact(r.Request.Get("url"))), r.Body,
			pyjson.Options{FileSearch: true}, true
	case recordings.ShapeTool:
		return "tool " + strconv.Quote(r.Provider) + " " + strconv.Quote(r.ToolName), r.Body, pyjson.Options{}, false
	}
	return string(r.Shape), r.Request, pyjson.Options{}, false
}

// Identity is what the recorder hashes of r's request, the test_id aside
// (see Request), as canonical bytes: a line of the request's head, then its
// body as the recorder serializes it. Two recordings of the same identity
// (compared with ==, byte for byte) differ in their file names only by
// their test_ids or the hash scheme. It is the bytes, not a digest of them:
// comparing them is exact, and a map keyed by them hashes them with Go's
// own map hash, which WebAssembly runs many times faster than SHA-256.
func Identity(r *recordings.Recording) string {
	head, body, opt, normalize := Request(r)
	b := append([]byte(head), '\n')
	switch {
	case r.Shape == recordings.ShapeFileProcessor || r.Shape == recordings.ShapeUnknown:
		r.Request.GetObject().Visit(func(k []byte, v *fastjson.Value) {
			if string(k) != "test_id" {
				b = append(b, k...)
				b = pyjson.Append(b, v, true)
			}
		})
	case normalize:
		b, _ = pyjson.AppendNormalized(b, body, opt)
	default:
		b = pyjson.Append(b, body, true)
	}
	return string(b)
}

// SplitURL splits a recorded URL into host and path, as the recorder's
// urlparse does for the URLs it records ("http://0.0.0.0:11434/v1/x" ->
// "0.0.0.0:11434", "/v1/x"; "vertexai:///generate_content" -> "",
// "/generate_content").
func SplitURL(s string) (host, p string) {
	u, err := url.Parse(s)
	if err != nil {
		return "", s
	}
	return u.Host, u.EscapedPath()
}

// IsID reports a request path whose last key names an id, most often one
// carried from a recorded answer into the next request: "id", "…_id" and
// "…_ids" and their elements ("body.messages[3].tool_call_id",
// "body.messages[2].tool_calls[0].id", "body.previous_response_id",
// "body.input[4].call_id", "body.vector_store_ids[0]"). The paths are
// those of recordings/diff (".key", `["key"]`, "[i]").
func IsID(path string) bool {
	k := LastKey(path)
	return k == "id" || strings.HasSuffix(k, "_id") || strings.HasSuffix(k, "_ids")
}

// LastKey is the last object key of a path, its indexes aside:
// "tool_call_id" of "body.messages[3].tool_call_id", "x" of "a.x[2]",
// `X-Key` of `headers["X-Key"]`.
func LastKey(path string) string {
	p := path
	for strings.HasSuffix(p, "]") && !strings.HasSuffix(p, `"]`) {
		i := strings.LastIndexByte(p, '[')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	if strings.HasSuffix(p, `"]`) {
		if i := strings.LastIndex(p, `["`); i >= 0 {
			return p[i+2 : len(p)-2]
		}
	}
	if i := strings.LastIndexAny(p, ".["); i >= 0 {
		p = p[i+1:]
	}
	return p
}
