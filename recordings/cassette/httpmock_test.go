package cassette

import (
	"strings"
	"testing"
)

// TestHTTPMock: rig's cassettes, httpmock's when/then documents, are read
// one interaction a document; their host is the provider folder's, which
// the notice names, from a path or a flattened copy's name; a mock that
// names its host keeps it; bodies in base64 are decoded.
func TestHTTPMock(t *testing.T) {
	const doc = "when:\n  path: /v1/chat/completions\n  method: POST\n  query_param:\n  - name: api-version\n    value: 2024 10\n" +
		"  header:\n  - name: content-type\n    value: application/json\n  body: '{\"model\":\"m\"}'\nthen:\n  status: 200\n" +
		"  header:\n  - name: content-type\n    value: application/json\n  - name: set-cookie\n    value: a\n  - name: set-cookie\n    value: b\n  body: '{\"id\":\"x\"}'\n" +
		"---\nwhen:\n  path: /model/amazon.nova-lite-v1%3A0/converse-stream\n  method: POST\n  query_param: []\n  header: []\n  body: '{}'\n" +
		"then:\n  status: 200\n  header: []\n  body: AAEC/w==\n  body_encoding: base64\n"
	for _, c := range []struct {
		name, uri, notice string
	}{
		{"tests/cassettes/openai/streaming/streaming_smoke.yaml", "https://api.openai.com/v1/chat/completions?api-version=2024+10",
			`the cassette records no host: https://api.openai.com is the one rig's tests call for the provider folder "openai"`},
		{"0xPlaygrounds__rig__tests__cassettes__openai__streaming__streaming_smoke.yaml", "https://api.openai.com/v1/chat/completions?api-version=2024+10",
			`the cassette records no host: https://api.openai.com is the one rig's tests call for the provider folder "openai"`},
		{"tests/cassettes/acme/x.yaml", "/v1/chat/completions?api-version=2024+10",
			`the cassette records no host, and recview knows none for the provider folder "acme": the URI is the path alone`},
		{"x.yaml", "/v1/chat/completions?api-version=2024+10",
			"the cassette records no host, and its path names no provider folder (…/cassettes/PROVIDER/…): the URI is the path alone"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, err := Parse(c.name, []byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			if cs.Recorder != HTTPMock || len(cs.Interactions) != 2 {
				t.Fatalf("recorder %q, %d interactions", cs.Recorder, len(cs.Interactions))
			}
			a, b := cs.Interactions[0], cs.Interactions[1]
			if a.Method != "POST" || a.URI != c.uri || a.Status != 200 || string(a.RequestBody) != `{"model":"m"}` || string(a.ResponseBody) != `{"id":"x"}` ||
				strings.Join(a.ResponseHeaders["set-cookie"], ",") != "a,b" || Header(a.RequestHeaders, "Content-Type") != "application/json" {
				t.Errorf("interaction 1: %s %s %d %q %q %v", a.Method, a.URI, a.Status, a.RequestBody, a.ResponseBody, a.ResponseHeaders)
			}
			if a.Notice != c.notice {
				t.Errorf("notice %q, want %q", a.Notice, c.notice)
			}
			if !strings.HasSuffix(b.URI, "/model/amazon.nova-lite-v1%3A0/converse-stream") || string(b.ResponseBody) != "\x00\x01\x02\xff" {
				t.Errorf("interaction 2: %s %q", b.URI, b.ResponseBody)
			}
		})
	}
	own := "when:\n  scheme: https\n  host: example.com\n  port: 8443\n  path: /a\n  method: GET\nthen:\n  status: 204\n  body_base64: aGk=\n"
	cs, err := Parse("tests/cassettes/openai/x.yaml", []byte(own))
	if err != nil {
		t.Fatal(err)
	}
	if it := cs.Interactions[0]; it.URI != "https://example.com:8443/a" || string(it.ResponseBody) != "hi" || it.Status != 204 || it.Notice != "" {
		t.Errorf("httpmock's own mock: %s %q %d %q", it.URI, it.ResponseBody, it.Status, it.Notice)
	}
	for _, bad := range []struct{ doc, want string }{
		{doc + "---\njust: text\n", "interaction 2: not a mapping of when and then"},
		{"when: {path: /a}\nthen: {status: abc}\n", "interaction 0: status \"abc\" is not a number"},
		{"when: {path: /a, header: 3}\nthen: {status: 200}\n", "interaction 0: request header: not a list"},
		{"when: {path: /a}\nthen: {status: 200, body: '%%', body_encoding: base64}\n", "interaction 0: response body: illegal base64"},
		{"when: {path: /a}\nthen: {status: 200}\n---\nwhen: [\n", "interaction 1: yaml:"},
	} {
		if _, err := Parse("r.yaml", []byte(bad.doc)); err == nil || !strings.Contains(err.Error(), "cassette: r.yaml: "+bad.want) {
			t.Errorf("error %v, want one holding %q", err, bad.want)
		}
	}
}
