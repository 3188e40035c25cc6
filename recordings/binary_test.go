package recordings

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// TestBinary: files written by Go's own encoders (PNG, JPEG, GIF, gzip,
// zip), a PDF's and a WebP's headers as their specifications write them,
// and bytes no text holds are named; text, JSON and YAML are not, nor a
// NUL past the first 512 bytes (a broken text file, whose syntax error
// says more). Parse says it as "not a recording: binary data (...)".
func TestBinary(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 2, 2))
	encode := func(f func(*bytes.Buffer) error) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	gz := encode(func(b *bytes.Buffer) error {
		w := gzip.NewWriter(b)
		w.Write([]byte(`{"request": {}}`))
		return w.Close()
	})
	zipped := encode(func(b *bytes.Buffer) error {
		w := zip.NewWriter(b)
		f, err := w.Create("rec.json")
		if err != nil {
			return err
		}
		f.Write([]byte(`{}`))
		return w.Close()
	})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"png", encode(func(b *bytes.Buffer) error { return png.Encode(b, img) }), "binary data (PNG image)"},
		{"jpeg", encode(func(b *bytes.Buffer) error { return jpeg.Encode(b, img, nil) }), "binary data (JPEG image)"},
		{"gif", encode(func(b *bytes.Buffer) error { return gif.Encode(b, img, nil) }), "binary data (GIF image)"},
		{"gzip", gz, "binary data (gzip data)"},
		{"zip", zipped, "binary data (zip archive)"},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "binary data (PDF document)"},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00"), "binary data (WebP image)"},
		{"nul", []byte("{\"request\x00\": 1}"), "binary data"},
		{"utf-16", []byte("\xff\xfe{\x00\"\x00"), "binary data"},
		{"json", []byte("{\n\t\"request\": {}\r\n}"), ""},
		{"yaml with escape", []byte("interactions:\n- request: \x1b[1mx\x1b[0m\n"), ""},
		{"utf-8", []byte("{\"text\": \"héllo ✓\"}"), ""},
		{"nul after 512 bytes", []byte(`{"a": "` + strings.Repeat("x", 600) + "\x00"), ""},
		{"wav", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), "binary data"},
		{"empty", nil, ""},
	} {
		if got := Binary(c.data); got != c.want {
			t.Errorf("%s: Binary = %q, want %q", c.name, got, c.want)
		}
		_, err := Parse("f", c.data)
		if c.want != "" && (!errors.Is(err, ErrNotRecording) || !strings.HasSuffix(err.Error(), "f: not a recording: "+c.want)) {
			t.Errorf("%s: Parse: %v, want not a recording: %s", c.name, err, c.want)
		}
		if c.want == "" && err != nil && strings.Contains(err.Error(), "binary") {
			t.Errorf("%s: Parse: %v", c.name, err)
		}
	}
}
