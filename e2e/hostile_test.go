//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// watch records what a tab does that a page of recordings must never do:
// requests to anywhere but the site itself, and dialogs (alert, confirm,
// prompt: what injected script would call).
type watch struct {
	mu       sync.Mutex
	requests []string // URLs of requests to other origins
	dialogs  []string
}

func watchTab(t *testing.T, tb *tab) *watch {
	t.Helper()
	w := &watch{}
	err := chromedp.Listen(tb.root, func(ev any) {
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			u, err := url.Parse(ev.Request.URL)
			if err == nil && (u.Scheme == "data" || u.Scheme == "blob" || "http://"+u.Host == tb.base) {
				return
			}
			w.mu.Lock()
			w.requests = append(w.requests, ev.Request.URL)
			w.mu.Unlock()
		case *page.EventJavascriptDialogOpening:
			w.mu.Lock()
			w.dialogs = append(w.dialogs, string(ev.Type)+": "+ev.Message)
			w.mu.Unlock()
			go chromedp.Run(tb.root, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
				_, err := cdp.Call(ctx, target, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
				return err // a dialog blocks the page until it is closed
			}))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// check fails the test for any request to another origin, any dialog,
// and any Content-Security-Policy violation the page logged.
func (w *watch) check(t *testing.T, tb *tab) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, u := range w.requests {
		t.Errorf("the page sent a request to another origin: %s", u)
	}
	for _, d := range w.dialogs {
		t.Errorf("a script ran: a dialog opened (%s)", d)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, m := range tb.console {
		if strings.Contains(m, "Content Security Policy") || strings.Contains(m, "Refused to") {
			t.Errorf("CSP violation: %s", m)
		}
	}
}

// injected lists what injected markup would leave in the page: scripts
// without a src, frames, plugins, inline event handlers, links and images
// with script or data URLs (images may be raster data: URLs, the thumbnails).
const injected = `(() => {
	const bad = [];
	for (const e of document.querySelectorAll('script:not([src]), iframe, object, embed, frame, base, meta[http-equiv], form')) bad.push(e.outerHTML.slice(0, 120));
	for (const e of document.querySelectorAll('*')) {
		for (const a of e.attributes) {
			if (/^on/i.test(a.name)) bad.push(e.tagName + ' ' + a.name + '=' + a.value.slice(0, 60));
		}
	}
	for (const a of document.querySelectorAll('[href]')) {
		const h = a.getAttribute('href');
		if (!/^(https?:|mailto:|#|\/|[a-z0-9_.-]+\.json$)/i.test(h) && a.tagName !== 'LINK') bad.push('href ' + h.slice(0, 80));
	}
	for (const i of document.querySelectorAll('img[src], image, use')) {
		const s = i.getAttribute('src') || i.getAttribute('href') || '';
		if (!/^(data:image\/(png|jpeg|gif|webp);base64,|\/)/.test(s)) bad.push('img ' + s.slice(0, 80));
	}
	return bad;
})()`

// hostileRecording is an OpenAI chat recording whose every string a
// viewer shows carries markup, script and link tricks.
func hostileRecording(t *testing.T) []byte {
	t.Helper()
	md := strings.Join([]string{
		"<script>alert('script tag')</script>",
		"<img src=x onerror=alert('img onerror')>",
		"[plain javascript](javascript:alert('js link'))",
		"[entity javascript](&#106;avascript:alert('entity link'))",
		"[encoded](jav&#x09;ascript:alert('tab link'))",
		"[data html](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
		"![svg image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+)",
		"<svg onload=alert('svg')><script>alert('svg script')</script></svg>",
		`[quoted title](https://example.com/ "a\" onmouseover=\"alert('title')")`,
		`<a href="javascript:alert('raw a')">raw a</a> <iframe src="javascript:alert('frame')"></iframe>`,
		"<javascript:alert('autolink')>",
		"![remote image](https://attacker.example/pixel.png)",
	}, "\n\n")
	toolName := `<img src=x onerror=alert('tool name')>`
	rec := map[string]any{
		"test_id": `tests/x.py::test[<script>alert('test_id')</script>]`,
		"request": map[string]any{
			"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": map[string]any{},
			"body": map[string]any{
				"model": "m<script>alert('model')</script>",
				"messages": []any{
					map[string]any{"role": "user", "content": []any{
						map[string]any{"type": "text", "text": md},
						map[string]any{"type": "image_url", "image_url": map[string]any{"url": "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+"}},
						map[string]any{"type": "image_url", "image_url": map[string]any{"url": "javascript:alert('image url')"}},
					}},
					map[string]any{"role": "tool", "tool_call_id": `"><img src=x onerror=alert('call id')>`, "content": md},
				},
				"tools": []any{map[string]any{"type": "function", "function": map[string]any{
					"name": toolName, "description": md,
					"parameters": map[string]any{"type": "object", "properties": map[string]any{
						"<b onmouseover=alert('param')>x</b>": map[string]any{"type": "string", "description": md},
					}},
				}}},
			},
			"endpoint": "/v1/chat/completions", "model": "m",
		},
		"response": map[string]any{"is_streaming": false, "body": map[string]any{
			"__type__": "openai.types.chat.chat_completion.ChatCompletion",
			"__data__": map[string]any{"id": "x", "object": "chat.completion", "created": 0, "model": "m",
				"choices": []any{map[string]any{"index": 0, "finish_reason": "<script>alert('finish')</script>",
					"message": map[string]any{"role": "assistant", "content": md, "tool_calls": []any{
						map[string]any{"id": `<svg onload=alert('id')>`, "type": "function", "function": map[string]any{
							"name": toolName, "arguments": `{"q": "<script>alert('arguments')</script>"}`}},
					}}}},
				"usage": map[string]any{"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3},
			}},
		},
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestHostileContent opens a recording whose strings carry script,
// markup, javascript: and data: links, under a hostile file name, and
// looks at it every way the viewer shows it: request, response (Markdown
// and raw), the raw JSON, the index, a comparison and the share panel. No
// script may run, no injected element or handler may reach the page, no
// link may lead to javascript: or data:, and no request may leave the site.
func TestHostileContent(t *testing.T) {
	dir := t.TempDir()
	name := `<img src=x onerror=alert('file name')>.json`
	hostile := filepath.Join(dir, name)
	if err := os.WriteFile(hostile, hostileRecording(t), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	w := watchTab(t, tb)
	tb.open("/")
	tb.upload(hostile)
	tb.waitTitle(name)
	tb.visible(sel("assembled"))
	for _, step := range []func(){
		func() {}, // the recording as it opens: Markdown
		func() { // every message raw
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('button.toggle').forEach(b => b.click())`))
		},
		func() {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('details.tools') && (document.querySelector('details.tools').open = true)`))
		},
		func() { tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(2)`))) }, // Raw JSON
		func() { tb.do(chromedp.Click(chromedp.CSS(sel("share-button")))); tb.visible(sel("share-url")) },
		func() { // an index of it and a seed, then their comparison
			tb.key(kb.Escape)
			tb.upload(hostile, seed(seedHello))
			tb.waitFor("2 rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
			tb.compareRows(name, seedHello)
		},
	} {
		step()
		tb.waitFor("the page to settle", `new Promise(r => requestAnimationFrame(() => r(true)))`)
		if bad := eval[[]string](tb, injected); len(bad) > 0 {
			t.Errorf("injected into the page: %q", bad)
		}
	}
	w.check(t, tb)
}
