package replay

import (
	"fmt"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// benchTree is a synthetic tree of n files: the corpus's 210 top-level
// files again and again, each copy under its own checkout folder.
func benchTree(b *testing.B, n int) ([]File, int64) {
	var files []File
	var size int64
	names := corpustest.TopFiles(b)
	for i := 0; len(files) < n; i++ {
		name := names[i%len(names)]
		data := corpustest.Read(b, name)
		files = append(files, File{fmt.Sprintf("checkout%02d/", i/len(names)) + corpustest.TreePath(name), data})
		size += int64(len(data))
	}
	return files, size
}

// BenchmarkDoctor is recview doctor's work on 3,000 files held in memory:
// parse and hash each (Analyze), then the report, the heavy tests'
// request comparison included.
func BenchmarkDoctor(b *testing.B) {
	files, size := benchTree(b, 3000)
	data := map[string][]byte{}
	for _, f := range files {
		data[f.Path] = f.Data
	}
	read := func(p string) ([]byte, error) { return data[p], nil }
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		t := Analyze(files)
		if r := t.Report(ReportOptions{Read: read}); r.Recordings != 3000 {
			b.Fatalf("%d recordings", r.Recordings)
		}
	}
}
