package reqhash

import (
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
)

// FuzzVerify: Verify and ForRequest never panic on a recording that
// parses, and agree: when Verify finds the file's hash under a scheme,
// ForRequest gives that scheme the same hash.
func FuzzVerify(f *testing.F) {
	seen := map[string]bool{}
	for _, row := range corpustest.Manifest(f) {
		kind := strings.SplitN(row.Category, " {", 2)[0]
		data := corpustest.Read(f, row.File)
		if seen[kind] || len(data) > 64<<10 {
			continue
		}
		seen[kind] = true
		f.Add(row.File, data)
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		r, err := recordings.Parse(name, data)
		if err != nil {
			return
		}
		c := Verify(name, r.Doc)
		ins, err := ForRequest(r.Doc)
		if c.Status != OK {
			return
		}
		if err != nil {
			t.Fatalf("Verify says ok under %s, ForRequest fails: %v", c.Scheme, err)
		}
		for _, in := range ins {
			if in.Scheme == c.Scheme && in.Hash != c.Computed {
				t.Fatalf("%s: Verify computed %s, ForRequest %s", c.Scheme, c.Computed, in.Hash)
			}
		}
	})
}
