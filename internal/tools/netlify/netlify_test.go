package netlify

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, path string
		want          bool
	}{
		{"/*", "/", true},
		{"/*", "/v/abc/web/app.wasm", true},
		{"/v/*", "/v/abc/web/app.css", true},
		{"/v/*", "/web/app.css", false},
		{"/v/*", "/vx", false},
		{"/app-worker.js", "/app-worker.js", true},
		{"/app-worker.js", "/app-worker.jsx", false},
		{"/app-worker.js", "/appXworker.js", false}, // "." is literal
		{"/v/:version/web/app.wasm", "/v/0123/web/app.wasm", true},
		{"/v/:version/web/app.wasm", "/v/a/b/web/app.wasm", false},
	} {
		if got := Match(tc.pattern, tc.path); got != tc.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestApplyJoinsRepeatedHeaders(t *testing.T) {
	rs := Rules{
		{For: "/*", Values: map[string]string{"X-A": "1", "Cache-Control": "no-cache"}},
		{For: "/v/*", Values: map[string]string{"Cache-Control": "immutable"}},
		{For: "/other", Values: map[string]string{"X-B": "2"}},
	}
	h := http.Header{}
	rs.Apply(h, "/v/x")
	if got := h.Get("Cache-Control"); got != "no-cache, immutable" {
		t.Errorf("Cache-Control = %q, want both rules' values joined", got)
	}
	if h.Get("X-A") != "1" || h.Get("X-B") != "" {
		t.Errorf("headers = %v, want X-A only from the matching rules", h)
	}
}

func TestReadHeadersFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "_headers")
	os.WriteFile(file, []byte("# comment\n/v/1/web/app.wasm\n  Content-Type: application/wasm\n\n/x\n\tX-Y: z: w\n"), 0o644)
	rs, err := ReadHeadersFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Values["Content-Type"] != "application/wasm" || rs[1].Values["X-Y"] != "z: w" {
		t.Errorf("rules = %+v", rs)
	}
	os.WriteFile(file, []byte("  Orphan: value\n"), 0o644)
	if _, err := ReadHeadersFile(file); err == nil || !strings.Contains(err.Error(), "_headers:1") {
		t.Errorf("an indented header before any path: err = %v, want one naming line 1", err)
	}
	if rs, err := ReadHeadersFile(filepath.Join(dir, "missing")); err != nil || rs != nil {
		t.Errorf("missing file: %v, %v; want no rules and no error", rs, err)
	}
}

// TestSiteConfig reads the repository's netlify.toml: the policy the site
// is deployed with allows no inline script or style and no eval beyond
// compiling WebAssembly, and versioned assets are cached for a year.
func TestSiteConfig(t *testing.T) {
	rs, err := ReadConfig("../../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	page := http.Header{}
	rs.Apply(page, "/")
	csp := page.Get("Content-Security-Policy")
	for _, directive := range strings.Split(csp, ";") {
		for _, source := range strings.Fields(directive)[1:] {
			switch source {
			case "'unsafe-inline'", "'unsafe-eval'", "*", "http:", "data:":
				if source == "data:" && strings.Fields(directive)[0] == "img-src" {
					continue // thumbnails of images inlined in recordings
				}
				t.Errorf("the Content-Security-Policy allows %s in %q", source, directive)
			}
		}
	}
	if !strings.Contains(csp, "connect-src 'self' https: http://localhost:* http://127.0.0.1:*;") {
		t.Errorf("connect-src should allow the site, https: and loopback http only: %q", csp)
	}
	for _, want := range []string{"script-src 'self' 'wasm-unsafe-eval'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("the Content-Security-Policy lacks %s: %q", want, csp)
		}
	}
	if page.Get("Referrer-Policy") != "no-referrer" || page.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("page headers = %v", page)
	}
	if strings.Contains(page.Get("Cache-Control"), "immutable") {
		t.Errorf("the page is immutable: %q", page.Get("Cache-Control"))
	}
	asset := http.Header{}
	rs.Apply(asset, "/v/0123456789abcdef/web/app.wasm")
	if cc := asset.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("versioned asset Cache-Control = %q, want immutable", cc)
	}
}

func TestReadConfigError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "netlify.toml")
	os.WriteFile(file, []byte("[[headers]]\n  for = \"/*\n"), 0o644)
	if _, err := ReadConfig(file); err == nil || !strings.Contains(err.Error(), "netlify.toml") {
		t.Errorf("bad TOML: err = %v, want one naming the file", err)
	}
}
