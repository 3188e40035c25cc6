package cassette

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
	"testing"
)

// trace is an httprr trace of the calls, each a request and a response
// as written on the wire.
func trace(calls ...[2]string) []byte {
	var b strings.Builder
	b.WriteString("httprr trace v1\n")
	for _, c := range calls {
		b.WriteString(strconv.Itoa(len(c[0])) + " " + strconv.Itoa(len(c[1])) + "\n" + c[0] + c[1])
	}
	return []byte(b.String())
}

// TestHTTPRR: a trace's calls are read as httprr writes them: the request
// line in proxy form, CRLF and LF line ends, a chunked response body
// undone, a gzipped trace; a body whose Content-Length a scrubber left
// stale is the record's bytes.
func TestHTTPRR(t *testing.T) {
	req := "POST https://api.anthropic.com/v1/messages HTTP/1.1\r\nHost: api.anthropic.com\r\nUser-Agent: langchaingo-httprr\nContent-Length: 5\r\nContent-Type: application/json\r\n\r\n{\"a\":1}"
	chunked := "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-ndjson\r\n\r\n" +
		"a\r\n{\"done\":fa\r\n5\r\nlse}\n\r\n0\r\n\r\n"
	get := "GET https://serpapi.com/search?q=a+b&api_key=test HTTP/1.1\r\nHost: serpapi.com\r\n\r\n"
	plain := "HTTP/2.0 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno"
	data := trace([2]string{req, chunked}, [2]string{get, plain})
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(data)
	w.Close()
	for name, d := range map[string][]byte{"x.httprr": data, "x.httprr.gz": gz.Bytes(), "crlf.httprr": bytes.Replace(data, []byte("v1\n"), []byte("v1\r\n"), 1)} {
		t.Run(name, func(t *testing.T) {
			c, err := Parse(name, d)
			if err != nil {
				t.Fatal(err)
			}
			if c.Recorder != HTTPRR || len(c.Interactions) != 2 {
				t.Fatalf("recorder %q, %d interactions", c.Recorder, len(c.Interactions))
			}
			a, b := c.Interactions[0], c.Interactions[1]
			if a.Method != "POST" || a.URI != "https://api.anthropic.com/v1/messages" || string(a.RequestBody) != `{"a":1}` ||
				a.Status != 200 || string(a.ResponseBody) != "{\"done\":false}\n" || Header(a.RequestHeaders, "user-agent") != "langchaingo-httprr" {
				t.Errorf("call 1: %s %s %q → %d %q %v", a.Method, a.URI, a.RequestBody, a.Status, a.ResponseBody, a.RequestHeaders)
			}
			if b.Method != "GET" || b.URI != "https://serpapi.com/search?q=a+b&api_key=test" || b.RequestBody != nil || b.Status != 404 || string(b.ResponseBody) != "no" {
				t.Errorf("call 2: %s %s %q → %d %q", b.Method, b.URI, b.RequestBody, b.Status, b.ResponseBody)
			}
			if !a.StreamedResponse() || b.StreamedResponse() {
				t.Errorf("streamed: %v %v", a.StreamedResponse(), b.StreamedResponse())
			}
			// The gzipped trace's text, for a link; none for text.
			if want := map[bool][]byte{true: data}[strings.HasSuffix(name, ".gz")]; !bytes.Equal(c.Unzipped, want) {
				t.Errorf("Unzipped %.40q, want %.40q", c.Unzipped, want)
			}
		})
	}
}

// TestHTTPRRHostile: a trace whose lengths lie, or whose messages do not
// parse, is an error naming the file and the call, never a panic or a
// read past the bytes.
func TestHTTPRRHostile(t *testing.T) {
	ok := "GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n"
	resp := "HTTP/1.1 200 OK\r\n\r\n"
	for _, c := range []struct{ name, data, want string }{
		{"2 GB request", "httprr trace v1\n2147483648 10\n" + ok, "interaction 0: the lengths \"2147483648 10\" run past"},
		{"huge response", "httprr trace v1\n10 9223372036854775807\n" + ok + resp, "interaction 0: the lengths"},
		{"overflowing", "httprr trace v1\n99999999999999999999999 1\n", "interaction 0: the lengths"},
		{"negative", "httprr trace v1\n-5 3\n" + ok, "interaction 0: the lengths"},
		{"no lengths", "httprr trace v1\n" + ok, "interaction 0: the lengths"},
		{"second call cut", string(trace([2]string{ok, resp})) + "100 100\nGET", "interaction 1: the lengths"},
		{"bad request", string(trace([2]string{"HELLO\r\n\r\n", resp})), "interaction 0: request: malformed request line"},
		{"bad response", string(trace([2]string{ok, "200 OK\r\n\r\n"})), "interaction 0: response: malformed status line"},
		{"bad chunk", string(trace([2]string{ok, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffff\r\nab"})), "interaction 0: response body: chunked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.httprr", []byte(c.data))
			if err == nil || !strings.Contains(err.Error(), "cassette: x.httprr: "+c.want) {
				t.Errorf("error %v, want one holding %q", err, c.want)
			}
		})
	}
}
