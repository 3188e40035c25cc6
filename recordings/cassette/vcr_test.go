package cassette

import (
	"strings"
	"testing"
)

// TestVCRLayouts: Ruby VCR's and go-vcr's layouts, each part read as its
// recorder writes it: the recorder named by the layout, Ruby VCR's
// recorded_with, its lowercase method as written, its base64_string and
// !binary bodies, go-vcr's status string and code.
func TestVCRLayouts(t *testing.T) {
	for _, c := range []struct {
		name, doc    string
		recorder     Recorder
		recordedWith string
		method       string
		status       int
		req, resp    string
	}{
		{"ruby string", "http_interactions:\n- request:\n    method: post\n    uri: https://api.openai.com/v1/chat/completions\n" +
			"    body: {encoding: UTF-8, string: '{\"a\":1}'}\n    headers: {Content-Type: [application/json]}\n" +
			"  response:\n    status: {code: 200, message: OK}\n    body: {encoding: UTF-8, string: 'ok'}\n" +
			"  recorded_at: Sun, 26 Nov 2023 11:45:48 GMT\nrecorded_with: VCR 6.4.0\n",
			RubyVCR, "VCR 6.4.0", "post", 200, `{"a":1}`, "ok"},
		{"ruby base64_string", "http_interactions:\n- request: {method: get, uri: 'http://x/'}\n" +
			"  response:\n    status: {code: 201, message: Created}\n    body:\n      encoding: ASCII-8BIT\n      base64_string: |\n        aGVs\n        bG8=\n",
			RubyVCR, "", "get", 201, "", "hello"},
		{"ruby !binary", "http_interactions:\n- request: {method: post, uri: 'http://x/'}\n" +
			"  response:\n    status: {code: 200, message: OK}\n    body:\n      encoding: ASCII-8BIT\n      string: !binary |-\n        AAEC/w==\n",
			RubyVCR, "", "post", 200, "", "\x00\x01\x02\xff"},
		{"go-vcr", "---\nversion: 2\ninteractions:\n- id: 0\n  request:\n    content_length: 7\n    body: '{\"a\":1}'\n    url: https://api.anthropic.com/v1/messages\n    method: POST\n" +
			"  response:\n    content_length: -1\n    body: 'ok'\n    status: 200 OK\n    code: 200\n    duration: 1.5s\n",
			GoVCR, "", "POST", 200, `{"a":1}`, "ok"},
		{"go-vcr status alone", "version: 2\ninteractions:\n- id: 0\n  request: {url: 'http://x/', method: GET}\n  response: {status: 404 Not Found, body: !!binary 'AAEC/w=='}\n",
			GoVCR, "", "GET", 404, "", "\x00\x01\x02\xff"},
		{"vcrpy version 1", "interactions:\n- request: {method: POST, uri: 'http://x/', body: null}\n  response: {status: {code: 200, message: OK}, body: {string: ok}}\nversion: 1\n",
			VCR, "", "POST", 200, "", "ok"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, err := Parse("x.yml", []byte(c.doc))
			if err != nil {
				t.Fatal(err)
			}
			if cs.Recorder != c.recorder || cs.RecordedWith != c.recordedWith || len(cs.Interactions) != 1 {
				t.Fatalf("recorder %q, recorded with %q, %d interactions", cs.Recorder, cs.RecordedWith, len(cs.Interactions))
			}
			it := cs.Interactions[0]
			if it.Method != c.method || it.Status != c.status || string(it.RequestBody) != c.req || string(it.ResponseBody) != c.resp {
				t.Errorf("%s %d request %q response %q", it.Method, it.Status, it.RequestBody, it.ResponseBody)
			}
		})
	}
	if _, err := Parse("x.yml", []byte("version: 2\ninteractions:\n- request: {url: u}\n  response: {status: OK}\n")); err == nil || !strings.Contains(err.Error(), `interaction 0: status "OK"`) {
		t.Errorf("a status that is no number: %v", err)
	}
}
