package cassette

import (
	"errors"
	"os"
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
