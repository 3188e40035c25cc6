//go:build e2e

package e2e

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestHeaders fetches the page and app.wasm as a browser would and checks
// the headers netlify.toml and dist/_headers give them: the security
// headers on the page, and on app.wasm its MIME type and a year of caching,
// which is safe only because its URL carries the assets' version.
func TestHeaders(t *testing.T) {
	s := needSite(t)
	get := func(p string) (*http.Response, []byte) {
		t.Helper()
		res, err := http.Get(s.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s %v", p, res.Status, err)
		}
		return res, body
	}

	page, _ := get("/")
	for name, want := range map[string]string{
		"Content-Security-Policy": "script-src 'self' 'wasm-unsafe-eval';",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
	} {
		if got := page.Header.Get(name); !strings.Contains(got, want) {
			t.Errorf("page %s = %q, want it to hold %q", name, got, want)
		}
	}
	if cc := page.Header.Get("Cache-Control"); strings.Contains(cc, "immutable") {
		t.Errorf("the page itself is cached as immutable (%q): a new version would never show", cc)
	}

	_, appJS := get("/app.js")
	m := regexp.MustCompile(`"(/v/[0-9a-f]{16}/web/app\.wasm)"`).FindSubmatch(appJS)
	if m == nil {
		t.Fatalf("app.js does not load app.wasm from a versioned /v/<version>/web/ path")
	}
	wasm, _ := get(string(m[1]))
	if ct := wasm.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Errorf("%s Content-Type = %q, want application/wasm", m[1], ct)
	}
	if cc := wasm.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("%s Cache-Control = %q, want a year, immutable", m[1], cc)
	}
}
