//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// workerResources reads the list of files go-app's service worker caches
// from the app-worker.js of the site in dir.
func workerResources(t *testing.T, dir string) []string {
	t.Helper()
	js, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatalf("no service worker in the site: %v", err)
	}
	m := regexp.MustCompile(`resourcesToCache\s*=\s*(\[[^\]]*\])`).FindSubmatch(js)
	if m == nil {
		t.Fatalf("app-worker.js has no resourcesToCache list")
	}
	var list []string
	if err := json.Unmarshal(m[1], &list); err != nil {
		t.Fatalf("app-worker.js resourcesToCache: %v", err)
	}
	return list
}

// TestOffline loads the site once in a browser profile and server of its
// own, waits for the service worker to control the page and to have cached
// the site, stops the server, and reloads: the app still starts, the
// gallery still renders, and a recording still opens from a local file.
func TestOffline(t *testing.T) {
	checkChromium(t)
	needSite(t) // the dist folder is there
	profile := t.TempDir()
	s, err := startServer(dist)
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			s.Close()
		}
	})
	out := &tailBuffer{}
	bctx, stop, err := startBrowser(profile, out)
	if err != nil {
		t.Fatalf("cannot start the browser: %v", err)
	}
	t.Cleanup(stop)
	tb := openTab(t, bctx, s.URL, false)

	tb.open("/")
	tb.visible(sel("sample"))
	tb.waitForWithin(30*time.Second, "the service worker to be ready",
		`navigator.serviceWorker && (window.__swReady = window.__swReady || navigator.serviceWorker.ready.then(() => window.__swIsReady = true), window.__swIsReady === true)`)
	// Every file the worker caches is in its cache (go-app's install
	// handler does not hold the install until the cache is filled).
	res, _ := json.Marshal(workerResources(t, dist))
	tb.waitForWithin(30*time.Second, "the service worker to cache "+string(res),
		`(window.__cached = window.__cached || Promise.all(`+string(res)+`.map(u => caches.match(u))).then(rs => { window.__allCached = rs.every(r => !!r); window.__cached = null; }), window.__allCached === true)`)
	tb.reload()
	tb.waitForWithin(30*time.Second, "the service worker to control the page", `navigator.serviceWorker.controller !== null`)

	// Offline.
	stopped = true
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](`fetch('/web/icon.svg?offline-check', {cache: 'no-store'}).then(() => { window.__online = true }, () => { window.__online = false })`)); err != nil {
		t.Fatal(err)
	}
	tb.waitFor("a network fetch to fail", `window.__online === false`)

	tb.reload()
	tb.visible(sel("sample"))
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=sample]').length`); n != 15 {
		t.Errorf("offline, the gallery has %d samples, want 15", n)
	}
	// The app itself runs (app.wasm came from the cache) and opens files.
	tb.upload(seed(seedHello))
	tb.waitTitle(seedHello)
	tb.waitStep(20, 20)
}
