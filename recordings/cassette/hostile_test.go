package cassette

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestHostile: hostile YAML gets an error naming the file, or opens,
// quickly; a tag naming a Python callable is only a name.
func TestHostile(t *testing.T) {
	laughs := "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	for i, prev := 'b', 'a'; i <= 'j'; prev, i = i, i+1 {
		laughs += string(i) + ": &" + string(i) + " [" + strings.Repeat("*"+string(prev)+",", 8) + "*" + string(prev) + "]\n"
	}
	bomb := "interactions:\n- request: {method: POST, uri: 'http://x/', parsed_body: *j}\n  response: {status: {code: 200}}\n"
	for _, c := range []struct {
		name, doc string
		want      string // in the error; "" for no error
	}{
		{"laughs as a body", laughs + bomb, "follows more than 1000 aliases"},
		{"deep nesting", "interactions: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000), "x.yaml"},
		{"not a cassette", "just: text\n", "not a cassette"},
		{"a list", "- 1\n- 2\n", "not a mapping"},
		{"truncated", "interactions:\n- request: {method: POST, uri: 'http://x/'\n", "x.yaml"},
		{"interactions not a list", "interactions: 3\n", "not a list"},
		{"bad status", "interactions:\n- request: {method: POST, uri: u}\n  response: {status: {code: abc}}\n", "interaction 0: status"},
		{"bad binary", "interactions:\n- request: {method: POST, uri: u, body: !!binary '%%%'}\n  response: {status: {code: 200}}\n", "x.yaml"},
		{"gzip bomb header", "interactions:\n- request: {method: POST, uri: u}\n  response:\n    headers: {Content-Encoding: [gzip]}\n    body: {string: !!binary 'H4sIAAAAAAAA/w=='}\n    status: {code: 200}\n", "gzip"},
		{"python callable tag", "interactions:\n- request:\n    method: POST\n    uri: u\n    headers:\n      ? !!python/object/apply:os.system\n      - rm -rf /\n      : - x\n  response: {status: {code: 200}}\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			cs, err := Parse("x.yaml", []byte(c.doc))
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d) // a hang, not a figure: no timing assertion otherwise
			}
			switch {
			case c.want == "" && err != nil:
				t.Errorf("error %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("error %v, want one holding %q", err, c.want)
			}
			if c.name == "python callable tag" && err == nil && Header(cs.Interactions[0].RequestHeaders, "rm -rf /") != "x" {
				t.Errorf("the tagged key is not read as its name: %v", cs.Interactions[0].RequestHeaders)
			}
		})
	}
	if _, err := Parse("big.yaml", make([]byte, MaxSize+1)); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a document past MaxSize: %v", err)
	}
	if _, err := Parse("x", []byte("a: 1\n")); !errors.Is(err, ErrNotCassette) {
		t.Errorf("ErrNotCassette not wrapped: %v", err)
	}
}

// FuzzParse: Parse never panics, and a cassette it reads has what its
// interactions say.
func FuzzParse(f *testing.F) {
	for _, name := range []string{
		"pydantic-ai__tests__models__cassettes__test_openai__test_openai_text_output_function.yaml",
		"dd-trace-py__tests__cassettes__anthropic__anthropic_v1_messages_post_a6302ed3.yaml",
		"dd-trace-py__tests__cassettes__anthropic__anthropic_v1_messages_post_28bbec95.json",
	} {
		data, err := os.ReadFile(cassettes + "/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("interactions:\n- request: {method: POST, uri: u, parsed_body: {a: 1.0, b: &x [1, *x]}}\n  response: {status: 200}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data)
		if err == nil && c.Recorder == "" {
			t.Error("a cassette without its recorder")
		}
	})
}

// TestHostileFormats: hostile input of each other recorder's format is
// an error naming the file, quickly and within bounded memory (the
// bytes allocated stay under 4 × MaxSize), never a panic.
func TestHostileFormats(t *testing.T) {
	gz := func(b []byte) []byte {
		var out bytes.Buffer
		w := gzip.NewWriter(&out)
		w.Write(b)
		w.Close()
		return out.Bytes()
	}
	zeros := gz(make([]byte, MaxSize+1))
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	entry := `{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, "content": {"text": "ok"}}}`
	proxyEntry := `{"RequestUri": "http://x/", "RequestMethod": "GET", "StatusCode": 200}`
	for _, c := range []struct {
		name, file string
		data       []byte
		want       string
	}{
		{"httprr: a length of 2 GB", "x.httprr", []byte("httprr trace v1\n2147483648 17\nGET http://x/ HTTP/1.1\r\n\r\n"), "interaction 0: the lengths \"2147483648 17\" run past the trace's 26 bytes left"},
		{"httprr: a gzip bomb", "x.httprr.gz", zeros, "gzip: inflates past 67108864 bytes"},
		{"HAR: 100,000 entries", "x.har", []byte(`{"log": {"entries": [` + strings.Repeat(entry+",", 99_999) + entry + `]}}`), "100000 entries, more than 10000"},
		{"HAR: a gzip bomb in Polly's chunks", "x.har", []byte(`{"log": {"entries": [{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, ` +
			`"headers": [{"name": "content-encoding", "value": "gzip"}], "content": {"encoding": "base64", "text": ` + string(mustJSON(gzipChunks(make([]byte, MaxSize+1)))) + `}}}]}}`),
			"interaction 0: response content: gzip: inflates past 67108864 bytes"},
		{"test proxy: deep JSON in a body", "x.json", []byte(`{"Entries": [{"RequestUri": "http://x/", "ResponseHeaders": {"Content-Type": "application/json"}, "ResponseBody": ` + deep + `}]}`),
			"line 1: collections nested deeper than 1000 levels"},
		{"test proxy: 20,000 entries", "x.json", []byte(`{"Entries": [` + strings.Repeat(proxyEntry+",", 19_999) + proxyEntry + `]}`), "20000 entries, more than 10000"},
		{"rig: a gzip bomb in a base64 body", "tests/cassettes/openai/x.yaml", []byte("when: {path: /v1/x, method: POST}\nthen:\n  status: 200\n  header:\n  - {name: content-encoding, value: gzip}\n  body: " +
			base64.StdEncoding.EncodeToString(zeros) + "\n  body_encoding: base64\n"), "interaction 0: response body: gzip: inflates past"},
		{"go-vcr: deep YAML", "x.yaml", []byte("version: 2\ninteractions: " + deep + "\n"), "collections nested deeper than 1000 levels"},
		{"Ruby VCR: 20,000 interactions", "x.yml", []byte("http_interactions:\n" + strings.Repeat("- {request: {method: get, uri: 'http://x/'}, response: {status: {code: 200}}}\n", 20_000)), "20000 interactions, more than 10000"},
		{"vercel: a deep chunk", "x.chunks.txt", []byte(`{"type":"message_start","message":` + strings.Repeat(`{"a":`, 50_000) + "1" + strings.Repeat("}", 50_000) + "}\n"), "collections nested deeper than 1000 levels"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Parse(c.file, c.data)
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), "cassette: "+c.file+": ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %s holding %q", err, c.file, c.want)
			}
			if d > 10*time.Second {
				t.Errorf("took %v", d) // a hang, not a figure: no timing assertion otherwise
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 4*MaxSize {
				t.Errorf("allocated %d bytes", n)
			}
			t.Logf("%v, %d MB allocated", d.Round(time.Millisecond), (after.TotalAlloc-before.TotalAlloc)>>20)
		})
	}
}
