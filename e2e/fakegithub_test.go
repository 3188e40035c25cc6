//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// serveGitHub answers the tab's requests for https://api.github.com/* and
// https://raw.githubusercontent.com/* with srv (internal/tools/fakegithub), and
// returns a counter of the requests answered.
//
// The site is served with the Content-Security-Policy it ships
// (netlify.toml: connect-src 'self' https: and loopback), and the page
// asks GitHub's real addresses: nothing in the site or its policy is
// changed for the test. The requests are caught inside the browser with
// the Chrome DevTools Protocol's Fetch domain: a request that matches
// the patterns pauses before it leaves the browser (after the page's CSP
// and CORS checks of the request), and the test fulfills it with the
// fake's answer (Fetch.fulfillRequest), whose CORS headers the browser
// then checks as it would GitHub's. The service worker is bypassed
// (Network.setBypassServiceWorker) so that the page's requests are the
// tab's own, which the tab's Fetch domain sees.
func (tb *tab) serveGitHub(srv http.Handler) *atomic.Int64 { return tb.serveGitHubRaw(srv, "") }

// serveGitHubRaw is serveGitHub, but for raw: when not "", the requests
// for https://raw.githubusercontent.com/PATH go on, unseen by the page,
// to raw+"/PATH" (Fetch.continueRequest with a new URL: a loopback server
// streams large answers there without passing them through the DevTools
// connection).
func (tb *tab) serveGitHubRaw(srv http.Handler, raw string) *atomic.Int64 {
	tb.t.Helper()
	var n atomic.Int64
	events := chromedp.Events(tb.root, fetch.RequestPaused)
	tb.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
			{URLPattern: "https://api.github.com/*"}, {URLPattern: "https://raw.githubusercontent.com/*"},
		}})
		return err
	}))
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			go func() {
				n.Add(1)
				if p, ok := strings.CutPrefix(ev.Request.URL, "https://raw.githubusercontent.com/"); ok && raw != "" {
					chromedp.Do(tb.root, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
						_, err := cdp.Call(ctx, t, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID, URL: raw + "/" + p})
						return err
					}))
					return
				}
				req := httptest.NewRequest(ev.Request.Method, ev.Request.URL, nil)
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				var headers []*fetch.HeaderEntry
				for k, vs := range rec.Header() {
					headers = append(headers, &fetch.HeaderEntry{Name: k, Value: strings.Join(vs, ", ")})
				}
				chromedp.Do(tb.root, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, fetch.FulfillRequest, fetch.FulfillRequestParams{
						RequestID: ev.RequestID, ResponseCode: int64(rec.Code), ResponseHeaders: headers, Body: rec.Body.Bytes(),
					})
					return err
				}))
			}()
		}
	}()
	return &n
}
