package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/permalink"
)

// defaultBase is the viewer's address under `make serve`.
const defaultBase = "http://127.0.0.1:8000/"

// link prints the permalink that opens FILE in the viewer, or the
// comparison of A and B: BASE, "#", and the fragment
// "v=2&d=DATA&name=NAME[&d=DATA&name=NAME][&step=K][&panel=P]"
// (permalink.Parse has the grammar, permalink.EncodeData the
// data). BASE is --base, else $RECVIEW_BASE, else defaultBase. Flags may
// come before or after the files. Exit 2 for bad usage, unreadable
// input, input that is not a recording, or a step past the end of the
// stream (--step applies to one file); exit 1, printing no link, when the
// link is longer than permalink.MaxLinkLen.
func link(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("link", flag.ContinueOnError)
	fl.SetOutput(stderr)
	base := fl.String("base", envOr("RECVIEW_BASE", defaultBase), "the viewer's `URL` (default $RECVIEW_BASE, else where make serve serves it)")
	step, stepSet := 0, false
	fl.Func("step", "open the stream after `K` chunks (0 = before the first)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("want a chunk number 0 or more, got %q", v)
		}
		step, stepSet = n, true
		return nil
	})
	panel := fl.String("panel", "", "open panel `P`: request, response or raw")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: recview link FILE [--base URL] [--step K] [--panel P]\n       recview link A B [--base URL] [--panel P]   (a comparison)")
		fl.PrintDefaults()
	}
	files, err := parseAnywhere(fl, args)
	if err != nil {
		return exitError{2}
	}
	if len(files) != 1 && len(files) != 2 || len(files) == 2 && files[0] == "-" && files[1] == "-" {
		fl.Usage()
		return exitError{2}
	}
	switch *panel {
	case "", "request", "response", "raw": // the viewer's panels (app/panels.go)
	default:
		fmt.Fprintf(stderr, "recview: link: --panel %q: want request, response or raw\n", *panel)
		return exitError{2}
	}
	if stepSet && len(files) == 2 {
		fmt.Fprintln(stderr, "recview: link: --step applies to one file, not to a comparison")
		return exitError{2}
	}

	var srcs []permalink.Source
	for _, file := range files {
		name, data, err := readInput(file, stdin)
		if err != nil {
			complain(stderr, "link", err)
			return exitError{2}
		}
		r, err := recordings.Parse(name, data)
		if err != nil {
			complain(stderr, "link", err)
			return exitError{2}
		}
		if stepSet {
			if !r.Streaming {
				fmt.Fprintf(stderr, "recview: link: %s: --step given, but the response is not a stream\n", name)
				return exitError{2}
			}
			if step > len(r.Chunks) {
				fmt.Fprintf(stderr, "recview: link: %s: --step %d, but the stream has %d chunks\n", name, step, len(r.Chunks))
				return exitError{2}
			}
		}
		d, err := permalink.EncodeData(data)
		if err != nil {
			complain(stderr, "link", err)
			return exitError{2}
		}
		src := permalink.Source{Kind: permalink.SourceData, Value: d}
		if file != "-" {
			src.Name = filepath.Base(file) // the viewer checks the hash against it
		}
		srcs = append(srcs, src)
	}
	frag := permalink.Fragment{
		Version: permalink.Version,
		Sources: srcs,
		Step:    step, HasStep: stepSet,
		Panel: *panel,
	}
	b, _, _ := strings.Cut(*base, "#") // a fragment in BASE gives way to the link's
	u := b + "#" + frag.String()
	if len(u) > permalink.MaxLinkLen {
		fmt.Fprintf(stderr, "recview: link: %s: the link would be %d characters, more than the %d a GitHub comment holds; put the file at a URL (a GitHub file, a gist) and open it with #v=2&src=URL instead\n",
			strings.Join(files, " and "), len(u), permalink.MaxLinkLen)
		return exitError{1}
	}
	_, err = fmt.Fprintln(stdout, u)
	return err
}

// readInput reads a file, or stdin for "-", as load does, returning the
// name to report and the bytes.
func readInput(path string, stdin io.Reader) (string, []byte, error) {
	if path == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, recordings.MaxSize+1))
		return "<stdin>", data, err
	}
	data, err := readFile(path)
	return path, data, err
}
