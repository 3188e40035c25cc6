package cassette

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

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
	if st := first(get(resp, "status"), get(resp, "status_code")); st != nil {
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
// as compact JSON, else body as a string, {string: …} or !!binary, else
// content, the text older vcrpy wrote for httpx's responses (its
// _to_serialized_response in vcr/stubs/httpx_stubs.py, vcrpy 2f94d06 to
// d9357a3: {status_code, http_version, headers, content}; today's
// _deserialize_response still reads it).
func body(m *yaml.Node) ([]byte, error) {
	if pb := get(m, "parsed_body"); pb != nil {
		return bodyJSON(pb)
	}
	b := first(get(m, "body"), get(m, "content"))
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
