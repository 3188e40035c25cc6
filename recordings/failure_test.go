package recordings

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFailure reads the failures of the corpus's raw HTTP recordings that
// answered 400 (expected values copied by hand from the files' bodies),
// passes a recorded exception through, and reads hand-made answers:
// 500 with a text body, 404 with a FastAPI detail, a streamed 503, a
// numeric code; a 200, and a recording without status, are no failure.
func TestFailure(t *testing.T) {
	corpusCases := []struct {
		file, typ, msg string
	}{
		{"tests__integration__common__recordings__cf0be7f9e2ebfc78903aa4ada30204585952f77bc5acb3ff7702bd7878d44b44.json",
			"invalid_request_error", "messages is required"},
		{"tests__integration__interactions__recordings__36a00e747aef2ae388935ed0594b579735c5b0ca21f758c501c3c1985a1bb892.json",
			"invalid_request", "Missing key 'type' in input 'tools'."},
		{"tests__integration__interactions__recordings__d74983e8f1516fa8badbfcfce1cf01556bd84ec4e07ee7d31e225533b65f4261.json",
			"invalid_request", "Missing call_id in content of type function_result."},
	}
	for _, c := range corpusCases {
		t.Run(c.file[:40], func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "corpus", c.file))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Parse(c.file, data)
			if err != nil {
				t.Fatal(err)
			}
			f := r.Failure()
			if f == nil {
				t.Fatalf("no failure for a recording that answered %d", r.Status)
			}
			if f.Status != 400 || f.Type != c.typ || f.Message != c.msg || f.Body == nil {
				t.Errorf("Failure() = %+v, want 400 %s %q with the body", f, c.typ, c.msg)
			}
			if r.Exception != nil {
				t.Errorf("Exception = %+v, want nil: the file records no exception", r.Exception)
			}
		})
	}

	http := func(status, body string, streaming bool) string {
		s := `{"test_id": "t", "request": {"method": "POST", "url": "https://example.com/v1/x", "headers": {}, "payload": {"a": 1}}, "response": {"status": ` + status + `, "body": ` + body
		if streaming {
			s += `, "is_streaming": true`
		}
		return s + `}}`
	}
	cases := []struct {
		name, file string
		want       bool
		status     int
		typ, msg   string
	}{
		{"500 text body", http("500", `"upstream timed out"`, false), true, 500, "", "upstream timed out"},
		{"404 detail", http("404", `{"detail": "Not Found"}`, false), true, 404, "", "Not Found"},
		{"429 error object with a number code and a status", http("429", `{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota"}}`, false), true, 429, "RESOURCE_EXHAUSTED", "quota"},
		{"streamed 503", http("503", `[]`, true), true, 503, "", ""},
		{"200", http("200", `{"error": {"message": "not a failure"}}`, false), false, 0, "", ""},
		{"no status", `{"request": {"method": "POST", "url": "http://x/v1/chat/completions", "body": {}}, "response": {"body": {"choices": []}}}`, false, 0, "", ""},
		{"exception", `{"request": {"method": "POST", "url": "http://x/v1/chat/completions", "body": {}}, "response": {"is_exception": true, "exception_message": "boom", "exception_data": {"type": "BadRequestError", "status_code": 400}}}`, true, 400, "BadRequestError", "boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Parse("x.json", []byte(c.file))
			if err != nil {
				t.Fatal(err)
			}
			f := r.Failure()
			if (f != nil) != c.want {
				t.Fatalf("Failure() = %+v, want a failure: %v", f, c.want)
			}
			if f != nil && (f.Status != c.status || f.Type != c.typ || f.Message != c.msg) {
				t.Errorf("Failure() = %d %q %q, want %d %q %q", f.Status, f.Type, f.Message, c.status, c.typ, c.msg)
			}
			if c.name == "exception" && f != r.Exception {
				t.Errorf("Failure() is not the recorded Exception")
			}
		})
	}
}
