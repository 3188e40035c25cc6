//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// TestBadFiles opens broken and hostile files through file-input with a
// recording open. Each shows an error naming the file and saying what is
// wrong (a PNG: "binary data (PNG image)"), without the core's Go package
// prefix ("recordings: "), the recording stays open, and the page keeps working (it steps).
// A recording of an unknown endpoint opens, raw, with a notice; one with a
// 50 MB string opens with the string cut short on the page.
func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(seed(seedToolCall))
	if err != nil {
		t.Fatal(err)
	}
	png, err := os.ReadFile("../web/icon.png")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deep := `{"test_id":null,"request":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `,"response":{}}`
	big := filepath.Join(dir, "huge-200MB.json")
	f, err := os.Create(big)
	if err == nil {
		err = f.Truncate(200 << 20) // sparse: the size is what counts
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want string // in the error, besides the file name
	}{
		{write("empty.json", nil), "empty"},
		{write("prose.json", []byte("Dear reviewer, this is not JSON.")), "JSON"},
		{write("truncated.json", good[:len(good)/2]), "unexpected end of input"},
		{write("picture.json", png), "not a recording: binary data (PNG image)"},
		{write("list.json", []byte(`[1, 2, 3]`)), "not a recording"},
		{write("object.json", []byte(`{"hello": "world"}`)), "not a recording"},
		{write("deep.json", []byte(deep)), "deep"},
		{big, "more than the viewer opens"},
	} {
		name := filepath.Base(tc.path)
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			tb.open("/")
			tb.upload(seed(seedToolCall))
			tb.waitTitle(seedToolCall)
			tb.upload(tc.path)
			tb.waitFor("an error naming "+name, "(("+q(sel("error"))+" || {}).textContent || '').includes("+jsq(name)+")")
			msg, _ := tb.text(sel("error"))
			if !strings.Contains(strings.ToLower(msg), strings.ToLower(tc.want)) {
				t.Errorf("error %q does not say %q", msg, tc.want)
			}
			if strings.Contains(msg, "recordings: ") {
				t.Errorf("error %q shows the core's Go package prefix", msg)
			}
			if title, _ := tb.text(sel("recording-title")); title != seedToolCall {
				t.Errorf("after %s the page shows %q, want %s still open", name, title, seedToolCall)
			}
			tb.key(kb.Home)
			tb.waitStep(0, 18)
		})
	}

	t.Run("unknown endpoint", func(t *testing.T) {
		p := write("unknown-endpoint.json", []byte(`{"test_id": null, "request": {"method": "POST", "url": "http://localhost:1234/v1/frobnicate", "headers": {}, "body": {"x": 1}, "endpoint": "/v1/frobnicate", "model": ""}, "response": {"body": {"frobs": [1, 2]}, "is_streaming": false}}`))
		tb := newTab(t)
		tb.open("/")
		tb.upload(p)
		tb.waitTitle("unknown-endpoint.json")
		tb.waitFor("a notice", `!!document.querySelector('.rec-head .notice')`)
		if body, _ := tb.text(".panel.response"); !strings.Contains(body, "frobs") {
			t.Errorf("the response panel does not show the raw body: %q", body)
		}
	})

	t.Run("50 MB string", func(t *testing.T) {
		huge := strings.Repeat("A long answer. ", 50<<20/15)
		p := write("long-string.json", []byte(`{"test_id": null, "request": {"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": {}, "body": {"model": "m", "messages": [{"role": "user", "content": "hi"}]}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"body": {"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": {"id": "x", "choices": [{"finish_reason": "stop", "index": 0, "message": {"role": "assistant", "content": "`+huge+`"}}], "created": 0, "model": "m", "object": "chat.completion"}}, "is_streaming": false}}`))
		tb := newTab(t)
		tb.open("/")
		start := time.Now()
		tb.upload(p)
		tb.waitForWithin(60*time.Second, "the recording to open", "(("+q(sel("recording-title"))+" || {}).textContent || '').trim() === 'long-string.json'")
		t.Logf("a 50 MB recording opened in %v", time.Since(start))
		tb.visible(".clip-note")
		if n := eval[int](tb, `document.querySelector('[data-testid=assembled]').textContent.length`); n > 200_000 {
			t.Errorf("the page holds %d characters of the answer, want it cut short", n)
		}
	})
}
