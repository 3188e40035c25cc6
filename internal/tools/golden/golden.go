// Package golden checks test output against golden files in testdata/,
// the way the Go tree's own tests do: `go test -run X -update` rewrites
// the files from the output instead of comparing, for a person to review
// in the diff before committing.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Update is the -update flag of the test binary: rewrite golden files
// instead of comparing with them.
var Update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Check compares got with the file at path, failing the test with the
// first differing line; with -update it writes got to path (creating its
// folder) instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -run %s -update rewrites it):\n%s", path, t.Name(), FirstDiff(want, got))
	}
}

// FirstDiff shows the first line where two outputs differ, each cut to
// 200 bytes.
func FirstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d\nwant: %.200s\ngot:  %.200s", i+1, w, g)
		}
	}
	return "(same lines, different bytes)"
}
