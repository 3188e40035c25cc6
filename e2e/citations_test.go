//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestCitationsDrawn opens Anthropic's web search answer (fantasy's
// go-vcr cassette, 160 chunks): each text block's citations are listed
// under it, seven in all (the stream's citations_delta events, counted in
// the file), the first with its quoted words and its page linked to its
// address. Then a recording whose citation is hostile (a javascript:
// address, markup in its words and title): shown as text, nothing linked
// or drawn from it.
func TestCitationsDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "go-vcr", "charmbracelet__fantasy__providertests__testdata__TestAnthropicWebSearch__stream.yaml")
	tb := openFirst(t, path)
	tb.key(kb.End)
	tb.waitStep(160, 160)
	tb.waitFor("seven citations", `document.querySelectorAll('[data-testid=assembled] [data-testid=citation]').length === 7`)
	first, _ := tb.text(sel("citation"))
	if want := "“Tokyo&#x27;s 2026 population is now estimated at 36,953,600. ” — Tokyo Population 2026"; first != want {
		t.Errorf("the first citation reads %q, want %q", first, want)
	}
	if q := eval[string](tb, `document.querySelector('[data-testid=citation] .quote').textContent`); q != "“Tokyo&#x27;s 2026 population is now estimated at 36,953,600. ”" {
		t.Errorf("the first citation quotes %q", q)
	}
	if href := eval[string](tb, `document.querySelector('[data-testid=citation] a').href`); href != "https://worldpopulationreview.com/cities/japan/tokyo" {
		t.Errorf("the first citation links %q", href)
	}
	// The text block it cites is the one just above its list.
	if cited := eval[string](tb, `document.querySelector('[data-testid=citations]').parentElement.firstElementChild.innerText.trim()`); cited != "Tokyo's 2026 population is now estimated at 36,953,600" {
		t.Errorf("the first list cites %q", cited)
	}
	t.Logf("wrote %s", tb.screenshot("web-search"))

	hostile := filepath.Join(t.TempDir(), "hostile-cite.json")
	doc := `{"request": {"method": "POST", "url": "http://localhost:8321/v1/messages", "headers": {}, "body": {"model": "claude-sonnet-4", "max_tokens": 64, "messages": [{"role": "user", "content": "Where is it?"}]}, "endpoint": "/v1/messages", "model": "claude-sonnet-4"}, ` +
		`"response": {"body": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4", "content": [{"type": "text", "text": "It is here.", ` +
		`"citations": [{"type": "web_search_result_location", "cited_text": "<img src=x onerror=alert(1)>", "url": "javascript:alert(1)", "title": "Evil <b>page</b>"}]}], "stop_reason": "end_turn"}, "is_streaming": false}}`
	if err := os.WriteFile(hostile, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.dropPaths(hostile)
	tb.waitTitle("hostile-cite.json")
	tb.waitFor("one citation", `document.querySelectorAll('[data-testid=citation]').length === 1`)
	text, _ := tb.text(sel("citation"))
	if want := "“<img src=x onerror=alert(1)>” — Evil <b>page</b> javascript:alert(1)"; text != want {
		t.Errorf("the hostile citation reads %q, want %q", text, want)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=citations] a, [data-testid=citations] img, [data-testid=citations] b').length`); n != 0 {
		t.Errorf("%d links, images or bold elements drawn from the hostile citation", n)
	}
	if strings.Contains(eval[string](tb, `document.body.innerHTML`), `href="javascript:`) {
		t.Error("a javascript: link on the page")
	}
	t.Logf("wrote %s", tb.screenshotView("hostile"))
}
