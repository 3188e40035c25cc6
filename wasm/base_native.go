//go:build !js

package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// checkBase checks the path prefix the site is served under (make dist
// BASE=…): "/" for the root of its host, "/REPO/" for a GitHub project
// page. A prefix without its slashes ("REPO", "/REPO") gets them. It is
// written into the page, its scripts and the manifest as is, so it may
// hold only letters, digits and - . _ ~ between its slashes, and no "."
// or ".." segment.
func checkBase(s string) (string, error) {
	base := "/" + strings.Trim(s, "/") + "/"
	if base == "//" {
		return "/", nil
	}
	for _, seg := range strings.Split(strings.Trim(base, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." || strings.Trim(seg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~") != "" {
			return "", fmt.Errorf("-base %q is not a path prefix like /REPO/ (letters, digits and - . _ ~ between slashes)", s)
		}
	}
	return base, nil
}

// siteResources resolves go-app's paths for a site served under base ("/"
// or "/REPO/"): its static resources, the paths under /web/, to
// base+"v/<version>/web/…", a path that never changes content (so it can
// be cached for a year); every other path of the site (the page, app.js,
// app-worker.js, the manifest, wasm_exec.js) to base+path, so that the
// service worker's scope is base. A URL, or a path relative to the page
// (a "#fragment" link), is returned as is. go-app's PrefixedLocation
// would put the page's files under the version too.
type siteResources struct {
	base    string // "/" or "/REPO/", as checkBase gives it
	version string // the assets' digest (assetsVersion)
}

// Resolve maps "/web/x" to "<base>v/<version>/web/x", "/x" to "<base>x"
// and "/" to base.
func (r siteResources) Resolve(location string) string {
	switch {
	case strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://"):
		return location
	case location == "/web" || location == "web" || strings.HasPrefix(location, "/web/") || strings.HasPrefix(location, "web/"):
		return r.base + "v/" + r.version + "/" + strings.Trim(location, "/")
	case strings.HasPrefix(location, "/") && !strings.HasPrefix(location, "//"):
		return r.base + location[1:]
	}
	return location
}

// scopeManifest sets the scope of dist's manifest to base: go-app writes
// "/" whatever the prefix, and an installed project page would then
// claim every page of its host.
func scopeManifest(dist, base string) error {
	file := filepath.Join(dist, "manifest.webmanifest")
	m, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	const scope = `"scope":"/"`
	if bytes.Count(m, []byte(scope)) != 1 {
		return fmt.Errorf("%s: want one %s, go-app's manifest changed", file, scope)
	}
	m = bytes.Replace(m, []byte(scope), []byte(`"scope":"`+base+`"`), 1)
	return os.WriteFile(file, m, 0o644)
}

// underBase serves site (the handler of a dist folder) under base, as a
// GitHub project page is served: base+path is the site's path, "/"
// redirects to base, and every other path is not found.
func underBase(base string, site http.Handler) http.Handler {
	if base == "/" {
		return site
	}
	mux := http.NewServeMux()
	mux.Handle(base, http.StripPrefix(strings.TrimSuffix(base, "/"), site))
	mux.Handle("/{$}", http.RedirectHandler(base, http.StatusFound))
	return mux
}
