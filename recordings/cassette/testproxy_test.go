package cassette

import (
	"strings"
	"testing"
)

// TestTestProxy: the test proxy's entries are read as RecordEntry.cs
// reads them back: a JSON body as its compact JSON, a stream's lines (each
// keeping its line end) joined, bytes under another Content-Type from
// base64, a multipart list's parts with their "b64:" items decoded, a
// header's list of values.
func TestTestProxy(t *testing.T) {
	doc := "\ufeff" + `{
  "Entries": [
    {
      "RequestUri": "https://api.openai.com/v1/responses",
      "RequestMethod": "POST",
      "RequestHeaders": {"Content-Type": "application/json", "Accept": ["a", "b"]},
      "RequestBody": {"model": "gpt-4o", "stream": true},
      "StatusCode": 200,
      "ResponseHeaders": {"Content-Type": "text/event-stream; charset=utf-8"},
      "ResponseBody": ["event: response.created\n", "data: {\"type\":\"response.created\"}\r\n", "\n", "data: [DONE]"]
    },
    {
      "RequestUri": "https://api.openai.com/v1/audio/speech",
      "RequestMethod": "POST",
      "RequestHeaders": {"content-type": "multipart/form-data; boundary=\"xy\""},
      "RequestBody": ["--xy\r\n", "Content-Type: audio/mpeg\r\n", "\r\n", "b64:AAEC/w==", "\r\n", [], "--xy--\r\n"],
      "StatusCode": 200,
      "ResponseHeaders": {"Content-Type": "audio/mpeg"},
      "ResponseBody": "SUQz"
    },
    {
      "RequestUri": "https://api.openai.com/v1/files/f",
      "RequestMethod": "DELETE",
      "RequestHeaders": {},
      "RequestBody": null,
      "StatusCode": 204,
      "ResponseHeaders": {},
      "ResponseBody": []
    }
  ],
  "Variables": {"OPENAI_API_KEY": "Sanitized"}
}`
	c, err := Parse("SessionRecords/X/Y.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if c.Recorder != TestProxy || len(c.Interactions) != 3 {
		t.Fatalf("recorder %q, %d interactions", c.Recorder, len(c.Interactions))
	}
	a, b, d := c.Interactions[0], c.Interactions[1], c.Interactions[2]
	if a.Method != "POST" || a.URI != "https://api.openai.com/v1/responses" || a.Status != 200 || string(a.RequestBody) != `{"model":"gpt-4o","stream":true}` ||
		string(a.ResponseBody) != "event: response.created\ndata: {\"type\":\"response.created\"}\r\n\ndata: [DONE]" ||
		strings.Join(a.RequestHeaders["Accept"], ",") != "a,b" || !a.StreamedResponse() {
		t.Errorf("entry 1: %s %s %d %q %q %v", a.Method, a.URI, a.Status, a.RequestBody, a.ResponseBody, a.RequestHeaders)
	}
	if string(b.RequestBody) != "--xy\r\nContent-Type: audio/mpeg\r\n\r\n\x00\x01\x02\xff\r\n--xy--\r\n" || string(b.ResponseBody) != "ID3" {
		t.Errorf("entry 2: %q %q", b.RequestBody, b.ResponseBody)
	}
	if d.Status != 204 || d.RequestBody != nil || len(d.ResponseBody) != 0 || d.Notice != "the response has no body" {
		t.Errorf("entry 3: %d %q %q %q", d.Status, d.RequestBody, d.ResponseBody, d.Notice)
	}
	for _, bad := range []struct{ doc, want string }{
		{`{"Entries": 3}`, "Entries is not a list"},
		{`{"Entries": [{"RequestHeaders": {"A": 1}}]}`, `interaction 0: RequestHeaders: header "A" is neither a string nor a list of them`},
		{`{"Entries": [{"ResponseHeaders": {"Content-Type": "text/plain"}, "ResponseBody": ["a", 1]}]}`, "interaction 0: ResponseBody: a list whose items are not strings"},
		{`{"Entries": [{"ResponseHeaders": {"Content-Type": "audio/mpeg"}, "ResponseBody": "%%"}]}`, "interaction 0: ResponseBody: illegal base64"},
		{`{"Entries": [{"ResponseBody": {"a": 1}}]}`, `interaction 0: ResponseBody: JSON {"a": 1}… under the Content-Type "", which is not text`},
		{`{"Entries": [{"StatusCode": "200"}]}`, "interaction 0: json: cannot unmarshal string"},
	} {
		if _, err := Parse("p.json", []byte(bad.doc)); err == nil || !strings.Contains(err.Error(), "cassette: p.json: "+bad.want) {
			t.Errorf("error %v, want one holding %q", err, bad.want)
		}
	}
}
