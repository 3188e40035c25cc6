//go:build !js

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func TestCheckBase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/", "/"},
		{"", "/"},
		{"/REPO/", "/REPO/"},
		{"REPO", "/REPO/"},
		{"/REPO", "/REPO/"},
		{"/a/b.c_d~e-f/", "/a/b.c_d~e-f/"},
	} {
		if got, err := checkBase(tc.in); err != nil || got != tc.want {
			t.Errorf("checkBase(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"/a//b/", "/../", "/./", "/a b/", `/a"b/`, "/a?b/", "/a#b/", "/a<b/", "/é/", "https://x/"} {
		if got, err := checkBase(in); err == nil {
			t.Errorf("checkBase(%q) = %q, want an error", in, got)
		}
	}
}

func TestSiteResourcesResolve(t *testing.T) {
	for _, tc := range []struct{ base, in, want string }{
		{"/", "/", "/"},
		{"/", "/web/app.css", "/v/V/web/app.css"},
		{"/", "/app.js", "/app.js"},
		{"/REPO/", "/", "/REPO/"},
		{"/REPO/", "/web", "/REPO/v/V/web"},
		{"/REPO/", "web/x", "/REPO/v/V/web/x"},
		{"/REPO/", "/web/samples/a.json", "/REPO/v/V/web/samples/a.json"},
		{"/REPO/", "/app-worker.js", "/REPO/app-worker.js"},
		{"/REPO/", "/manifest.webmanifest", "/REPO/manifest.webmanifest"},
		{"/REPO/", "#v=1&sample=a.json", "#v=1&sample=a.json"},
		{"/REPO/", "https://example.com/web/x", "https://example.com/web/x"},
		{"/REPO/", "//example.com/x", "//example.com/x"},
		{"/REPO/", "data:image/png;base64,AA", "data:image/png;base64,AA"},
	} {
		if got := (siteResources{base: tc.base, version: "V"}).Resolve(tc.in); got != tc.want {
			t.Errorf("base %s: Resolve(%q) = %q, want %q", tc.base, tc.in, got, tc.want)
		}
	}
}

var routesOnce sync.Once

// TestGenerateUnderBase writes the site for the root and for a project
// page, and checks every path it names, in the page, app.js, the service
// worker's list and the manifest: each is under the prefix and, served
// from there, names a file of the site. worker.js's wasm_exec.js, a path
// relative to the script, too. The manifest's scope and start are the
// prefix.
func TestGenerateUnderBase(t *testing.T) {
	routesOnce.Do(routes)
	for _, base := range []string{"/", "/REPO/"} {
		t.Run(base, func(t *testing.T) {
			dir := t.TempDir()
			dist := filepath.Join(dir, "dist")
			wasm := filepath.Join(dir, "app.wasm")
			worker := filepath.Join(dir, "worker.wasm")
			os.WriteFile(wasm, []byte("app"), 0o644)
			os.WriteFile(worker, []byte("worker"), 0o644)
			version, err := generate(dist, "../web", wasm, worker, base)
			if err != nil {
				t.Fatal(err)
			}
			served := func(from, p string) {
				t.Helper()
				u, err := url.Parse(p)
				if err != nil || u.Scheme != "" || u.Host != "" {
					return // a URL of another site, or "https://" (og:url)
				}
				if !strings.HasPrefix(u.Path, base) {
					t.Errorf("%s names %s, which is not under %s", from, p, base)
					return
				}
				file := filepath.Join(dist, filepath.FromSlash(strings.TrimPrefix(u.Path, base)))
				if strings.HasSuffix(u.Path, "/") {
					file = filepath.Join(file, "index.html")
				}
				if _, err := os.Stat(file); err != nil {
					t.Errorf("%s names %s, which is no file of the site (%v)", from, p, err)
				}
			}
			read := func(name string) string {
				b, err := os.ReadFile(filepath.Join(dist, name))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}

			page := read("index.html")
			attrs := regexp.MustCompile(`(?:href|src|content)="(/[^"]*)"`).FindAllStringSubmatch(page, -1)
			if len(attrs) < 10 {
				t.Fatalf("index.html names %d paths, want its icons, styles and scripts", len(attrs))
			}
			for _, m := range attrs {
				served("index.html", m[1])
			}

			appJS := read("app.js")
			for _, re := range []string{`fetchWithProgress\("([^"]*)"`, `serviceWorker\.register\(\s*"([^"]*)"`, `"GOAPP_ROOT_PREFIX":"([^"]*)"`} {
				m := regexp.MustCompile(re).FindStringSubmatch(appJS)
				if m == nil {
					t.Fatalf("app.js has no %s", re)
				}
				served("app.js", m[1])
			}
			if want := `"GOAPP_STATIC_RESOURCES_URL":"` + base + "v/" + version + `/web"`; !strings.Contains(appJS, want) {
				t.Errorf("app.js has no %s", want)
			}

			m := regexp.MustCompile(`resourcesToCache\s*=\s*(\[[^\]]*\])`).FindStringSubmatch(read("app-worker.js"))
			var cached []string
			if m == nil || json.Unmarshal([]byte(m[1]), &cached) != nil || len(cached) < 10 {
				t.Fatalf("app-worker.js has no list of files to cache")
			}
			for _, p := range cached {
				served("app-worker.js", p)
			}

			var manifest struct {
				Scope    string `json:"scope"`
				StartURL string `json:"start_url"`
				Icons    []struct{ Src string }
			}
			if err := json.Unmarshal([]byte(read("manifest.webmanifest")), &manifest); err != nil {
				t.Fatal(err)
			}
			if manifest.Scope != base || manifest.StartURL != base {
				t.Errorf("the manifest's scope %q and start_url %q, want %q", manifest.Scope, manifest.StartURL, base)
			}
			for _, icon := range manifest.Icons {
				served("manifest.webmanifest", icon.Src)
			}

			script := base + "v/" + version + "/web/worker.js"
			served("the test", script)
			imp := regexp.MustCompile(`importScripts\("([^"]*)"\)`).FindStringSubmatch(read(filepath.Join("v", version, "web", "worker.js")))
			if imp == nil {
				t.Fatal("worker.js imports no script")
			}
			ref, _ := url.Parse(imp[1])
			resolved := (&url.URL{Path: script}).ResolveReference(ref).Path
			if resolved != base+"wasm_exec.js" {
				t.Errorf("worker.js at %s imports %s, want %swasm_exec.js", script, resolved, base)
			}
			served("worker.js", resolved)
		})
	}
}

// TestUnderBase: served under /REPO/, the site's paths are its own with
// the prefix, "/" redirects to the prefix, and nothing else is found;
// under "/", the site is served as it is.
func TestUnderBase(t *testing.T) {
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "site "+r.URL.Path) })
	for _, tc := range []struct {
		base, path string
		code       int
		body, to   string
	}{
		{"/REPO/", "/REPO/", 200, "site /", ""},
		{"/REPO/", "/REPO/app.js", 200, "site /app.js", ""},
		{"/REPO/", "/REPO/v/x/web/app.wasm", 200, "site /v/x/web/app.wasm", ""},
		{"/REPO/", "/", 302, "", "/REPO/"},
		{"/REPO/", "/app.js", 404, "", ""},
		{"/REPO/", "/REPOX/", 404, "", ""},
		{"/", "/app.js", 200, "site /app.js", ""},
	} {
		rec := httptest.NewRecorder()
		underBase(tc.base, site).ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.code || tc.body != "" && rec.Body.String() != tc.body || rec.Header().Get("Location") != tc.to {
			t.Errorf("under %s, GET %s: %d %q (Location %q); want %d %q (Location %q)",
				tc.base, tc.path, rec.Code, rec.Body.String(), rec.Header().Get("Location"), tc.code, tc.body, tc.to)
		}
	}
}
