package cassette

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// recorders is the folder of the other recorders' fixtures, a folder per
// format, with MANIFEST.tsv.
const recorders = "../testdata/recorders"

// recorderFile is a row of recorders/MANIFEST.tsv.
type recorderFile struct {
	file, format, repo, commit, source string
	interactions, streamed             int
	families                           string
}

// recorderFiles are the 405 rows of recorders/MANIFEST.tsv.
func recorderFiles(t testing.TB) []recorderFile {
	t.Helper()
	var out []recorderFile
	for _, r := range tsvRows(t, filepath.Join(recorders, "MANIFEST.tsv")) {
		n, err1 := strconv.Atoi(r[5])
		s, err2 := strconv.Atoi(r[6])
		if len(r) != 8 || err1 != nil || err2 != nil {
			t.Fatalf("MANIFEST.tsv: a bad row %q", r)
		}
		out = append(out, recorderFile{r[0], r[1], r[2], r[3], r[4], n, s, r[7]})
	}
	if len(out) != 405 {
		t.Fatalf("MANIFEST.tsv: %d rows, want 405", len(out))
	}
	return out
}

// open parses the fixture f, named by its path under testdata.
func (f recorderFile) open(t testing.TB) *Cassette {
	t.Helper()
	p := filepath.Join(recorders, f.file)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(p, data)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return c
}

// TestRecordersOracle reads every fixture of the formats that
// testdata/recorders.tsv covers and holds each interaction's method, URI,
// status and bodies to it: recorders.py wrote it with PyYAML and CPython's
// json, base64, gzip and zlib from each recorder's description of its
// format, independently of this package.
func TestRecordersOracle(t *testing.T) {
	want := map[string][]string{} // file/i -> the row
	formats := map[string]bool{}
	for _, r := range tsvRows(t, "testdata/recorders.tsv") {
		want[r[0]+"/"+r[1]] = r
		formats[strings.SplitN(r[0], "/", 2)[0]] = true
	}
	seen := 0
	for _, f := range recorderFiles(t) {
		if !formats[f.format] {
			continue
		}
		c := f.open(t)
		for i, it := range c.Interactions {
			w := want[f.file+"/"+strconv.Itoa(i)]
			if w == nil {
				t.Errorf("%s: interaction %d is not in recorders.tsv", f.file, i)
				continue
			}
			seen++
			got := []string{f.file, strconv.Itoa(i), it.Method, it.URI, strconv.Itoa(it.Status),
				kind(it.RequestBody, w[5]), digest(t, it.RequestBody, w[5]), kind(it.ResponseBody, w[7]), digest(t, it.ResponseBody, w[7])}
			if strings.Join(got, "\t") != strings.Join(w, "\t") {
				t.Errorf("%s interaction %d:\n got %q\nwant %q", f.file, i, got, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d interactions read, recorders.tsv has %d", seen, len(want))
	}
	t.Logf("%d interactions of %d formats checked", seen, len(formats))
}
