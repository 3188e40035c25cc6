package cassette

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// parseMapping reads the cassette whose document is the mapping root:
// vcrpy's, Ruby VCR's or go-vcr's list of interactions, or the test
// agent's one interaction.
func parseMapping(name string, root *yaml.Node) (*Cassette, error) {
	c := &Cassette{Name: name}
	list := get(root, "interactions")
	switch {
	case list != nil:
		c.Recorder = VCR
		if v, err := strconv.Atoi(scalar(get(root, "version"))); err == nil && v >= 2 {
			c.Recorder = GoVCR
		}
	case get(root, "http_interactions") != nil:
		list = get(root, "http_interactions")
		c.Recorder, c.RecordedWith = RubyVCR, scalar(get(root, "recorded_with"))
	case get(root, "request") != nil && get(root, "response") != nil:
		c.Recorder = TestAgent
		it, _, err := interaction(root)
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		c.Interactions = []Interaction{it}
		return c, nil
	default:
		return nil, fmt.Errorf("%w: %s has neither interactions nor a request and a response", ErrNotCassette, name)
	}
	if list.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("cassette: %s: interactions is not a list", name)
	}
	if len(list.Content) > maxInteractions {
		return nil, fmt.Errorf("cassette: %s: %d interactions, more than %d", name, len(list.Content), maxInteractions)
	}
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
	if it.Status, err = status(resp); err != nil {
		return it, false, err
	}
	return it, false, nil
}

// status reads the status code of a response mapping: go-vcr's code, or
// status as a number, as {code, message} (vcrpy, Ruby VCR) or as
// go-vcr's "200 OK", or older vcrpy's status_code; 0 when there is none.
func status(resp *yaml.Node) (int, error) {
	code := first(get(resp, "code"), get(resp, "status"), get(resp, "status_code"))
	if code == nil {
		return 0, nil
	}
	if code.Kind == yaml.MappingNode {
		code = get(code, "code")
	}
	s := scalar(code)
	if n, _, ok := strings.Cut(s, " "); ok && len(n) == 3 {
		s = n // "200 OK"
	}
	st, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("status %q is not a number", scalar(code))
	}
	return st, nil
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
// as compact JSON, else body as a string, {string: …} or !!binary (or
// Ruby VCR's {encoding, string} with Psych's !binary, or
// {encoding, base64_string}), else
// content, the text older vcrpy wrote for httpx's responses (its
// _to_serialized_response in vcr/stubs/httpx_stubs.py, vcrpy 2f94d06 to
// d9357a3: {status_code, http_version, headers, content}; today's
// _deserialize_response still reads it).
func body(m *yaml.Node) ([]byte, error) {
	if pb := get(m, "parsed_body"); pb != nil {
		return bodyJSON(pb)
	}
	b := first(get(m, "body"), get(m, "content"))
	if b64 := get(b, "base64_string"); b64 != nil {
		// Ruby VCR's preserve_exact_body_bytes: Array#pack('m'), base64
		// in lines of 60 characters.
		out, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(scalar(b64)), ""))
		if err != nil {
			return nil, fmt.Errorf("base64_string: %w", err)
		}
		return out, nil
	}
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

// bytesOf is a scalar's bytes, !!binary's base64 decoded, and so Ruby's
// !binary, which Psych writes for a string that is not UTF-8 (a Bedrock
// event stream).
func bytesOf(n *yaml.Node) ([]byte, error) {
	if n.Tag == "!!binary" || n.Tag == "!binary" {
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(n.Value), ""))
		if err != nil {
			return nil, fmt.Errorf("!!binary: %w", err)
		}
		return b, nil
	}
	return []byte(n.Value), nil
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
