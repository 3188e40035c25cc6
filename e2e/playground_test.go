//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/permalink"
)

// setEditor replaces the playground editor's text as typing would (an
// input event), and runs it at once with Ctrl+Enter in the editor.
func (tb *tab) setEditor(text string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const e = ` + q(sel("editor")) + `; e.focus(); e.value = ` + jsq(text) + `; e.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	tb.key(kb.Enter, chromedp.ModifierCtrl)
}

// editorText waits for the playground's editor to hold a text and returns
// it. The Editor fills its textarea a frame after the panes beside it are
// drawn (go-app dispatches OnMount, and the Editor's Defer runs at the next
// frame, up to 33 ms later): read before that, it is empty, and a test that
// edits what it read edits nothing.
func (tb *tab) editorText() string {
	tb.t.Helper()
	tb.waitFor("the editor's text", q(sel("editor"))+".value !== ''")
	return eval[string](tb, q(sel("editor"))+".value")
}

// click clicks the element css selects, found and clicked in one script:
// the viewer may redraw it between a lookup and a click.
func (tb *tab) click(css string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](q(css) + ".click()"))
}

// setField changes a playground input (by data-testid) as a person would:
// its value, then a change event.
func (tb *tab) setField(testid, value string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const e = ` + q(sel(testid)) + `; e.value = ` + jsq(value) + `; e.dispatchEvent(new Event('change', {bubbles: true})); })()`))
}

// linkData decodes the recording inline in a permalink.
func linkData(t *testing.T, link string) []byte {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	f, err := permalink.Parse(u.Fragment)
	if err != nil || len(f.Sources) != 1 || f.Sources[0].Kind != permalink.SourceData {
		t.Fatalf("link %.80q: %+v, %v; want one d= source", link, f, err)
	}
	data, err := permalink.DecodeData(f.Sources[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// waitFile waits up to 10 s for a download to be written at path.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	for range 100 {
		if data, err := os.ReadFile(path); err == nil && len(data) > 0 {
			return data
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no file %s downloaded", path)
	return nil
}

// TestPlayground opens a seed in the playground: the recorder's file name
// for its request is the seed's own; one word changed in a message gives
// another name and a mismatched hash (and the share link, Compact and
// Pretty, and Save under the new name all carry the edit); undone, the
// name and ok come back; a
// syntax error is shown at its line while the panes keep the last good
// text, marked stale; and a bare request body with its endpoint and
// test_id gives the name of the corpus recording it was sent in.
func TestPlayground(t *testing.T) {
	tb := newTab(t)
	w := watchTab(t, tb) // no request elsewhere, no CSP violation (the download is a blob:)
	tb.open("/")
	tb.upload(seed(seedHello))
	tb.waitTitle(seedHello)
	tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(3)`)))
	tb.visible(sel("editor"))
	tb.waitText(sel("computed-filename"), seedHello)
	if got, _ := tb.text(sel("computed-hash")); got+".json" != seedHello {
		t.Errorf("computed-hash %q, want the seed's %s", got, seedHello)
	}
	canonical, _ := tb.text(sel("canonical-string"))
	if !strings.HasPrefix(canonical, `{"body": {`) || !strings.Contains(canonical, `"test_id": "tests/integration/agents/test_agents.py::test_agent_simple`) {
		t.Errorf("canonical-string %.120q…, want the recorder's json.dumps of method, endpoint, body and test_id", canonical)
	}
	original := tb.editorText()
	if !strings.Contains(original, "the word: hello") {
		t.Fatalf("the editor does not hold the seed: %.200q", original)
	}
	tb.screenshot("playground-light")

	// One word of a message changed: another file name, a mismatch.
	tb.setEditor(strings.Replace(original, "the word: hello", "the word: goodbye", 1))
	tb.waitFor("hash-status mismatch", q(sel("hash-status"))+".dataset.status === 'mismatch'")
	if got, _ := tb.text(sel("computed-filename")); got == seedHello || !strings.HasSuffix(got, ".json") || len(got) != 64+len(".json") {
		t.Errorf("computed-filename %q after the edit, want another 64-hex name", got)
	}
	if !strings.Contains(eval[string](tb, `document.querySelector('.play-view').textContent`), "goodbye") {
		t.Errorf("the request pane does not show the edited message")
	}
	// The edited recording is what a share link carries.
	tb.click(sel("share-button"))
	tb.visible(sel("share-url"))
	if data := linkData(t, eval[string](tb, q(sel("share-url"))+".value")); !strings.Contains(string(data), "the word: goodbye") {
		t.Errorf("the share link carries %.100q…, not the edited recording", data)
	}
	tb.key(kb.Escape)
	// Compact, then Pretty again: the same recording, one line, then many.
	tb.click(`.play-tools button:nth-child(3)`)
	tb.waitFor("one line", `!`+q(sel("editor"))+`.value.includes("\n")`)
	tb.click(`.play-tools button:nth-child(2)`)
	tb.waitFor("many lines", q(sel("editor"))+`.value.split("\n").length > 100`)
	if got := eval[string](tb, q(sel("hash-status"))+".dataset.status"); got != "mismatch" {
		t.Errorf("after reformatting the hash is %q, want mismatch still", got)
	}
	// Ctrl+S saves: the text, under the recorder's name for it.
	dir := t.TempDir()
	allowDownloads(tb, dir)
	name, _ := tb.text(sel("computed-filename"))
	tb.do(chromedp.Evaluate[chromedp.Void](q(sel("editor")) + ".focus()"))
	tb.key("s", chromedp.ModifierCtrl) // as the Save button does
	saved := waitFile(t, filepath.Join(dir, name))
	if !strings.Contains(string(saved), "the word: goodbye") {
		t.Errorf("Save wrote %.100q…, not the editor's text", saved)
	}

	// Undone: the seed's name and ok again.
	tb.setEditor(original)
	tb.waitFor("hash-status ok", q(sel("hash-status"))+".dataset.status === 'ok'")
	tb.waitText(sel("computed-filename"), seedHello)

	// The comma after line 2 (the test_id) dropped: a syntax error where
	// line 3 starts the next key. It is shown there; the panes stay,
	// marked stale.
	lines := strings.Split(original, "\n")
	if !strings.HasPrefix(lines[1], `  "test_id": `) || !strings.HasSuffix(lines[1], ",") {
		t.Fatalf("line 2 of the editor is %q, want the test_id", lines[1])
	}
	lines[1] = strings.TrimSuffix(lines[1], ",")
	tb.setEditor(strings.Join(lines, "\n"))
	tb.visible(sel("editor-error"))
	if msg, _ := tb.text(sel("editor-error")); !strings.HasPrefix(msg, "Line 3, column 3: ") {
		t.Errorf("editor-error %q, want line 3, column 3", msg)
	}
	tb.visible(sel("stale"))
	tb.visible(sel("assembled"))
	if title, _ := tb.text(sel("recording-title")); title != seedHello {
		t.Errorf("after the syntax error the page shows %q", title)
	}
	if n := eval[int](tb, `document.querySelectorAll('.gutter .err-line').length`); n != 1 {
		t.Errorf("%d error lines marked in the gutter, want 1", n)
	}
	tb.click(sel("editor-error"))
	if at := eval[int](tb, q(sel("editor"))+".selectionStart"); at != len(lines[0])+1+len(lines[1])+1+2 {
		t.Errorf("a click on the error puts the cursor at %d, want line 3, column 3", at)
	}
	tb.screenshot("playground-error")

	// A bare request body, its endpoint and test_id: the corpus file name.
	const chat = "tests__integration__messages__recordings__f7c9050b819b93ab26e3bfdd8bc759553a8b56cf43cb1381dd153a27315df165.json"
	var rec struct {
		TestID  string `json:"test_id"`
		Request struct {
			Body json.RawMessage `json:"body"`
		} `json:"request"`
	}
	data, err := os.ReadFile(corpus(chat))
	if err == nil {
		err = json.Unmarshal(data, &rec)
	}
	if err != nil {
		t.Fatal(err)
	}
	tb.setEditor(string(rec.Request.Body))
	tb.visible(sel("play-endpoint"))
	tb.setField("play-endpoint", "/v1/v1/chat/completions") // the path of the URL it was sent to
	tb.setField("play-test-id", rec.TestID)
	tb.waitText(sel("computed-filename"), strings.TrimPrefix(chat, "tests__integration__messages__recordings__"))
	tb.screenshot("playground-body")
	tb.do(colorScheme("dark"))
	tb.screenshot("playground-body-dark")
	w.check(t, tb)
}

// TestPlaygroundSample: a gallery sample opened in the playground stays
// the sample in the address bar until it is edited, and is again once the
// edit is undone.
func TestPlaygroundSample(t *testing.T) {
	tb := newTab(t)
	tb.open("/#v=2&sample=" + seedHello)
	tb.waitTitle(seedHello)
	tb.click(`button[role=tab]:nth-child(3)`)
	tb.visible(sel("editor"))
	tb.waitText(sel("computed-filename"), seedHello)
	sample := "#v=2&sample=" + seedHello
	if got := eval[string](tb, "location.hash"); got != sample {
		t.Errorf("opening the playground changed the fragment to %q", got)
	}
	original := tb.editorText()
	tb.setEditor(strings.Replace(original, "the word: hello", "the word: goodbye", 1))
	tb.waitFor("hash-status mismatch", q(sel("hash-status"))+".dataset.status === 'mismatch'")
	if got := eval[string](tb, "location.hash"); strings.Contains(got, "sample=") {
		t.Errorf("the edited recording is still linked as the sample: %q", got)
	}
	tb.setEditor(original)
	tb.waitFor("the sample's fragment again", "location.hash === "+jsq(sample))
}

// TestPlaygroundTooBig: a recording over the playground's limit (4 MB)
// gets a notice instead of the editor, and the recording stays open.
func TestPlaygroundTooBig(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"test_id": "big", "request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "body": {"model": "m", "messages": [], "stream": true}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"body": [`)
	word := strings.Repeat("lorem ipsum ", 80)
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"__type__": "ChatCompletionChunk", "__data__": {"id": "c", "choices": [{"delta": {"content": "%s"}, "finish_reason": null, "index": 0}], "created": 0, "model": "m", "object": "chat.completion.chunk"}}`, word)
	}
	b.WriteString(`], "is_streaming": true}}`)
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.upload(path)
	tb.waitTitle("big.json")
	tb.click(`button[role=tab]:nth-child(3)`)
	tb.waitText(sel("play-too-big"), fmt.Sprintf("The playground edits files up to 4 MB, and this one is %.1f MB: the Recording and Raw JSON tabs show it, and a text editor edits it.", float64(b.Len())/(1<<20)))
	if n := eval[int](tb, "document.querySelectorAll('[data-testid=editor]').length"); n != 0 {
		t.Errorf("%d editors shown for a file over the limit", n)
	}
	tb.click(`button[role=tab]:nth-child(1)`)
	tb.visible(sel("assembled"))
}

// TestPlaygroundLargest edits the corpus's longest stream (1.1 MB, which
// the viewer decodes in slices, pausing between them): a changed
// temperature gives a mismatch and another file name, and the text as
// opened gives the file's own name and ok again.
func TestPlaygroundLargest(t *testing.T) {
	const largest = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(largest))
	tb.waitTitle(largest)
	tb.click(`button[role=tab]:nth-child(3)`)
	tb.visible(sel("editor"))
	tb.waitFor("hash-status ok", q(sel("hash-status"))+".dataset.status === 'ok'")
	original := tb.editorText()
	edited := strings.Replace(original, `"stream": true`, `"stream": true, "temperature": 0.5`, 1)
	if edited == original {
		t.Fatal(`the recording's text has no "stream": true to edit`)
	}
	tb.setEditor(edited)
	tb.waitFor("hash-status mismatch", q(sel("hash-status"))+".dataset.status === 'mismatch'")
	// The corpus names a file after its path in ogx; the recorder named it
	// after its request hash.
	own := strings.TrimPrefix(largest, "tests__integration__responses__recordings__")
	if name, _ := tb.text(sel("computed-filename")); name == "" || name == own {
		t.Errorf("computed-filename %q after the edit, want another name than %s", name, own)
	}
	tb.visible(sel("assembled"))
	tb.setEditor(original)
	tb.waitFor("hash-status ok", q(sel("hash-status"))+".dataset.status === 'ok'")
	tb.waitText(sel("computed-filename"), own)
}

// TestPlaygroundLargeRequest: the playground hashes a 50 KB request (one
// the page hands to the browser's SubtleCrypto,
// app/internal/browser/sha256_js.go) to the hash its file is named by.
func TestPlaygroundLargeRequest(t *testing.T) {
	name := "tests__integration__responses__recordings__ca68f057dc434ff9a9bfe175b0b3fdb360ad3d75e5b99f352ea5e2398d32f173.json"
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(name))
	tb.waitTitle(name)
	tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(3)`)))
	tb.waitText(sel("computed-filename"), name[len("tests__integration__responses__recordings__"):])
	if got, _ := tb.text(sel("canonical-string")); len(got) < 16<<10 {
		t.Errorf("the canonical request is %d bytes, want one past SubtleCrypto's 16 KB threshold", len(got))
	}
}
