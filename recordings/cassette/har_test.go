package cassette

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

// harDoc is a HAR log of one entry whose response has the content and
// headers given, as JSON.
func harDoc(content, headers string) string {
	return `{"log": {"version": "1.2", "creator": {"name": "Polly.JS", "version": "6.0.6", "comment": "persister:fs"}, "entries": [
  {"request": {"method": "POST", "url": "https://api.openai.com/v1/chat/completions", "headers": [{"name": "content-type", "value": "application/json"}],
     "postData": {"mimeType": "application/json", "params": [], "text": "{\"model\":\"gpt-4o\"}"}},
   "response": {"status": 200, "headers": [` + headers + `], "content": ` + content + `}}]}}`
}

// gzipChunks is body gzipped, cut in two and each piece in base64, as the
// JSON list Polly.JS writes for a response under a Content-Encoding.
func gzipChunks(body []byte) string {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(body)
	w.Close()
	b := gz.Bytes()
	list, _ := json.Marshal([]string{base64.StdEncoding.EncodeToString(b[:len(b)/2]), base64.StdEncoding.EncodeToString(b[len(b)/2:])})
	return string(list)
}

// TestHAR: a HAR entry's request and response, as HAR 1.2 and Polly.JS
// write them: the creator named, postData's text, content's text as it
// is, in base64, or as Polly's list of base64 gzip chunks, joined and
// gunzipped; a form's params.
func TestHAR(t *testing.T) {
	const answer = `{"id":"chatcmpl-1","object":"chat.completion","choices":[]}`
	for _, c := range []struct {
		name, content, headers, want string
	}{
		{"text", `{"mimeType": "application/json", "size": 60, "text": ` + string(mustJSON(answer)) + `}`, `{"name": "content-type", "value": "application/json"}`, answer},
		{"base64", `{"mimeType": "application/octet-stream", "encoding": "base64", "text": "AAEC/w=="}`, "", "\x00\x01\x02\xff"},
		{"polly gzip chunks", `{"mimeType": "application/json", "encoding": "base64", "text": ` + string(mustJSON(gzipChunks([]byte(answer)))) + `}`,
			`{"name": "content-encoding", "value": "gzip"}, {"name": "content-type", "value": "application/json"}`, answer},
		{"decoded under its coding", `{"mimeType": "application/json", "text": ` + string(mustJSON(answer)) + `}`, `{"name": "content-encoding", "value": "br"}`, answer},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, err := Parse("recording.har", []byte(harDoc(c.content, c.headers)))
			if err != nil {
				t.Fatal(err)
			}
			if cs.Recorder != HAR || cs.RecordedWith != "Polly.JS 6.0.6" || len(cs.Interactions) != 1 {
				t.Fatalf("recorder %q %q, %d interactions", cs.Recorder, cs.RecordedWith, len(cs.Interactions))
			}
			it := cs.Interactions[0]
			if it.Method != "POST" || it.URI != "https://api.openai.com/v1/chat/completions" || it.Status != 200 ||
				string(it.RequestBody) != `{"model":"gpt-4o"}` || string(it.ResponseBody) != c.want {
				t.Errorf("%s %s %d %q → %q", it.Method, it.URI, it.Status, it.RequestBody, it.ResponseBody)
			}
		})
	}
	form := `{"log": {"entries": [{"request": {"method": "POST", "url": "http://x/", "headers": [], "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "a b", "value": "1&2"}]}},
		"response": {"status": 204, "headers": [], "content": {"size": 0, "mimeType": "x-unknown"}}}]}}`
	cs, err := Parse("form.har", []byte(form))
	if err != nil {
		t.Fatal(err)
	}
	if it := cs.Interactions[0]; string(it.RequestBody) != "a+b=1%262" || it.ResponseBody != nil || it.Notice != "the response has no body" {
		t.Errorf("a form's params: %q, response %q, %q", it.RequestBody, it.ResponseBody, it.Notice)
	}
}

func mustJSON(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// TestHARHostile: a HAR past maxInteractions entries, a gzip bomb in
// Polly's chunk list, chunks that are not base64 or not a list, are
// errors naming the file and the entry, quickly and within MaxSize.
func TestHARHostile(t *testing.T) {
	entry := `{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, "content": {"text": "ok"}}}`
	many := `{"log": {"entries": [` + strings.Repeat(entry+",", 99_999) + entry + `]}}`
	bomb := gzipChunks(make([]byte, MaxSize+1))
	for _, c := range []struct{ name, doc, want string }{
		{"100,000 entries", many, "100000 entries, more than 10000"},
		{"gzip bomb", harDoc(`{"encoding": "base64", "text": `+string(mustJSON(bomb))+`}`, `{"name": "Content-Encoding", "value": "gzip"}`), "interaction 0: response content: gzip: inflates past 67108864 bytes"},
		{"bad chunk", harDoc(`{"encoding": "base64", "text": "[\"AAEC\", \"%%\"]"}`, ""), "interaction 0: response content: chunk 1: illegal base64"},
		{"not a list", harDoc(`{"encoding": "base64", "text": "[1, 2"}`, ""), "interaction 0: response content: a list of base64 chunks"},
		{"entries not a list", `{"log": {"entries": {}}}`, "log: json: cannot unmarshal object"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.har", []byte(c.doc))
			if err == nil || !strings.Contains(err.Error(), "cassette: x.har: "+c.want) {
				t.Errorf("error %v, want one holding %q", err, c.want)
			}
		})
	}
}
