// Command wasmsize reports the size of the viewer's app.wasm, raw, gzip
// (level 9) and brotli (quality 11, what a CDN serves), and what each
// dependency adds: it builds programs that stop at each layer the way
// `make dist` builds the viewer (variants/empty: the Go runtime alone;
// variants/layers: a go-app page, with build tags adding goldmark, the
// recordings core and recordings/diff), and prints the differences as a
// Markdown table. With -gowork, the layers are built through that
// workspace, as make dist builds app.wasm (go-app with the patches of
// third_party/go-app), and one more row gives the viewer built against
// go-app as published, for what the patches save.
//
//	go run ./internal/tools/wasmsize [-wasm build/app.wasm] [-gowork build/go.work]
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// sizes of one wasm file, in bytes.
type sizes struct{ raw, gz, br int }

// measure reads the file at path and measures it (sizesOf).
func measure(path string) (sizes, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return sizes{}, err
	}
	return sizesOf(data), nil
}

// sizesOf is data's size raw, after gzip -9 and after brotli 11.
func sizesOf(data []byte) sizes {
	var g bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression)
	gw.Write(data)
	gw.Close()
	return sizes{len(data), g.Len(), brotliSize(data, 0)}
}

// brotliSize is the size of data after brotli at quality 11 with a
// window of 2^lgwin bytes, brotli's default (4 MB) for 0: with 24 (16
// MB) the size of a 10 MB file no longer jumps by tens of kilobytes for
// a few bytes changed.
func brotliSize(data []byte, lgwin int) int {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: lgwin})
	w.Write(data)
	w.Close()
	return b.Len()
}

// buildSizes compiles a package with build tags for GOOS=js GOARCH=wasm
// as `make dist` does, through the workspace file gowork ("off" for
// none), into out, and measures it.
func buildSizes(pkg, tags, gowork, out string) (sizes, error) {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-tags="+tags, "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK="+gowork)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return sizes{}, fmt.Errorf("%s: %w", pkg, err)
	}
	return measure(out)
}

// mb formats a size in decimal megabytes (10^6 bytes), the unit of the
// budget in issue 5: its "go-app and goldmark alone are about 1.6 MB" is
// this table's go-app + goldmark layer in those units (1.52 in MiB).
func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

// budget is issue 5's limit for app.wasm after brotli, in bytes.
const budget = 1_800_000

func main() {
	wasm := flag.String("wasm", "build/app.wasm", "the viewer's app.wasm (make dist builds it)")
	gowork := flag.String("gowork", "off", "the workspace make dist builds app.wasm through (build/go.work), or off")
	flag.Parse()
	dir, err := os.MkdirTemp("", "wasmsize")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	const layers = "./internal/tools/wasmsize/variants/layers"
	goApp := "+ go-app"
	if *gowork != "off" {
		goApp += " (its HTTP handler left out: third_party/go-app)"
	}
	steps := []struct{ name, pkg, tags string }{
		{"Go runtime (empty main)", "./internal/tools/wasmsize/variants/empty", ""},
		{goApp, layers, ""},
		{"+ goldmark (GFM)", layers, "goldmark"},
		{"+ recordings core", layers, "goldmark,core"},
		{"+ recordings/diff (go-diff)", layers, "goldmark,core,diff"},
	}
	fmt.Println("| app.wasm layer | raw | gzip -9 | brotli 11 | brotli added |")
	fmt.Println("|---|---|---|---|---|")
	prev := 0
	for i, l := range steps {
		s, err := buildSizes(l.pkg, l.tags, *gowork, filepath.Join(dir, fmt.Sprintf("layer%d.wasm", i)))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("| %s | %s | %s | %s | %s |\n", l.name, mb(s.raw), mb(s.gz), mb(s.br), mb(s.br-prev))
		prev = s.br
	}
	viewer, err := os.ReadFile(*wasm)
	if err != nil {
		log.Fatalf("%v (run make dist first)", err)
	}
	s := sizesOf(viewer)
	fmt.Printf("| **the viewer** (%s) | %s | %s | %s | %s |\n", *wasm, mb(s.raw), mb(s.gz), mb(s.br), mb(s.br-prev))
	if *gowork != "off" {
		p, err := buildSizes("./wasm", "", "off", filepath.Join(dir, "published.wasm"))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("| the viewer, go-app as published (net/http linked) | %s | %s | %s | %s more |\n", mb(p.raw), mb(p.gz), mb(p.br), mb(p.br-s.br))
	}
	verdict := "met"
	if s.br >= budget {
		verdict = fmt.Sprintf("missed by %s", mb(s.br-budget))
	}
	fmt.Printf("\nTarget: app.wasm under %s (%d bytes) after brotli; it is %s (%d bytes): %s. MB here is 10^6 bytes.\n",
		mb(budget), budget, mb(s.br), s.br, verdict)
	fmt.Printf("With a 16 MB window (lgwin 24): %d bytes. The same code moves by up to 10 KB after brotli with its names alone; "+
		"weigh a change by its raw size, %d bytes here (docs/dev/wasm-size.md).\n", brotliSize(viewer, 24), s.raw)
}
