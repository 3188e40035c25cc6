package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
)

// TestReadCassette: a real pydantic-ai cassette of two interactions
// reads as two recordings the core parses, the first calling the
// Messages API (checked by hand in the YAML: both POST
// https://api.anthropic.com/v1/messages?beta=true, status 200, not
// streamed, model claude-sonnet-4-5-20250929); a key recorded in a
// header is listed, shown among the headers by its hint only, and a file
// that is no cassette says so.
func TestReadCassette(t *testing.T) {
	const file = "../../recordings/testdata/cassettes/pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_model_thinking_part_redacted.yaml"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	leak := strings.Replace(string(data), "    headers:\n", "    headers:\n      x-api-key:\n      - sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\n", 1)
	c, err := readCassette("test_anthropic_model_thinking_part_redacted.yaml", []byte(leak))
	if err != nil {
		t.Fatal(err)
	}
	if c.Recorder != "vcrpy" || len(c.Interactions) != 2 {
		t.Fatalf("recorder %q, %d interactions; want vcrpy, 2", c.Recorder, len(c.Interactions))
	}
	for i, it := range c.Interactions {
		if it.Method != "POST" || it.URI != "https://api.anthropic.com/v1/messages?beta=true" || it.Status != 200 || it.Streamed {
			t.Errorf("#%d: %s %s %d streamed=%v", i+1, it.Method, it.URI, it.Status, it.Streamed)
		}
		r, err := recordings.Parse("x.yaml#1", it.Recording)
		if err != nil {
			t.Fatalf("#%d: %v", i+1, err)
		}
		if r.Endpoint != "/v1/messages" {
			t.Errorf("#%d: endpoint %q", i+1, r.Endpoint)
		}
		if it.Model != "claude-sonnet-4-5-20250929" || it.Chunks != 0 {
			t.Errorf("#%d: model %q, %d chunks", i+1, it.Model, it.Chunks)
		}
	}
	if want := []string{"credential recorded in request header x-api-key: sk-a… (49 characters)"}; strings.Join(c.Interactions[0].Secrets, "|") != want[0] || len(c.Interactions[1].Secrets) != 0 {
		t.Errorf("secrets %q and %q, want %q and none", c.Interactions[0].Secrets, c.Interactions[1].Secrets, want)
	}
	if b, _ := json.Marshal(c); strings.Contains(string(b), "abcdefghijklmnopqrstuvwxyz0123456789") {
		t.Error("the answer carries the key")
	}
	if h := c.Interactions[0].Headers; len(h) == 0 || h[0].Side != "request" || !slices.Contains(h, pageworker.Header{Side: "request", Name: "x-api-key", Value: "sk-a… (49 characters)"}) {
		t.Errorf("headers %+v, want the request's first, the key as its hint", h)
	}
	if _, err := readCassette("notes.yaml", []byte("a: 1\n")); err == nil || !strings.Contains(err.Error(), "not a cassette") {
		t.Errorf("a YAML file that is no cassette: %v", err)
	}
}
