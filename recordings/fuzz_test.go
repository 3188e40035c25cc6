package recordings

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
)

// fuzzSeeds adds the smaller corpus files of each kind to a fuzz corpus.
func fuzzSeeds(f *testing.F) {
	seen := map[string]bool{}
	for _, row := range corpustest.Manifest(f) {
		kind := strings.SplitN(row.Category, " {", 2)[0]
		if seen[kind] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(corpustest.Dir(), row.File))
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
