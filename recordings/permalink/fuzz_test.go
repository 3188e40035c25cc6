package permalink

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
)

// linkSeeds are real permalink fragments: the frozen v1 goldens, the
// viewer's older #sample=FILE&step=K links, and links of small corpus files.
func linkSeeds(f *testing.F) []string {
	seeds := []string{
		"sample=4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json&step=3",
		"#v=1&src=https://example.com/r.json%3Fx%3D1&step=0&panel=raw",
		"v=1&sample=a.json&sample=b.json",
		"v=2&pr=ogx-ai/ogx/3681&file=tests/integration/recordings/a.json",
		"v=2&compare=o/r/main...user:feature%2Fx&file=a%20b.json",
		"v=2&folders=base/head&file=x/y.json&step=2",
		"v=2&pr=o/r/1&file=x/y.json&open=base&step=4",
	}
	golden, _ := filepath.Glob("testdata/v1-*.link")
	for _, p := range golden {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, strings.TrimSpace(string(b)))
	}
	n := 0
	for _, row := range corpustest.Manifest(f) {
		data, err := os.ReadFile(filepath.Join(corpustest.Dir(), row.File))
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > 4<<10 || n == 8 {
			continue
		}
		d, err := EncodeData(data)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, Fragment{Sources: []Source{{SourceData, d, "", 0}}}.String())
		n++
	}
	return seeds
}

// checkData: data that decodes is JSON, and encoding it again gives a link
// that decodes to the same bytes.
func checkData(t *testing.T, s string) {
	got, err := DecodeData(s)
	if err != nil {
		var pe *recordings.ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "recordings: ") {
			t.Fatalf("DecodeData error %q (%T) is not a *recordings.ParseError", err, err)
		}
		return
	}
	again, err := EncodeData(got)
	if err != nil {
		t.Fatalf("EncodeData(DecodeData(s)): %v", err)
	}
	back, err := DecodeData(again)
	if err != nil {
		t.Fatalf("DecodeData(EncodeData(DecodeData(s))): %v", err)
	}
	var c bytes.Buffer
	json.Compact(&c, got)
	if !bytes.Equal(back, c.Bytes()) {
		t.Fatalf("round trip changed the data:\n%.200s\n%.200s", got, back)
	}
}

// FuzzParse: Parse never panics, fails only with
// ErrBadLink, and a fragment it reads encodes back to the same Fragment;
// any d= data it names decodes without panicking and round-trips.
func FuzzParse(f *testing.F) {
	for _, s := range linkSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fr, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrBadLink) || !strings.HasPrefix(err.Error(), "recordings: ") {
				t.Fatalf("error %q does not wrap ErrBadLink", err)
			}
			return
		}
		again, err := Parse(fr.String())
		if err != nil || !reflect.DeepEqual(again, fr) {
			t.Fatalf("Parse(%q) = %+v, %v; want %+v", fr.String(), again, err, fr)
		}
		for _, src := range fr.Sources {
			if src.Kind == SourceData {
				checkData(t, src.Value)
			}
		}
	})
}

// FuzzDecodeData: DecodeData never panics on any string, and what it
// decodes round-trips through EncodeData.
func FuzzDecodeData(f *testing.F) {
	for _, s := range linkSeeds(f) {
		if fr, err := Parse(s); err == nil {
			for _, src := range fr.Sources {
				if src.Kind == SourceData {
					f.Add(src.Value)
				}
			}
		}
	}
	f.Add("")
	f.Add("AAAA")
	f.Fuzz(checkData)
}
