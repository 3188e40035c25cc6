//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestHTTPFailure opens raw HTTP recordings that answered 400 (a Google
// interaction and an Anthropic message, the corpus's own): each shows an
// error card with the status, the provider's error type and message
// (copied by hand from the files), not the body as plain JSON. Then the
// corpus folder's index has a response facet whose "error" chip counts
// the files that record a failure, counted here from the JSON itself
// (response.is_exception, or response.status of 400 or more), and narrows
// the table to them.
func TestHTTPFailure(t *testing.T) {
	cases := []struct{ file, head, msg string }{
		{"tests__integration__interactions__recordings__36a00e747aef2ae388935ed0594b579735c5b0ca21f758c501c3c1985a1bb892.json",
			"400 invalid_request", "Missing key 'type' in input 'tools'."},
		{"tests__integration__common__recordings__cf0be7f9e2ebfc78903aa4ada30204585952f77bc5acb3ff7702bd7878d44b44.json",
			"400 invalid_request_error", "messages is required"},
	}
	tb := newTab(t)
	tb.open("/")
	for _, c := range cases {
		tb.upload(corpus(c.file))
		tb.waitTitle(c.file)
		tb.visible(sel("error-card"))
		if got := eval[string](tb, q(sel("error-card"))+".dataset.status"); got != "400" {
			t.Errorf("%s: error card status %q, want 400", c.file, got)
		}
		if got, _ := tb.text(sel("error-card") + " h3"); got != c.head {
			t.Errorf("%s: error card headed %q, want %q", c.file, got, c.head)
		}
		if got, _ := tb.text(sel("error-card") + " > pre.text"); got != c.msg {
			t.Errorf("%s: error card says %q, want %q", c.file, got, c.msg)
		}
	}
	t.Logf("wrote %s", tb.screenshot("anthropic-400"))

	paths := corpusFiles(t)
	failed := map[string]bool{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Response struct {
				Status      int  `json:"status"`
				IsException bool `json:"is_exception"`
			} `json:"response"`
		}
		if err := json.Unmarshal(data, &f); err == nil && (f.Response.IsException || f.Response.Status >= 400) {
			failed[filepath.Base(p)] = true
		}
	}
	if len(failed) < 5 {
		t.Fatalf("the corpus has %d failures, want some of each kind", len(failed))
	}
	tb.open("/")
	tb.upload(paths...)
	tb.waitFor("the index to be read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(len(paths)))
	chip := `.facet[aria-label=response] [data-facet=error]`
	if got, _ := tb.text(chip); got != "error "+strconv.Itoa(len(failed)) {
		t.Errorf("response facet %q, want error %d", got, len(failed))
	}
	tb.click(chip) // as an element: the Replay panel may push it down (see TestIndex)
	tb.waitFor("the failed rows", `document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(len(failed)))
	for _, f := range eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file)`) {
		if !failed[f] {
			t.Errorf("row %s is under the error facet, but records no failure", f)
		}
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=index-row] [data-testid=index-failed]').length`); n != len(failed) {
		t.Errorf("%d rows carry the error badge, want %d", n, len(failed))
	}
}
