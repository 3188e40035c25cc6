//go:build e2e

package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/netlify"
)

// projectPrefix is the path a GitHub project page is served under:
// https://OWNER.github.io/REPO/.
const projectPrefix = "/recview-pages/"

// buildUnder writes the site for the path prefix base into a folder of
// the test's, as `make dist BASE=…` does: the generator (wasm/, natively)
// over web/ and the app.wasm and worker.wasm of -dist, which do not
// depend on the prefix.
func buildUnder(t *testing.T, base string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "dist")
	cmd := exec.Command("go", "run", "../wasm", "-dist", out, "-base", base, "-web", "../web",
		"-wasm", asset(t, "app.wasm"), "-worker-wasm", asset(t, "worker.wasm"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the site for %s: %v\n%s", base, err, b)
	}
	return out
}

// serveUnder serves the folder dir under the path prefix on loopback, as
// GitHub Pages serves a project page, with the headers of netlify.toml
// and dir/_headers (which name the site's own paths, without the
// prefix). It returns the server's URL and the requests it had outside
// the prefix (answered 404).
func serveUnder(t *testing.T, dir, prefix string) (string, func() []string) {
	t.Helper()
	rules, err := netlify.ReadConfig(*netlifyFlag)
	if err != nil {
		t.Fatal(err)
	}
	perBuild, err := netlify.ReadHeadersFile(filepath.Join(dir, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	site := http.StripPrefix(strings.TrimSuffix(prefix, "/"), append(rules, perBuild...).Handler(http.FileServer(http.Dir(dir))))
	var mu sync.Mutex
	var outside []string
	base := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, prefix) {
			mu.Lock()
			outside = append(outside, r.URL.Path)
			mu.Unlock()
			http.NotFound(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	return base, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(outside)
	}
}

// TestProjectPage builds the site for a GitHub project page (make dist
// BASE=/recview-pages/), serves it under that path, and uses it: the
// gallery loads; a sample opens; its share link points under the prefix
// and opens in a fresh browser context; the service worker registers
// with the prefix as its scope and caches every file it lists; a
// dropped cassette opens (the Web Worker, worker.js and worker.wasm, and
// wasm_exec.js, run); a src= link to the site's own file loads at once.
// The page asks nothing outside the prefix, logs no error and breaks no
// rule of its Content-Security-Policy.
func TestProjectPage(t *testing.T) {
	checkChromium(t)
	needSite(t)
	dir := buildUnder(t, projectPrefix)
	base, outside := serveUnder(t, dir, projectPrefix)
	root := base + projectPrefix
	tb := openTab(t, sharedBrowser(t), base, true)
	w := watchTab(t, tb)

	tb.open(projectPrefix)
	tb.visible(sel("sample"))
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=sample]').length`); n != 15 {
		t.Errorf("the gallery has %d samples, want 15", n)
	}
	tb.screenshotView("gallery")

	// The service worker: its scope is the prefix, and it has cached
	// every file it lists (cache.addAll fails on a missing one).
	scope := awaitJS[string](tb, `navigator.serviceWorker.ready.then(r => r.scope)`)
	if scope != root {
		t.Errorf("the service worker's scope is %s, want %s", scope, root)
	}
	res, _ := json.Marshal(workerResources(t, dir))
	tb.waitForWithin(30*time.Second, "the service worker to cache "+string(res),
		`(window.__cached = window.__cached || Promise.all(`+string(res)+`.map(u => caches.match(u))).then(rs => { window.__allCached = rs.every(r => !!r); window.__cached = null; }), window.__allCached === true)`)

	// A sample, and its share link.
	tb.click(sel("sample") + `[data-file="` + seedToolCall + `"]`)
	tb.waitTitle(seedToolCall)
	tb.click(sel("share-button"))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")
	if want := root + "#v=2&sample=" + seedToolCall; link != want {
		t.Errorf("the share link is %s, want %s", link, want)
	}
	fresh := openTab(t, sharedBrowser(t), base, true)
	fresh.do(chromedp.Navigate(link))
	fresh.waitApp()
	fresh.waitTitle(seedToolCall)

	// A dropped cassette: read by the page's Web Worker.
	tb.key(kb.Escape)
	tb.waitFor("the share panel to close", q(sel("share-url"))+" === null")
	tb.dropPaths(cassette(fileSearchStream))
	tb.waitTitle(fileSearchStream + "#1")
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=interaction]').length`); n != 6 {
		t.Errorf("%d interactions listed, want 6", n)
	}
	tb.screenshotView("cassette")

	// The site's own file by src=: no question asked.
	samples, _ := filepath.Glob(filepath.Join(dir, "v", "*", "web", "samples", seedHello))
	if len(samples) != 1 {
		t.Fatalf("no sample %s in the site built for %s", seedHello, projectPrefix)
	}
	rel, _ := filepath.Rel(dir, samples[0])
	own := root + filepath.ToSlash(rel)
	tb.do(chromedp.Evaluate[chromedp.Void]("location.hash = " + jsq("#v=2&src="+url.QueryEscape(own))))
	tb.waitTitle(seedHello)
	if _, asked := tb.text(sel("link-consent")); asked {
		t.Errorf("a src= on the site's own origin (%s) asks before it loads", own)
	}

	w.check(t, tb)
	for _, tab := range []*tab{tb, fresh} {
		tab.mu.Lock()
		for _, m := range tab.console {
			if strings.HasPrefix(m, "console.error") || strings.HasPrefix(m, "console.exception") {
				t.Errorf("the page logged %s", m)
			}
		}
		tab.mu.Unlock()
	}
	if o := outside(); len(o) > 0 {
		t.Errorf("the page asked for paths outside %s: %v", projectPrefix, o)
	}
}
