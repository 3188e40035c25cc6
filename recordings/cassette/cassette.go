// Package cassette reads the HTTP recordings other recorders than ogx's
// write, "cassettes", as a list of interactions, each a request and a
// response with their bodies as bytes:
//
//   - vcrpy's (pytest-recording, pytest-vcr): YAML, or JSON, of
//     {interactions: [{request: {method, uri, body, headers},
//     response: {status: {code, message}, headers, body: {string}}}],
//     version: 1} (vcr/serializers/yamlserializer.py and
//     vcr/serializers/compat.py); a body is a string, {string: …}, or
//     YAML's !!binary; aiohttp's header names are
//     !!python/object/apply:multidict._multidict.istr tags, read as
//     their name.
//   - pydantic-ai's serializer (tests/json_body_serializer.py): vcrpy's
//     layout, a JSON body written as YAML under parsed_body in place of
//     body; and its xAI samples, gRPC calls recorded as
//     {request_sample|request_stream: {json, raw},
//     response_sample: {json, raw} | response_stream: {chunks_json, …}}.
//   - Datadog's test agent (ddapm-test-agent's vcr proxy): one JSON
//     interaction, {request: {method, url, headers, body},
//     response: {status: {code, message}, headers, body}}.
//
// A gzip or deflate Content-Encoding of a response body is undone. The
// core reads cassettes, never runs them: YAML tags that name Python
// callables are only names here. Parse bounds what it reads (MaxSize,
// yaml.v3's own limits on aliases and nesting): bad input is an error
// naming the file and the interaction, never a panic.
package cassette

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
	"go.yaml.in/yaml/v3"
)

// Recorder names the tool that wrote a cassette.
type Recorder string

// The recorders Parse reads.
const (
	VCR       Recorder = "vcrpy"           // vcrpy's YAML or JSON, with pydantic-ai's parsed_body
	XAI       Recorder = "pydantic-ai-xai" // pydantic-ai's xAI gRPC samples
	TestAgent Recorder = "dd-test-agent"   // Datadog's test agent JSON
)

// MaxSize is the largest cassette Parse reads, and the largest body a
// Content-Encoding may inflate to, in bytes.
const MaxSize = 64 << 20

// ErrNotCassette is the error of a document that is none of the layouts
// the package reads.
var ErrNotCassette = errors.New("cassette: not a cassette")

// Cassette is a parsed cassette.
type Cassette struct {
	// Name is the name Parse was given: the file's path or URL.
	Name     string
	Recorder Recorder
	// Interactions are the recorded calls, in the cassette's order.
	Interactions []Interaction
}

// Interaction is one recorded call.
type Interaction struct {
	// Method is the HTTP method ("POST"); "gRPC" for an xAI sample.
	Method string
	// URI is the request's URL; for an xAI sample, "xai:" and the model.
	URI string
	// RequestHeaders and ResponseHeaders map each header name, as
	// written, to its values.
	RequestHeaders, ResponseHeaders map[string][]string
	// RequestBody and ResponseBody are the bodies' bytes: as recorded, a
	// parsed_body (or an xAI sample's json) as compact JSON, a
	// Content-Encoding undone; nil when there is none.
	RequestBody, ResponseBody []byte
	// Status is the response's HTTP status code, 0 when not recorded.
	Status int
	// Streamed reports an xAI streamed sample, whose ResponseBody is the
	// JSON array of its chunks.
	Streamed bool
}

// Header returns the first value of the header name (any case) in h, ""
// when there is none.
func Header(h map[string][]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// Parse reads a cassette named name (shown in errors) from data.
//
// Errors: a document larger than MaxSize, or nested deeper than
// maxNesting levels (nestingError); YAML or JSON that does not
// parse (with yaml.v3's line); ErrNotCassette (wrapped, with why) for
// another document; an interaction whose parts are not of the layout's
// types, naming its index.
func Parse(name string, data []byte) (*Cassette, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("cassette: %s: %d bytes, more than %d", name, len(data), MaxSize)
	}
	if err := nestingError(data); err != nil {
		return nil, fmt.Errorf("cassette: %s: %w", name, err)
	}
	var doc yaml.Node
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' && json.Valid(t) {
		// JSON (the test agent's, vcrpy's JSON serializer) through
		// encoding/json: YAML's parser refuses JSON's surrogate pairs.
		var v any
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		var n yaml.Node
		if err := n.Encode(v); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{&n}}
	} else if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("cassette: %s: %w", name, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%w: %s is not a mapping", ErrNotCassette, name)
	}
	root := doc.Content[0]
	c := &Cassette{Name: name}
	if list := get(root, "interactions"); list != nil {
		if list.Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("cassette: %s: interactions is not a list", name)
		}
		c.Recorder = VCR
		for i, n := range list.Content {
			it, xai, err := interaction(n)
			if err != nil {
				return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, i, err)
			}
			if xai {
				c.Recorder = XAI
			}
			c.Interactions = append(c.Interactions, it)
		}
		return c, nil
	}
	if get(root, "request") != nil && get(root, "response") != nil {
		c.Recorder = TestAgent
		it, _, err := interaction(root)
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		c.Interactions = []Interaction{it}
		return c, nil
	}
	return nil, fmt.Errorf("%w: %s has neither interactions nor a request and a response", ErrNotCassette, name)
}

// interaction reads one interaction mapping; xai reports an xAI sample.
func interaction(n *yaml.Node) (it Interaction, xai bool, err error) {
	if n.Kind != yaml.MappingNode {
		return it, false, errors.New("not a mapping")
	}
	if req := first(get(n, "request_sample"), get(n, "request_stream")); req != nil {
		return xaiSample(n, req)
	}
	req, resp := get(n, "request"), get(n, "response")
	if req == nil || resp == nil || req.Kind != yaml.MappingNode || resp.Kind != yaml.MappingNode {
		return it, false, errors.New("no request and response mappings")
	}
	it.Method = scalar(get(req, "method"))
	it.URI = scalar(first(get(req, "uri"), get(req, "url")))
	if it.RequestHeaders, err = headers(get(req, "headers")); err != nil {
		return it, false, fmt.Errorf("request headers: %w", err)
	}
	if it.ResponseHeaders, err = headers(get(resp, "headers")); err != nil {
		return it, false, fmt.Errorf("response headers: %w", err)
	}
	if it.RequestBody, err = body(req); err != nil {
		return it, false, fmt.Errorf("request body: %w", err)
	}
	if it.ResponseBody, err = body(resp); err != nil {
		return it, false, fmt.Errorf("response body: %w", err)
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, false, fmt.Errorf("response body: %w", err)
	}
	if st := get(resp, "status"); st != nil {
		code := st
		if st.Kind == yaml.MappingNode {
			code = get(st, "code")
		}
		if it.Status, err = strconv.Atoi(scalar(code)); err != nil {
			return it, false, fmt.Errorf("status %q is not a number", scalar(code))
		}
	}
	return it, false, nil
}

// xaiSample reads pydantic-ai's xAI gRPC sample n, its request req.
func xaiSample(n, req *yaml.Node) (it Interaction, xai bool, err error) {
	it.Method = "gRPC"
	j := get(req, "json")
	if j == nil {
		return it, true, errors.New("an xAI request without json")
	}
	it.URI = "xai:" + scalar(get(j, "model"))
	if it.RequestBody, err = bodyJSON(j); err != nil {
		return it, true, err
	}
	switch resp := first(get(n, "response_sample"), get(n, "response_stream")); {
	case resp == nil:
		return it, true, errors.New("an xAI request without its response")
	case get(resp, "chunks_json") != nil:
		it.Streamed = true
		it.ResponseBody, err = bodyJSON(get(resp, "chunks_json"))
	default:
		it.ResponseBody, err = bodyJSON(get(resp, "json"))
	}
	return it, true, err
}

// body reads the body of a request or response mapping m: parsed_body
// as compact JSON, else body as a string, {string: …} or !!binary.
func body(m *yaml.Node) ([]byte, error) {
	if pb := get(m, "parsed_body"); pb != nil {
		return bodyJSON(pb)
	}
	b := get(m, "body")
	if b != nil && b.Kind == yaml.MappingNode {
		b = get(b, "string")
	}
	if b == nil || b.Tag == "!!null" {
		return nil, nil
	}
	if b.Kind != yaml.ScalarNode {
		return nil, errors.New("not a string")
	}
	return bytesOf(b)
}

// bytesOf is a scalar's bytes, !!binary's base64 decoded.
func bytesOf(n *yaml.Node) ([]byte, error) {
	if n.Tag == "!!binary" {
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(n.Value), ""))
		if err != nil {
			return nil, fmt.Errorf("!!binary: %w", err)
		}
		return b, nil
	}
	return []byte(n.Value), nil
}

// decode undoes a gzip, deflate or brotli ("br") Content-Encoding of b
// (recorders keep some bodies decoded whatever the header says: gzip
// only over bytes that carry its magic, deflate and brotli, which have
// none, only over bytes that are not JSON, and b as it is when they do
// not decode), at most MaxSize bytes out.
func decode(b []byte, encoding string) ([]byte, error) {
	var r io.Reader
	encoding = strings.ToLower(strings.TrimSpace(encoding))
	switch encoding {
	case "gzip", "x-gzip":
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			return b, nil
		}
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		r = zr
	case "deflate", "br":
		if json.Valid(b) {
			return b, nil
		}
		if encoding == "br" {
			r = brotli.NewReader(bytes.NewReader(b))
		} else {
			r = flate.NewReader(bytes.NewReader(b))
		}
	default:
		return b, nil
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		if encoding != "gzip" && encoding != "x-gzip" {
			return b, nil // a deflate or br header over bytes kept decoded
		}
		return nil, fmt.Errorf("%s: %w", encoding, err)
	}
	if len(out) > MaxSize {
		return nil, fmt.Errorf("%s: inflates past %d bytes", encoding, MaxSize)
	}
	return out, nil
}

// headers reads a headers mapping: each name (a plain key, or aiohttp's
// istr tag over a one-item list) to a list of values or one value.
func headers(n *yaml.Node) (map[string][]string, error) {
	if n == nil || n.Tag == "!!null" {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, errors.New("not a mapping")
	}
	h := make(map[string][]string, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := keyOf(n.Content[i]), n.Content[i+1]
		switch v.Kind {
		case yaml.SequenceNode:
			for _, x := range v.Content {
				h[k] = append(h[k], x.Value)
			}
		case yaml.ScalarNode:
			h[k] = append(h[k], v.Value)
		default:
			return nil, fmt.Errorf("header %q is neither a value nor a list", k)
		}
	}
	return h, nil
}

// keyOf is a mapping key's name: its value, or for a tagged sequence
// (aiohttp's istr) its first item's.
func keyOf(k *yaml.Node) string {
	if k.Kind == yaml.SequenceNode && len(k.Content) > 0 {
		return k.Content[0].Value
	}
	return k.Value
}

// get returns the value of key in mapping m, nil when absent or m is not
// a mapping.
func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if keyOf(m.Content[i]) == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// first returns the first of ns that is not nil.
func first(ns ...*yaml.Node) *yaml.Node {
	for _, n := range ns {
		if n != nil {
			return n
		}
	}
	return nil
}

// scalar is a scalar node's value, "" for anything else.
func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}
