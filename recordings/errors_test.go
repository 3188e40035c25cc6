package recordings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
)

func TestParseErrors(t *testing.T) {
	seed, err := os.ReadFile(filepath.Join(corpustest.Dir(), "seeds", "4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		input     string
		is        error  // sentinel the error must wrap, or nil
		line, col int    // position, 0 when none applies
		path      string // JSON path in the error
		msg       string // substring of the message
	}{
		{name: "empty", input: "", is: ErrNotRecording, msg: "empty input"},
		{name: "not JSON", input: "hello", line: 1, col: 1, msg: "invalid JSON"},
		{name: "binary", input: "\x89PNG\r\n\x1a\n\x00\x00", is: ErrNotRecording, msg: "x.json: not a recording: binary data (PNG image)"},
		{name: "bad token on line 3", input: "{\n  \"request\": {},\n  \"response\": nope\n}", line: 3, col: 16, msg: "invalid character 'o' in literal null"},
		{name: "truncated", input: string(seed[:len(seed)/2]), line: strings.Count(string(seed[:len(seed)/2]), "\n") + 1, msg: "truncated"},
		{name: "array", input: "[1,2]", is: ErrNotRecording, msg: "top level is array"},
		{name: "object without request", input: `{"a": 1}`, is: ErrNotRecording, msg: `no "request"`},
		{name: "request not object", input: `{"request": "x", "response": {}}`, is: ErrBadField, path: "request", msg: "want object, got string"},
		{name: "is_streaming not bool", input: `{"request": {"url": "http://h/v1/chat/completions"}, "response": {"body": [], "is_streaming": "yes"}}`, is: ErrBadField, path: "response.is_streaming"},
		{name: "stream body not list", input: `{"request": {"url": "http://h/v1/chat/completions"}, "response": {"body": {}, "is_streaming": true}}`, is: ErrBadField, path: "response.body"},
		{name: "chunk not object", input: `{"request": {"url": "http://h/v1/chat/completions"}, "response": {"body": [{}, 3], "is_streaming": true}}`, is: ErrBadField, path: "response.body[1]"},
		{name: "mixed SSE lines", input: `{"request": {"url": "http://h/v1/messages", "payload": {}}, "response": {"body": ["event: x", 3], "is_streaming": true}}`, is: ErrBadField, path: "response.body[1]"},
		{name: "test_id number", input: `{"test_id": 5, "request": {}, "response": {"body": null}}`, is: ErrBadField, path: "test_id"},
		{name: "model number", input: `{"request": {"url": "http://h/v1/chat/completions", "model": 1}, "response": {"body": null}}`, is: ErrBadField, path: "request.model"},
		{name: "no body", input: `{"request": {"url": "http://h/v1/models"}, "response": {}}`, is: ErrNotRecording, path: "response"},
		{name: "nested 301 deep", input: `{"request": {}, "response": {"body": ` + strings.Repeat("[", 299) + strings.Repeat("]", 299) + `}}`, msg: "invalid JSON: nested more than 300 levels deep"},
		// Number tokens fastjson's parser lets through, not JSON.
		{name: "lone dot", input: `{"request":{},"response":{"body":.}}`, line: 1, col: 34, msg: "invalid JSON"},
		{name: "nan", input: `{"request": {}, "response": {"body": [nan]}}`, line: 1, col: 40, msg: "invalid JSON"}, // at the a
		{name: "plus sign", input: `{"request": {}, "response": {"body": +1}}`, line: 1, col: 38, msg: "invalid JSON"},
		{name: "leading zero", input: `{"request": {}, "response": {"body": [01]}}`, line: 1, col: 40, msg: "invalid JSON"},
		{name: "unknown escape", input: `{"request": {}, "response": {"body": ["a\x"]}}`, line: 1, col: 42, msg: "invalid JSON"},
		{name: "raw control character", input: "{\"request\": {}, \"response\": {\"body\": [\"a\tb\"]}}", line: 1, col: 41, msg: "invalid JSON"},
		{name: "status text", input: `{"request": {"url": "u", "payload": {}}, "response": {"body": {}, "status": "ok"}}`, is: ErrBadField, path: "response.status"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse("x.json", []byte(tc.input))
			if err == nil {
				t.Fatalf("Parse succeeded: %+v", r)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q does not wrap %v", err, tc.is)
			}
			if pe.Line != tc.line || (tc.col != 0 && pe.Col != tc.col) {
				t.Errorf("position %d:%d, want %d:%d (%v)", pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if pe.Path != tc.path {
				t.Errorf("path %q, want %q", pe.Path, tc.path)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "recordings: x.json:") || !strings.Contains(msg, tc.msg) {
				t.Errorf("message %q: want prefix %q and %q in it", msg, "recordings: x.json:", tc.msg)
			}
		})
	}
}

func TestParseTooLarge(t *testing.T) {
	_, err := Parse("big.json", make([]byte, MaxSize+1))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
}

func TestUnknownKind(t *testing.T) {
	in := `{"test_id": "t", "request": {"method": "POST", "url": "http://h/v2/frobnicate", "headers": {}, "body": {"x": 1}, "endpoint": "/v2/frobnicate", "model": "m"},
	        "response": {"body": {"__type__": "acme.Frob", "__data__": {"frob": true}}, "is_streaming": false}}`
	r, err := Parse("u.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Unknown || r.Family != FamilyUnknown || !strings.Contains(r.Notice, "/v2/frobnicate") {
		t.Fatalf("Unknown=%v Family=%s Notice=%q", r.Unknown, r.Family, r.Notice)
	}
	v, err := Assemble(r)
	if err != nil || string(jsonx.Compact(v)) != `{"frob":true}` {
		t.Fatalf("Assemble = %s, %v; want the body as recorded", jsonx.Compact(v), err)
	}
	if _, err := NewStepper(r); !errors.Is(err, ErrNotStream) {
		t.Errorf("NewStepper err = %v, want ErrNotStream", err)
	}
}

func TestUnknownEndpointKnownData(t *testing.T) {
	// The endpoint is new, but the chunks say what they are.
	in := `{"request": {"url": "http://h/v9/chat", "body": {}}, "response": {"is_streaming": true, "body": [
	  {"__type__": "renamed.Chunk", "__data__": {"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": "stop"}]}}]}}`
	r, err := Parse("", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if r.Family != FamilyOpenAIChat || r.Unknown {
		t.Fatalf("Family = %s, Unknown = %v", r.Family, r.Unknown)
	}
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := getStr(v.GetArray("choices")[0], "message", "content"); got != "Hi" {
		t.Errorf("content = %q", got)
	}
}

// cutStream is a chat stream that stops before any finish_reason.
const cutStream = `{"request": {"url": "http://h/v1/chat/completions", "body": {}}, "response": {"is_streaming": true, "body": [
  {"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}}]},
  {"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "lo"}}]}]}}`

func TestIncompleteStream(t *testing.T) {
	r, err := Parse("cut.json", []byte(cutStream))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Assemble(r)
	if !errors.Is(err, ErrIncompleteStream) {
		t.Fatalf("err = %v, want ErrIncompleteStream", err)
	}
	if got := getStr(v.GetArray("choices")[0], "message", "content"); got != "Hello" {
		t.Errorf("partial content = %q, want Hello", got)
	}
}

func TestBadChunkSkipped(t *testing.T) {
	in := `{"request": {"url": "http://h/v1/chat/completions", "body": {}}, "response": {"is_streaming": true, "body": [
	  {"id": "c", "choices": [{"index": 0, "delta": {"content": "A"}}]},
	  {"id": "c", "choices": [{"index": 999999999, "delta": {"content": "X"}}]},
	  {"id": "c", "choices": "nope"},
	  {"id": "c", "choices": [{"index": 0, "delta": {"content": "B", "tool_calls": [{"index": 1000000}]}, "finish_reason": "stop"}]}]}}`
	r, err := Parse("bad.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Assemble(r)
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrBadChunk) || pe.Path != "response.body[1]" {
		t.Fatalf("err = %v, want a ParseError at response.body[1] wrapping ErrBadChunk", err)
	}
	if n := len(v.GetArray("choices")); n != 1 {
		t.Errorf("%d choices: the out-of-range index was not rejected", n)
	}
	s, _ := NewStepper(r)
	for k, want := range map[int]bool{1: false, 2: true, 3: true, 4: true} {
		if got := s.ChunkErr(k) != nil; got != want {
			t.Errorf("ChunkErr(%d) = %v, want error %v", k, s.ChunkErr(k), want)
		}
	}
}

// TestControlCharactersSurvive checks that text with characters Go and JSON
// escape differently (BEL, VT, ESC, DEL, an emoji, a tag character) comes
// out of assembly byte for byte.
func TestControlCharactersSurvive(t *testing.T) {
	in := `{"request": {"url": "http://h/v1/chat/completions", "body": {}}, "response": {"is_streaming": true, "body": [
	  {"id": "c", "choices": [{"index": 0, "delta": {"content": "a\u0007b\u000bc\u001b[31md\u007f"}}]},
	  {"id": "c", "choices": [{"index": 0, "delta": {"content": " \ud83d\ude00 \udb40\udc01 \"q\" \\ \n"}, "finish_reason": "stop"}]}]}}`
	r, err := Parse("ctl.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	want := "a\u0007b\u000bc\u001b[31md\u007f \U0001F600 \U000E0001 \"q\" \\ \n"
	if got := getStr(v.GetArray("choices")[0], "message", "content"); got != want {
		t.Errorf("content = %q, want %q", got, want)
	}
	if got := string(jsonx.Compact(v.Get("choices", "0", "message", "content"))); got != `"a\u0007b\u000bc\u001b[31md`+"\u007f"+` 😀 `+"\U000E0001"+` \"q\" \\ \n"` {
		t.Errorf("JSON = %s", got)
	}
}
