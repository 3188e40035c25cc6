package cassette

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// isHTTPMock reports a document that is one of httpmock's mocks: a
// mapping of when and then.
func isHTTPMock(root *yaml.Node) bool {
	return get(root, "when") != nil && get(root, "then") != nil
}

// parseHTTPMock reads httpmock's static mocks as YAML documents, one
// interaction each (httpmock's src/common/data.rs: StaticMockDefinition,
// {when: StaticRequestRequirements, then: StaticHTTPResponse}), as rig's
// cassettes write them (0xPlaygrounds/rig, tests/common/cassettes.rs:
// CassetteInteraction, joined by "---" lines): when {method, path,
// query_param and header as lists of {name, value}, body,
// body_encoding}, then {status, header, body, body_encoding};
// body_encoding base64 (rig's) or body_base64 (httpmock's) for bytes
// that are not UTF-8. httpmock's scheme, host and port name the server
// when a mock has them; rig's have none, and the host is the one rig's
// tests send the calls of the provider folder that holds the file
// (tests/cassettes/PROVIDER/…: riggedHosts), which Notice says.
func parseHTTPMock(name string, data []byte) (*Cassette, error) {
	c := &Cassette{Name: name, Recorder: HTTPMock}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for k := 0; ; k++ {
		var doc yaml.Node
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, k, err)
		}
		if k == maxInteractions {
			return nil, fmt.Errorf("cassette: %s: more than %d interactions", name, maxInteractions)
		}
		if len(doc.Content) != 1 || !isHTTPMock(doc.Content[0]) {
			return nil, fmt.Errorf("cassette: %s: interaction %d: not a mapping of when and then", name, k)
		}
		it, err := mock(name, doc.Content[0])
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, k, err)
		}
		c.Interactions = append(c.Interactions, it)
	}
	return c, nil
}

// mock reads one of httpmock's mocks as an interaction of the cassette
// named name.
func mock(name string, n *yaml.Node) (it Interaction, err error) {
	when, then := get(n, "when"), get(n, "then")
	if when.Kind != yaml.MappingNode || then.Kind != yaml.MappingNode {
		return it, errors.New("when or then is not a mapping")
	}
	it.Method = scalar(get(when, "method"))
	u := scalar(get(when, "path"))
	query, err := pairs(get(when, "query_param"))
	if err != nil {
		return it, fmt.Errorf("query_param: %w", err)
	}
	for i, p := range query {
		sep := "&"
		if i == 0 {
			sep = "?"
		}
		u += sep + url.QueryEscape(p[0]) + "=" + url.QueryEscape(p[1])
	}
	if host := scalar(get(when, "host")); host != "" {
		scheme := scalar(get(when, "scheme"))
		if scheme == "" {
			scheme = "http"
		}
		if port := scalar(get(when, "port")); port != "" {
			host += ":" + port
		}
		it.URI = scheme + "://" + host + u
	} else {
		origin, notice := riggedOrigin(name)
		it.URI = origin + u
		it.addNotice(notice)
	}
	if it.RequestHeaders, err = headerList(get(when, "header")); err != nil {
		return it, fmt.Errorf("request header: %w", err)
	}
	if it.ResponseHeaders, err = headerList(get(then, "header")); err != nil {
		return it, fmt.Errorf("response header: %w", err)
	}
	if it.RequestBody, err = mockBody(when); err != nil {
		return it, fmt.Errorf("request body: %w", err)
	}
	if it.ResponseBody, err = mockBody(then); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	if s := scalar(get(then, "status")); s != "" {
		if it.Status, err = strconv.Atoi(s); err != nil {
			return it, fmt.Errorf("status %q is not a number", s)
		}
	}
	return it, nil
}

// mockBody is the body of a mock's when or then: body, base64 under
// body_encoding: base64 (rig's), or body_base64 (httpmock's); nil when
// there is none.
func mockBody(m *yaml.Node) ([]byte, error) {
	if b := get(m, "body_base64"); b != nil {
		return base64.StdEncoding.DecodeString(scalar(b))
	}
	b := get(m, "body")
	if b == nil || b.Tag == "!!null" {
		return nil, nil
	}
	if b.Kind != yaml.ScalarNode {
		return nil, errors.New("not a string")
	}
	if scalar(get(m, "body_encoding")) == "base64" {
		return base64.StdEncoding.DecodeString(strings.Join(strings.Fields(b.Value), ""))
	}
	return []byte(b.Value), nil
}

// pairs reads a list of {name, value} mappings.
func pairs(n *yaml.Node) ([][2]string, error) {
	if n == nil || n.Tag == "!!null" {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, errors.New("not a list")
	}
	out := make([][2]string, 0, len(n.Content))
	for _, p := range n.Content {
		if p.Kind != yaml.MappingNode {
			return nil, errors.New("an item is not a mapping of name and value")
		}
		out = append(out, [2]string{scalar(get(p, "name")), scalar(get(p, "value"))})
	}
	return out, nil
}

// headerList reads a list of {name, value} mappings as headers.
func headerList(n *yaml.Node) (map[string][]string, error) {
	ps, err := pairs(n)
	if ps == nil {
		return nil, err
	}
	h := make(map[string][]string, len(ps))
	for _, p := range ps {
		h[p[0]] = append(h[p[0]], p[1])
	}
	return h, nil
}

// riggedHosts are the origins rig's tests send each provider's calls to,
// by the provider's folder under tests/cassettes (0xPlaygrounds/rig at
// b75850e: the base URLs tests/providers/*/support.rs and the
// ProviderCassette::start calls pass, whose paths the cassettes
// record); llama.cpp's is llama-server's default.
var riggedHosts = map[string]string{
	"anthropic":  "https://api.anthropic.com",
	"bedrock":    "https://bedrock-runtime.us-east-1.amazonaws.com",
	"chatgpt":    "https://chatgpt.com",
	"cohere":     "https://api.cohere.ai",
	"copilot":    "https://api.githubcopilot.com",
	"deepseek":   "https://api.deepseek.com",
	"doubleword": "https://api.doubleword.ai",
	"gemini":     "https://generativelanguage.googleapis.com",
	"groq":       "https://api.groq.com",
	"llamacpp":   "http://127.0.0.1:8080",
	"mistral":    "https://api.mistral.ai",
	"mistralrs":  "http://127.0.0.1:1234",
	"ollama":     "http://localhost:11434",
	"openai":     "https://api.openai.com",
	"openrouter": "https://openrouter.ai",
	"perplexity": "https://api.perplexity.ai",
	"venice":     "https://api.venice.ai",
	"xai":        "https://api.x.ai",
}

// riggedOrigin is the origin of the calls of rig's cassette at path p
// (riggedHosts, by the folder after "cassettes"; "" when recview knows
// none), and the notice that says how it was chosen.
func riggedOrigin(p string) (origin, notice string) {
	provider := folderAfter(p, "cassettes")
	switch origin = riggedHosts[provider]; {
	case origin != "":
		return origin, fmt.Sprintf("the cassette records no host: %s is the one rig's tests call for the provider folder %q", origin, provider)
	case provider != "":
		return "", fmt.Sprintf("the cassette records no host, and recview knows none for the provider folder %q: the URI is the path alone", provider)
	}
	return "", "the cassette records no host, and its path names no provider folder (…/cassettes/PROVIDER/…): the URI is the path alone"
}

// folderAfter is the name of the folder that follows the last folder
// named dir in the path p, "" when there is none. The folders are p's
// names between "/" (or "\"), and between "__", the separator of
// flattened copies of a tree ("rig__tests__cassettes__openai__x.yaml",
// as recview's testdata names them).
func folderAfter(p, dir string) string {
	p = strings.NewReplacer("\\", "/", "__", "/").Replace(p)
	parts := strings.Split(p, "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] == dir && i+1 < len(parts)-1 {
			return parts[i+1]
		}
	}
	return ""
}
