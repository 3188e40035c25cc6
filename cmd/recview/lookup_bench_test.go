package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// bigTree writes the corpus tree sixteen times over (the tree itself and
// fifteen copies of its tests/integration/* under copyN/): 3,408 JSON
// files, 141 MB, the size of ogx's whole tests/integration.
func bigTree(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	corpustest.WriteTree(b, dir)
	for i := 1; i < 16; i++ {
		corpustest.WriteTree(b, filepath.Join(dir, "tests", "integration", "copy"+strings.Repeat("x", i)))
	}
	return dir
}

// BenchmarkLookups times find (a hash replay finds) and list-test on the
// big tree beside simpler readings: find-floor, the names of the folders
// replay looks in (what ogx's diagnose_recordings.py find-hash reads);
// list-test-read-all, every JSON file of the tree read one by one and
// searched for the id, unparsed (a test's recordings can be anywhere:
// only their content names the test).
func BenchmarkLookups(b *testing.B) {
	dir := bigTree(b)
	const h = "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc"
	const id = "tests/integration/inference/test_openai_completion.py::test_openai_completion_stop_sequence"
	common := filepath.Join(dir, "tests", "integration", "common", "recordings")
	b.Run("find", func(b *testing.B) {
		for b.Loop() {
			if _, _, code := runCmd(b, "", "find", h, dir); code != 0 {
				b.Fatal("not found")
			}
		}
	})
	b.Run("find-floor", func(b *testing.B) {
		for b.Loop() {
			found := false
			for _, d := range []string{filepath.Join(dir, "tests", "integration", "agents", "recordings"), common} {
				es, _ := os.ReadDir(d)
				for _, e := range es {
					found = found || e.Name() == h+".json"
				}
			}
			if !found {
				b.Fatal("not found")
			}
		}
	})
	b.Run("list-test", func(b *testing.B) {
		for b.Loop() {
			if _, _, code := runCmd(b, "", "list-test", id, dir); code != 0 {
				b.Fatal("none")
			}
		}
	})
	b.Run("list-test-read-all", func(b *testing.B) {
		for b.Loop() {
			n := 0
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
					if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte(id)) {
						n++
					}
				}
				return nil
			})
			if n != 64 {
				b.Fatalf("%d files hold the id, want 4 in each of 16 trees", n)
			}
		}
	})
}
