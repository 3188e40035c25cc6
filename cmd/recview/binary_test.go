package main

import (
	"bytes"
	"compress/gzip"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestBinaryInput: a PNG (written by image/png), and a gzip that is no
// cassette (the PNG gzipped; a gzip of a text the cassette reader
// reads, like a .httprr.gz, is read), given to the commands that read one file are named as
// binary data, "recview: CMD: FILE: not a recording: binary data (PNG
// image)", exit 2: no JSON syntax error at its first byte, no YAML
// error of the cassette reader tried after.
func TestBinaryInput(t *testing.T) {
	dir := t.TempDir()
	var p bytes.Buffer
	if err := png.Encode(&p, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(p.Bytes()) // no text: no cassette reads it
	zw.Close()
	for name, data := range map[string][]byte{"shot.png": p.Bytes(), "shot.png.gz": z.Bytes()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		what := map[string]string{"shot.png": "PNG image", "shot.png.gz": "gzip data"}[name]
		for _, cmd := range []string{"show", "assemble", "steps", "link"} {
			_, errOut, code := runCmd(t, "", cmd, path)
			want := "recview: " + cmd + ": " + path + ": not a recording: binary data (" + what + ")\n"
			if code != 2 || errOut != want {
				t.Errorf("%s %s: exit %d, stderr %q; want 2, %q", cmd, name, code, errOut, want)
			}
		}
	}
}
