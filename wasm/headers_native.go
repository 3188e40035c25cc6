//go:build !js

package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// csp is the Content-Security-Policy the site runs under: its own files
// only, WebAssembly compilation allowed ('wasm-unsafe-eval', which go-app's
// app.js needs for WebAssembly.instantiate), no inline script or style, no
// frames, no plugins.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

// securityHeaders are sent with every response, by `make serve` and, through
// the generated _headers file, by Netlify.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", csp},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Frame-Options", "DENY"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"},
}

// withHeaders adds the security headers to every response of h.
func withHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, kv := range securityHeaders {
			w.Header().Set(kv[0], kv[1])
		}
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		h.ServeHTTP(w, r)
	})
}

// writeHeadersFile writes Netlify's _headers file with the same headers.
func writeHeadersFile(dist string) error {
	var b strings.Builder
	b.WriteString("/*\n")
	for _, kv := range securityHeaders {
		b.WriteString("  " + kv[0] + ": " + kv[1] + "\n")
	}
	b.WriteString("/web/app.wasm\n  Content-Type: application/wasm\n  Cache-Control: public, max-age=0, must-revalidate\n")
	b.WriteString("/app-worker.js\n  Cache-Control: no-cache\n")
	return os.WriteFile(filepath.Join(dist, "_headers"), []byte(b.String()), 0o644)
}
