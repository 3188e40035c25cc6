package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"unicode/utf8"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/permalink"
	"github.com/spf13/pflag"
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
func link(fl *pflag.FlagSet) runFunc {
	base := fl.String("base", "", "the viewer's `URL` the link points at (default: $RECVIEW_BASE, else "+defaultBase+", where make serve serves it)")
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
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		usage := func() {
			fmt.Fprintln(stderr, "usage: recview link FILE [--base URL] [--step K] [--panel P]\n       recview link A B [--base URL] [--panel P]   (a comparison)")
			printFlags(stderr, fl)
		}
		files := args
		*base = viewerBase(fl, "base")
		if len(files) != 1 && len(files) != 2 || len(files) == 2 && files[0] == "-" && files[1] == "-" {
			usage()
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
			src, r, note, err := linkSource(file, stdin)
			if err != nil {
				complain(stderr, "link", err)
				return exitError{2}
			}
			if note != "" {
				fmt.Fprintf(stderr, "recview: link: %s\n", note)
			}
			if stepSet {
				if !r.Streaming {
					fmt.Fprintf(stderr, "recview: link: %s: --step given, but the response is not a stream\n", r.Name)
					return exitError{2}
				}
				if step > len(r.Chunks) {
					fmt.Fprintf(stderr, "recview: link: %s: --step %d, but the stream has %s\n", r.Name, step, plural(len(r.Chunks), "chunk", ""))
					return exitError{2}
				}
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
			var hint strings.Builder // the src= link to make instead
			hint.WriteString("#v=2")
			for _, s := range srcs {
				hint.WriteString("&src=URL")
				if s.Interaction > 0 {
					hint.WriteString("&i=" + strconv.Itoa(s.Interaction))
				}
			}
			fmt.Fprintf(stderr, "recview: link: %s: the link would be %d characters, more than the %d a GitHub comment holds; put the file at a URL (a GitHub file, a gist) and open it with %s instead\n",
				strings.Join(files, " and "), len(u), permalink.MaxLinkLen, hint.String())
			return exitError{1}
		}
		_, err := fmt.Fprintln(stdout, u)
		return err
	}
}

// linkSource is the d= source of file (read): a recording's JSON, or a
// cassette (linkData) and the interaction FILE#K names (i=K; without
// #K, no i=: the viewer opens the first and lists them all); r is the
// recording the link opens, note what the link does with the file that
// the user should know.
func linkSource(file string, stdin io.Reader) (src permalink.Source, r *recordings.Recording, note string, err error) {
	in, err := read(file, stdin)
	if err != nil {
		return src, nil, "", err
	}
	data, name := in.data, filepath.Base(in.path)
	if in.rec != nil {
		r = in.rec
	} else {
		if len(in.cas.Interactions) == 0 {
			return src, nil, "", fmt.Errorf("%s: %s", in.name, holds(0))
		}
		src.Interaction = in.k // none: the viewer opens the first and lists them all
		if r, _, err = in.interaction(max(in.k, 1)); err != nil {
			return src, nil, "", err
		}
		var text []byte
		if data, text, note, err = linkData(in); err != nil {
			return src, nil, "", err
		}
		name = linkName(in, text)
	}
	if src.Value, err = permalink.EncodeData(data); err != nil {
		return src, nil, "", err
	}
	src.Kind = permalink.SourceData
	if file != "-" {
		src.Name = name // the viewer checks the hash against it, or reads the cassette by it
	}
	return src, r, note, nil
}

// linkData is what a link carries of a cassette, as the viewer shares
// one (permalink data is JSON; app's openDoc.linkData): the file as it
// is when it is one JSON value (vcrpy's JSON, the test agent's, the
// test proxy's, a HAR, a vercel/ai body), else the JSON string of its
// text (YAML, an httprr trace, a vercel/ai chunks file, which is JSON
// lines), which the viewer reads back as that text. A gzipped trace
// (.httprr.gz) rides as its text, decompressed, which note says: the
// viewer reads a trace by its first line, whatever its name. text is
// the file's text as the viewer reads it. Text that is not UTF-8 cannot
// ride as a JSON string: an error.
func linkData(in *input) (data, text []byte, note string, err error) {
	text = in.data
	if len(text) >= 2 && text[0] == 0x1f && text[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(text))
		if err == nil {
			text, err = io.ReadAll(io.LimitReader(zr, cassette.MaxSize+1))
		}
		switch {
		case err != nil:
			return nil, nil, "", fmt.Errorf("%s: %w", in.name, err)
		case len(text) > cassette.MaxSize:
			return nil, nil, "", fmt.Errorf("%s: its trace is more than %d bytes", in.name, cassette.MaxSize)
		}
		note = fmt.Sprintf("%s is gzipped: the link carries its trace as text, decompressed (%d bytes)", in.name, len(text))
	}
	chunks := in.cas.Recorder == cassette.VercelFixture && len(in.cas.Interactions) == 1 && in.cas.Interactions[0].Streamed
	if json.Valid(text) && !chunks {
		return text, text, note, nil
	}
	if !utf8.Valid(text) {
		return nil, nil, "", fmt.Errorf("%s: not UTF-8 text, which a link carries as a JSON string: put the file at a URL (a GitHub file, a gist) and open it with #v=2&src=URL&i=K instead", in.name)
	}
	data, err = json.Marshal(string(text))
	return data, text, note, err
}

// linkName is the name= of a cassette's link: the file's name, or, when
// the cassette reads otherwise by it alone (rig's cassettes name their
// provider by a folder, vercel/ai's fixtures their package: see
// recordings/cassette), the shortest tail of its path that reads as the
// path does, its folders joined by "__" as flattened copies of a tree
// are named ("cassettes__anthropic__x.yaml"); the name alone when none
// does. text is the file's text as the link carries it.
func linkName(in *input, text []byte) string {
	parts := strings.FieldsFunc(filepath.ToSlash(filepath.Clean(in.path)), func(c rune) bool { return c == '/' })
	for len(parts) > 0 && (parts[0] == "." || parts[0] == "..") {
		parts = parts[1:]
	}
	if len(parts) == 0 {
		return filepath.Base(in.path)
	}
	for n := 1; n <= len(parts); n++ {
		name := strings.Join(parts[len(parts)-n:], "__")
		if c, err := cassette.Parse(name, text); err == nil && sameReading(c, in.cas) {
			return name
		}
	}
	return parts[len(parts)-1]
}

// sameReading reports whether two readings of a cassette call the same
// URLs and say the same of each interaction: what a file's name and
// folders can change.
func sameReading(a, b *cassette.Cassette) bool {
	if len(a.Interactions) != len(b.Interactions) || a.Recorder != b.Recorder {
		return false
	}
	for i := range a.Interactions {
		x, y := &a.Interactions[i], &b.Interactions[i]
		if x.Method != y.Method || x.URI != y.URI || x.Endpoint != y.Endpoint || x.Notice != y.Notice || x.Streamed != y.Streamed {
			return false
		}
	}
	return true
}
