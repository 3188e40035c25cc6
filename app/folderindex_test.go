package app

import (
	"errors"
	"path"
	"strings"
	"testing"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings"
)

// TestCallOf: a call is its method and its URI's path, whatever the URI
// holds besides (the examples are real cassettes' URIs: pydantic-ai's
// OpenAI and vcrpy's, Datadog's test agent's paths), or the path it is.
func TestCallOf(t *testing.T) {
	for _, c := range []struct{ method, uri, want string }{
		{"POST", "https://api.openai.com/v1/files", "POST /v1/files"},
		{"DELETE", "https://api.openai.com/v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055", "DELETE /v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055"},
		{"GET", "https://generativelanguage.googleapis.com/v1beta/models?key=hidden&pageSize=50", "GET /v1beta/models"},
		{"POST", "http://localhost:9126", "POST /"},
		{"POST", "/v1/chat/completions", "POST /v1/chat/completions"},
		{"", "https://api.anthropic.com/v1/messages", "/v1/messages"},
		{"GET", "", "GET"},
	} {
		if got := callOf(c.method, c.uri); got != c.want {
			t.Errorf("callOf(%q, %q) = %q, want %q", c.method, c.uri, got, c.want)
		}
	}
}

// TestSummarizeSkips: a file of a folder that is not a recording, where
// recordings are not kept (reqhash.Skip, the review's rule: ogx's CI
// matrix, its test cases, a TypeScript config), is listed apart with why
// (row.skip), and still handed to the replay worker as not a recording;
// one where recordings are kept (a recordings folder, a hashed name) is
// an error row, as is a file that could not be read.
func TestSummarizeSkips(t *testing.T) {
	hashed := strings.Repeat("ab", 32) + ".json"
	for _, c := range []struct {
		path, data string
		readErr    error
		skip       string // want
	}{
		{"integration/ci_matrix.json", `{"default": [{"suite": "base", "setup": "ollama"}]}`, nil, `not a recording: no "request" and "response" keys`},
		{"integration/test_cases/inference/completion.json", `{"sanity": {"data": {"content": "Roses are red"}}}`, nil, `not a recording: no "request" and "response" keys`},
		{"integration/client-typescript/suites.json", `[{"suite": "base"}]`, nil, "not a recording: the top level is array, not an object"},
		{"web/tsconfig.json", "{\n  // strict\n  \"strict\": true\n}", nil, "not JSON: line 2, column 3: invalid character '/'"},
		{"data/x.json", `{"request": "a", "response": {}}`, nil, "not a recording: request: unexpected field type: "},
		{"integration/agents/recordings/notes.json", `{"notes": []}`, nil, ""},
		{"integration/" + hashed, `{"request": {`, nil, ""},
		{"integration/unread.json", "", errors.New("the file could not be read"), ""},
	} {
		t.Run(c.path, func(t *testing.T) {
			var p recordings.Parser
			f := browser.File{Name: path.Base(c.path), Path: c.path, Size: len(c.data)}
			row, items := summarize(&p, f, []byte(c.data), c.readErr, nil)
			if !strings.HasPrefix(row.skip, c.skip) || (c.skip == "") != (row.skip == "") {
				t.Errorf("skip %q, want %q…", row.skip, c.skip)
			}
			if row.hash != "error" || row.err == "" || row.path != c.path {
				t.Errorf("row %+v: want an error row of %s all the same (the table's, when not skipped)", row, c.path)
			}
			if !strings.Contains(string(items), `"not_recording":true`) {
				t.Errorf("item %s: want it handed to the worker as not a recording", items)
			}
		})
	}
}

// TestNotRecordingsHTML: the line counts the files, the list names each
// with why, escaped.
func TestNotRecordingsHTML(t *testing.T) {
	if got := notRecordingsLine(1); got != "1 JSON file is not a recording" {
		t.Errorf("line of one: %q", got)
	}
	if got := notRecordingsLine(7); got != "7 JSON files are not recordings" {
		t.Errorf("line of seven: %q", got)
	}
	got := notRecordingsHTML([]skippedFile{{"a/<b>.json", `not JSON: "x" & y`}, {"ci_matrix.json", "not a recording: z"}})
	want := `<ul class="replay-list"><li><code>a/&lt;b&gt;.json</code> <span class="muted">not JSON: &#34;x&#34; &amp; y</span></li>` +
		`<li><code>ci_matrix.json</code> <span class="muted">not a recording: z</span></li></ul>`
	if got != want {
		t.Errorf("list:\n%s\nwant\n%s", got, want)
	}
}
