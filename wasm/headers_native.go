//go:build !js

package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/recview/recview/internal/tools/netlify"
)

// writeHeadersFile writes dist/_headers, Netlify's per-build header rules:
// the one rule that names the version, app.wasm's Content-Type. Every other
// header lives in netlify.toml.
func writeHeadersFile(dist, version string) error {
	rule := fmt.Sprintf("/v/%s/web/app.wasm\n  Content-Type: application/wasm\n", version)
	return os.WriteFile(filepath.Join(dist, "_headers"), []byte(rule), 0o644)
}

// siteHandler serves the dist folder with the headers Netlify would send:
// those of the netlify.toml file and of dist/_headers.
func siteHandler(dist, config string) (http.Handler, error) {
	rules, err := netlify.ReadConfig(config)
	if err != nil {
		return nil, err
	}
	perBuild, err := netlify.ReadHeadersFile(filepath.Join(dist, "_headers"))
	if err != nil {
		return nil, err
	}
	return append(rules, perBuild...).Handler(http.FileServer(http.Dir(dist))), nil
}
