package recordings

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recview/recview/internal/jsonx"
)

// fuzzSeeds adds the smaller corpus files of each kind to a fuzz corpus.
func fuzzSeeds(f *testing.F) {
	seen := map[string]bool{}
	for _, row := range readManifest(f) {
		kind := strings.SplitN(row.category, " {", 2)[0]
		if seen[kind] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(corpusDir, row.file))
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > 64<<10 {
			continue
		}
		seen[kind] = true
		f.Add(data)
	}
	f.Add([]byte(cutStream))
}

// FuzzParse: Parse never panics, and every error it returns is a
// *ParseError with the package prefix.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("fuzz.json", data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "recordings: ") {
				t.Fatalf("error %q (%T) is not a *ParseError", err, err)
			}
			return
		}
		if r.Family == "" || r.Shape == "" {
			t.Fatalf("unclassified recording: %+v", r)
		}
		r.Conversation()
	})
}

// FuzzAssemble: assembling and stepping any recording that parses never
// panics, always yields valid JSON, and stepping to the end gives what
// Assemble gives.
func FuzzAssemble(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("fuzz.json", data)
		if err != nil {
			return
		}
		v, _ := Assemble(r)
		if v == nil {
			t.Fatal("Assemble returned nil")
		}
		whole := jsonx.Compact(v)
		if !json.Valid(whole) {
			t.Fatalf("Assemble gave invalid JSON: %s", whole)
		}
		ReadAnswer(r.Family, v)
		s, err := NewStepper(r)
		if err != nil {
			return
		}
		for _, k := range []int{s.Len(), len(data) % (s.Len() + 1), 0, s.Len() / 2, s.Len()} {
			s.Seek(k)
			if !json.Valid(jsonx.Compact(s.Result())) {
				t.Fatalf("step %d gave invalid JSON", k)
			}
		}
		if got := jsonx.Compact(s.Result()); string(got) != string(whole) {
			t.Fatalf("last step differs from Assemble:\n%s\n%s", got, whole)
		}
	})
}

// linkSeeds are real permalink fragments: the frozen v1 goldens, the
// viewer's older #sample=FILE&step=K links, and links of small corpus files.
func linkSeeds(f *testing.F) []string {
	seeds := []string{
		"sample=4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json&step=3",
		"#v=1&src=https://example.com/r.json%3Fx%3D1&step=0&panel=raw",
		"v=1&sample=a.json&sample=b.json",
	}
	golden, _ := filepath.Glob("testdata/permalink/v1-*.link")
	for _, p := range golden {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, strings.TrimSpace(string(b)))
	}
	n := 0
	for _, row := range readManifest(f) {
		data, err := os.ReadFile(filepath.Join(corpusDir, row.file))
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
		seeds = append(seeds, Fragment{Sources: []Source{{SourceData, d, ""}}}.String())
		n++
	}
	return seeds
}

// checkData: data that decodes is JSON, and encoding it again gives a link
// that decodes to the same bytes.
func checkData(t *testing.T, s string) {
	got, err := DecodeData(s)
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "recordings: ") {
			t.Fatalf("DecodeData error %q (%T) is not a *ParseError", err, err)
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

// FuzzParseFragment: ParseFragment never panics, fails only with
// ErrBadLink, and a fragment it reads encodes back to the same Fragment;
// any d= data it names decodes without panicking and round-trips.
func FuzzParseFragment(f *testing.F) {
	for _, s := range linkSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fr, err := ParseFragment(s)
		if err != nil {
			if !errors.Is(err, ErrBadLink) || !strings.HasPrefix(err.Error(), "recordings: ") {
				t.Fatalf("error %q does not wrap ErrBadLink", err)
			}
			return
		}
		again, err := ParseFragment(fr.String())
		if err != nil || !reflect.DeepEqual(again, fr) {
			t.Fatalf("ParseFragment(%q) = %+v, %v; want %+v", fr.String(), again, err, fr)
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
		if fr, err := ParseFragment(s); err == nil {
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
