//go:build !js

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"os"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	viewer "github.com/recview/recview/app"
)

// handler describes the page go-app renders and the PWA around it, for
// a site served under base ("/", or "/REPO/" for a GitHub project page).
func handler(version, base string) *app.Handler {
	return &app.Handler{
		Name:            "recview",
		ShortName:       "recview",
		Title:           "recview — LLM API recordings, readable",
		Description:     "Open LLM API recordings (ogx / llama-stack test fixtures): the request, the assembled response, the stream chunk by chunk, the request hash.",
		Icon:            app.Icon{Default: "/web/icon.png", SVG: "/web/icon.svg"},
		BackgroundColor: "#111418",
		ThemeColor:      "#111418",
		LoadingLabel:    "Loading recview… {progress}%",
		Styles:          []string{"/web/app.css", "/web/review.css", "/web/replay.css"},
		// early.js queues what is picked or dropped before app.wasm runs;
		// walk.js lists a dropped or chosen folder for it. Each one's own
		// comment says how; files of the site's, as the CSP wants.
		Scripts: []string{"/web/early.js", "/web/walk.js"},
		// The gallery's samples, so that they open offline too.
		CacheableResources: sampleResources(),
		Version:            version,
		// Everything under /web/ is served from BASE/v/<version>/web/, a
		// path that never changes content, so it can be cached for a year;
		// the rest of the site from under BASE.
		Resources: siteResources{base: base, version: version},
	}
}

func main() {
	dist := flag.String("dist", "", "write the static site into this folder (then exit)")
	web := flag.String("web", "web", "the folder of static assets copied to DIST/v/VERSION/web")
	wasm := flag.String("wasm", "", "the built app.wasm, copied to DIST/v/VERSION/web; required with -dist")
	workerWasm := flag.String("worker-wasm", "", "the built worker.wasm (the page's Web Worker, wasm/worker), copied to DIST/v/VERSION/web")
	serve := flag.String("serve", "", "serve the folder given by -dir at this address, like 127.0.0.1:8000")
	dir := flag.String("dir", "dist", "the folder -serve serves")
	config := flag.String("netlify", "netlify.toml", "the netlify.toml whose headers -serve sends")
	baseFlag := flag.String("base", "/", "the path prefix the site is built for (-dist) or served under (-serve), like /REPO/ for a GitHub project page")
	flag.Parse()
	routes()
	base, err := checkBase(*baseFlag)
	if err != nil {
		log.Fatal(err)
	}
	switch {
	case *dist != "":
		if *wasm == "" {
			log.Fatal("-dist needs -wasm")
		}
		version, err := generate(*dist, *web, *wasm, *workerWasm, base)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("recview: wrote %s, version %s, for %s\n", *dist, version, base)
	case *serve != "":
		h, err := siteHandler(*dir, *config)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("recview: serving %s at http://%s%s\n", *dir, *serve, base)
		log.Fatal(http.ListenAndServe(*serve, underBase(base, h)))
	default:
		flag.Usage()
		os.Exit(2)
	}
}

func sampleResources() []string {
	var rs []string
	for _, s := range viewer.Samples {
		rs = append(rs, "/web/samples/"+s.File)
	}
	return rs
}

// generate writes the site into dist: go-app's pre-rendered page and files,
// and the static assets (the web folder, the wasm file and, unless
// workerWasm is "", the page's worker's) under dist/v/<version>/web,
// where version is a digest of those assets. Every path the site names
// is under base (checkBase's), where dist is to be served. It returns
// the version.
func generate(dist, web, wasm, workerWasm, base string) (string, error) {
	version, err := assetsVersion(web, wasm, workerWasm)
	if err != nil {
		return "", err
	}
	if err := app.GenerateStaticWebsite(dist, handler(version, base)); err != nil {
		return "", err
	}
	if err := scopeManifest(dist, base); err != nil {
		return "", err
	}
	os.Remove(filepath.Join(dist, "web")) // go-app's empty web folder: the assets live under v/
	if err := writeHeadersFile(dist, version); err != nil {
		return "", err
	}
	assets := filepath.Join(dist, "v", version, "web")
	err = filepath.WalkDir(web, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(web, path)
		dst := filepath.Join(assets, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		return copyFile(path, dst)
	})
	if err != nil {
		return "", err
	}
	if workerWasm != "" {
		if err := copyFile(workerWasm, filepath.Join(assets, "worker.wasm")); err != nil {
			return "", err
		}
	}
	return version, copyFile(wasm, filepath.Join(assets, "app.wasm"))
}

// assetsVersion is the first 16 hex digits of a SHA-256 over the wasm file
// and every file of the web folder (names and contents), so that any change
// to an asset gives the site a new version and new asset URLs.
func assetsVersion(web, wasm, workerWasm string) (string, error) {
	h := sha256.New()
	add := func(name, path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
		return nil
	}
	if err := add("app.wasm", wasm); err != nil {
		return "", err
	}
	if workerWasm != "" {
		if err := add("worker.wasm", workerWasm); err != nil {
			return "", err
		}
	}
	err := filepath.WalkDir(web, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(web, path)
		return add(filepath.ToSlash(rel), path)
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
