package cassette

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// harLog is a HAR document's log, its entries left to read one by one.
type harLog struct {
	Creator struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"creator"`
	Entries []json.RawMessage `json:"entries"`
}

// harPair is a header, or a query or form parameter.
type harPair struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// harEntry is one entry of a HAR log, what recview reads of it.
type harEntry struct {
	Request struct {
		Method   string    `json:"method"`
		URL      string    `json:"url"`
		Headers  []harPair `json:"headers"`
		PostData *struct {
			Text   *string   `json:"text"`
			Params []harPair `json:"params"`
		} `json:"postData"`
	} `json:"request"`
	Response struct {
		Status  int       `json:"status"`
		Headers []harPair `json:"headers"`
		Content struct {
			Text     *string `json:"text"`
			Encoding string  `json:"encoding"`
		} `json:"content"`
	} `json:"response"`
}

// parseHAR reads a HAR 1.2 log (the HTTP Archive format: "HAR 1.2
// Spec", softwareishard.com/blog/har-12-spec, which the W3C Web
// Performance group's draft took up; Polly.JS's persister writes it, any
// browser exports it): {log: {creator, entries: [{request:
// {method, url, headers, postData: {mimeType, text | params}},
// response: {status, headers, content: {mimeType, text, encoding}}}]}},
// headers as lists of {name, value}; a request body is postData.text
// (or its params as a form), a response body content.text, base64 when
// encoding is "base64". Polly.JS's node-http adapter records a response
// under a Content-Encoding as the JSON list of its chunks, each in
// base64 (@pollyjs/adapter-node-http, src/index.js,
// getBodyFromChunks): the chunks are joined, then the coding undone.
func parseHAR(name string, log json.RawMessage) (*Cassette, error) {
	var l harLog
	if err := json.Unmarshal(log, &l); err != nil {
		return nil, fmt.Errorf("cassette: %s: log: %w", name, err)
	}
	if len(l.Entries) > maxInteractions {
		return nil, fmt.Errorf("cassette: %s: %d entries, more than %d", name, len(l.Entries), maxInteractions)
	}
	c := &Cassette{Name: name, Recorder: HAR, RecordedWith: strings.TrimSpace(l.Creator.Name + " " + l.Creator.Version)}
	for i, raw := range l.Entries {
		it, err := harInteraction(raw)
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, i, err)
		}
		c.Interactions = append(c.Interactions, it)
	}
	return c, nil
}

// harInteraction reads one entry of a HAR log.
func harInteraction(raw json.RawMessage) (it Interaction, err error) {
	var e harEntry
	if err := json.Unmarshal(raw, &e); err != nil {
		return it, err
	}
	it.Method, it.URI, it.Status = e.Request.Method, e.Request.URL, e.Response.Status
	it.RequestHeaders, it.ResponseHeaders = harHeaders(e.Request.Headers), harHeaders(e.Response.Headers)
	if pd := e.Request.PostData; pd != nil {
		switch {
		case pd.Text != nil:
			it.RequestBody = []byte(*pd.Text)
		case len(pd.Params) > 0:
			form := url.Values{}
			for _, p := range pd.Params {
				form.Add(p.Name, p.Value)
			}
			it.RequestBody = []byte(form.Encode())
		}
	}
	if t := e.Response.Content.Text; t != nil {
		it.ResponseBody = []byte(*t)
		if e.Response.Content.Encoding == "base64" {
			if it.ResponseBody, err = harBase64(*t); err != nil {
				return it, fmt.Errorf("response content: %w", err)
			}
		}
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, fmt.Errorf("response content: %w", err)
	}
	return it, nil
}

// harBase64 decodes a content.text in base64, or the JSON list of base64
// chunks Polly.JS writes for a response under a Content-Encoding, joined.
func harBase64(text string) ([]byte, error) {
	if !strings.HasPrefix(text, "[") {
		return base64.StdEncoding.DecodeString(text)
	}
	var chunks []string
	if err := json.Unmarshal([]byte(text), &chunks); err != nil {
		return nil, fmt.Errorf("a list of base64 chunks: %w", err)
	}
	var out []byte
	for i, ch := range chunks {
		b, err := base64.StdEncoding.DecodeString(ch)
		if err != nil {
			return nil, fmt.Errorf("chunk %d: %w", i, err)
		}
		out = append(out, b...)
	}
	return out, nil
}

// harHeaders is a list of {name, value} as headers.
func harHeaders(ps []harPair) map[string][]string {
	if ps == nil {
		return nil
	}
	h := make(map[string][]string, len(ps))
	for _, p := range ps {
		h[p.Name] = append(h[p.Name], p.Value)
	}
	return h
}
