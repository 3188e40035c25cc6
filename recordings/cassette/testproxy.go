package cassette

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// proxyEntry is one entry of a test proxy recording (RecordEntry.cs).
type proxyEntry struct {
	RequestURI      string                     `json:"RequestUri"`
	RequestMethod   string                     `json:"RequestMethod"`
	RequestHeaders  map[string]json.RawMessage `json:"RequestHeaders"`
	RequestBody     json.RawMessage            `json:"RequestBody"`
	StatusCode      int                        `json:"StatusCode"`
	ResponseHeaders map[string]json.RawMessage `json:"ResponseHeaders"`
	ResponseBody    json.RawMessage            `json:"ResponseBody"`
}

// parseTestProxy reads a recording of the Azure SDK's test proxy
// (Azure/azure-sdk-tools, tools/test-proxy/Azure.Sdk.Tools.TestProxy/
// Common/RecordSession.cs and RecordEntry.cs): {"Entries": [{RequestUri,
// RequestMethod, RequestHeaders, RequestBody, StatusCode,
// ResponseHeaders, ResponseBody}], "Variables": {…}}, a header's value a
// string or a list of them. A body is read as RecordEntry.DeserializeBody
// does (proxyBody). entries is the document's Entries.
func parseTestProxy(name string, entries json.RawMessage) (*Cassette, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(entries, &list); err != nil {
		return nil, fmt.Errorf("cassette: %s: Entries is not a list: %w", name, err)
	}
	if len(list) > maxInteractions {
		return nil, fmt.Errorf("cassette: %s: %d entries, more than %d", name, len(list), maxInteractions)
	}
	c := &Cassette{Name: name, Recorder: TestProxy}
	for i, raw := range list {
		it, err := proxyInteraction(raw)
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, i, err)
		}
		c.Interactions = append(c.Interactions, it)
	}
	return c, nil
}

// proxyInteraction reads one entry of a test proxy recording.
func proxyInteraction(raw json.RawMessage) (it Interaction, err error) {
	var e proxyEntry
	if err := json.Unmarshal(raw, &e); err != nil {
		return it, err
	}
	it.Method, it.URI, it.Status = e.RequestMethod, e.RequestURI, e.StatusCode
	if it.RequestHeaders, err = proxyHeaders(e.RequestHeaders); err != nil {
		return it, fmt.Errorf("RequestHeaders: %w", err)
	}
	if it.ResponseHeaders, err = proxyHeaders(e.ResponseHeaders); err != nil {
		return it, fmt.Errorf("ResponseHeaders: %w", err)
	}
	if it.RequestBody, err = proxyBody(e.RequestBody, it.RequestHeaders); err != nil {
		return it, fmt.Errorf("RequestBody: %w", err)
	}
	if it.ResponseBody, err = proxyBody(e.ResponseBody, it.ResponseHeaders); err != nil {
		return it, fmt.Errorf("ResponseBody: %w", err)
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, fmt.Errorf("ResponseBody: %w", err)
	}
	return it, nil
}

// proxyHeaders reads headers whose values are strings or lists of them
// (RecordEntry.DeserializeHeaders).
func proxyHeaders(m map[string]json.RawMessage) (map[string][]string, error) {
	if m == nil {
		return nil, nil
	}
	h := make(map[string][]string, len(m))
	for k, raw := range m {
		var one string
		if err := json.Unmarshal(raw, &one); err == nil {
			h[k] = []string{one}
			continue
		}
		var many []string
		if err := json.Unmarshal(raw, &many); err != nil {
			return nil, fmt.Errorf("header %q is neither a string nor a list of them", k)
		}
		h[k] = many
	}
	return h, nil
}

// proxyBody is a body as RecordEntry.DeserializeBody reads it: null is
// none; under a text Content-Type (proxyText), a list of strings is
// their concatenation (the proxy splits text at its line ends, each line
// keeping its own, so a stream reads as it came), a string is its text,
// other JSON is the body (written compact, as the proxy's
// NormalizeJsonBody does); under a multipart Content-Type a list is its
// parts' text, "b64:" items in base64 (MultipartUtilities.cs); another
// list is an empty body, a string is the bytes in base64.
func proxyBody(raw json.RawMessage, h map[string][]string) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	ct := proxyContentType(h)
	multipart := strings.HasPrefix(strings.ToLower(ct), "multipart/")
	switch {
	case raw[0] == '[' && (proxyText(ct) || multipart):
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return nil, err
		}
		var b []byte
		for _, item := range items {
			var s string
			if err := json.Unmarshal(item, &s); err != nil {
				if multipart && bytes.HasPrefix(bytes.TrimSpace(item), []byte("[")) {
					continue // an empty binary part
				}
				return nil, errors.New("a list whose items are not strings")
			}
			if rest, ok := strings.CutPrefix(s, "b64:"); ok && multipart {
				d, err := base64.StdEncoding.DecodeString(rest)
				if err != nil {
					return nil, fmt.Errorf("a multipart item: %w", err)
				}
				b = append(b, d...)
				continue
			}
			b = append(b, s...)
		}
		return b, nil
	case raw[0] == '[':
		return []byte{}, nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		if proxyText(ct) {
			return []byte(s), nil
		}
		return base64.StdEncoding.DecodeString(s)
	case proxyText(ct):
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	return nil, fmt.Errorf("JSON %.20s… under the Content-Type %q, which is not text", raw, ct)
}

// proxyContentType is the one Content-Type of h (any case), "" when
// there is none or more than one (ContentTypeUtilities.TryGetContentType).
func proxyContentType(h map[string][]string) string {
	var out []string
	for k, v := range h {
		if strings.EqualFold(k, "Content-Type") {
			out = append(out, v...)
		}
	}
	if len(out) != 1 {
		return ""
	}
	return out[0]
}

// proxyText reports a Content-Type the test proxy records as text
// (ContentTypeUtilities.TryGetTextEncoding): charset=utf-8, text/…,
// application/json…, …json, …xml, …-urlencoded, but not a Docker or OCI
// manifest.
func proxyText(ct string) bool {
	low := strings.ToLower(ct)
	if i := strings.Index(low, "; charset="); i >= 0 && strings.HasPrefix(low[i+len("; charset="):], "utf-8") {
		return true
	}
	if strings.Contains(low, "application/vnd.docker.distribution.manifest.v") || strings.Contains(low, "application/vnd.oci.image.index.v") {
		return false
	}
	return strings.HasPrefix(low, "text/") || strings.HasPrefix(low, "application/json") || strings.HasSuffix(low, "json") ||
		strings.HasSuffix(low, "xml") || strings.HasSuffix(low, "-urlencoded")
}
