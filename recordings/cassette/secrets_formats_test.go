//go:build !js

package cassette

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSecretsEveryFormat: a live key left in a request header is flagged
// in every format that records request headers, as that format writes
// them. The recorders' fixtures hold placeholders where their tests
// filtered the key (ruby_llm's <OPENAI_ACCESS_TOKEN>, the test proxy's
// "Sanitized", httprr's test-api-key), or no such header (go-vcr's,
// rig's, Polly's): a made-up key takes the placeholder's place, or a
// header line is added in the format's own syntax.
func TestSecretsEveryFormat(t *testing.T) {
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV" // made up
	smallest := func(format string) (string, []byte) {
		files, _ := filepath.Glob(filepath.Join(recorders, format, "*"))
		var best string
		var data []byte
		for _, p := range files {
			d, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if best == "" || len(d) < len(data) {
				best, data = p, d
			}
		}
		return best, data
	}
	for _, tc := range []struct {
		format, old, new string
	}{
		{"ruby-vcr", "      headers:\n", "      headers:\n        Authorization:\n          - Bearer " + key + "\n"},
		{"go-vcr", "    headers:\n", "    headers:\n      Authorization:\n      - Bearer " + key + "\n"},
		{"httpmock-yaml", "  header:\n", "  header:\n  - name: authorization\n    value: Bearer " + key + "\n"},
		{"azure-test-proxy", `"Authorization": "Sanitized"`, `"Authorization": "Bearer ` + key + `"`},
		{"har", `"headers": [],`, `"headers": [{"name": "authorization", "value": "Bearer ` + key + `"}],`},
		{"httprr", "\r\n\r\n", "\r\nAuthorization: Bearer " + key + "\r\n\r\n"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			path, data := smallest(tc.format)
			leak := strings.Replace(string(data), tc.old, tc.new, 1)
			if leak == string(data) {
				t.Fatalf("%s: %q not found", path, tc.old)
			}
			if tc.format == "httprr" {
				leak = fixLengths(t, leak, len(tc.new)-len(tc.old))
			}
			c, err := Parse(filepath.Base(path), []byte(leak))
			if err != nil {
				t.Fatal(err)
			}
			var found []string
			for _, it := range c.Interactions {
				for _, s := range it.Secrets() {
					found = append(found, s.String())
				}
			}
			if !slices.ContainsFunc(found, func(s string) bool {
				return strings.Contains(strings.ToLower(s), "request header authorization: bearer sk-p…") && !strings.Contains(s, key)
			}) {
				t.Errorf("secrets %q, want the key's hint in request header Authorization", found)
			}
			// The file as recorded flags nothing.
			c, _ = Parse(filepath.Base(path), data)
			for _, it := range c.Interactions {
				if s := it.Secrets(); len(s) > 0 {
					t.Errorf("the fixture as recorded: %v", s)
				}
			}
		})
	}
}

// fixLengths adds grew bytes to the first call's request length of an
// httprr trace, whose first request head grew by that much.
func fixLengths(t *testing.T, trace string, grew int) string {
	head, rest, _ := strings.Cut(trace, "\n")
	line, body, _ := strings.Cut(rest, "\n")
	var n1, n2 int
	if _, err := fmt.Sscan(line, &n1, &n2); err != nil {
		t.Fatal(err)
	}
	return head + "\n" + strconv.Itoa(n1+grew) + " " + strconv.Itoa(n2) + "\n" + body
}
