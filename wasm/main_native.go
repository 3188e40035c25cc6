//go:build !js

package main

import (
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

// handler describes the page go-app renders and the PWA around it.
func handler(version string) *app.Handler {
	return &app.Handler{
		Name:            "recview",
		ShortName:       "recview",
		Title:           "recview — LLM API recordings, readable",
		Description:     "Open LLM API recordings (ogx / llama-stack test fixtures): the request, the assembled response, the stream chunk by chunk, the request hash.",
		Icon:            app.Icon{Default: "/web/icon.png", SVG: "/web/icon.svg"},
		BackgroundColor: "#111418",
		ThemeColor:      "#111418",
		LoadingLabel:    "Loading recview… {progress}%",
		Styles:          []string{"/web/app.css"},
		// The gallery's samples, so that they open offline too.
		CacheableResources: sampleResources(),
		Version:            version,
	}
}

func main() {
	dist := flag.String("dist", "", "write the static site into this folder (then exit)")
	web := flag.String("web", "web", "the folder of static assets copied to DIST/web")
	version := flag.String("version", "", "the site's version (service-worker cache key); required with -dist")
	serve := flag.String("serve", "", "serve the folder given by -dir at this address, like 127.0.0.1:8000")
	dir := flag.String("dir", "dist", "the folder -serve serves")
	flag.Parse()
	routes()
	switch {
	case *dist != "":
		if *version == "" {
			log.Fatal("-dist needs -version")
		}
		if err := generate(*dist, *web, *version); err != nil {
			log.Fatal(err)
		}
	case *serve != "":
		fmt.Printf("recview: serving %s at http://%s\n", *dir, *serve)
		log.Fatal(http.ListenAndServe(*serve, withHeaders(http.FileServer(http.Dir(*dir)))))
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

// generate writes the pre-rendered pages and go-app's files into dist and
// copies the static assets into dist/web; app.wasm is built there by make.
func generate(dist, web, version string) error {
	if err := app.GenerateStaticWebsite(dist, handler(version)); err != nil {
		return err
	}
	if err := writeHeadersFile(dist); err != nil {
		return err
	}
	return filepath.WalkDir(web, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(web, path)
		dst := filepath.Join(dist, "web", rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		return copyFile(path, dst)
	})
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
