package cassette

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/valyala/fastjson"
)

const cassettes = "../testdata/cassettes"

// tsvRows is the rows of a table an oracle script of testdata wrote, its
// header left out, each split at its tabs.
func tsvRows(t testing.TB, file string) [][]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		rows = append(rows, strings.Split(line, "\t"))
	}
	return rows
}

// TestCassettesOracle reads every cassette of testdata and holds each
// interaction's method, URI, status and bodies to testdata/cassettes.tsv,
// which testdata/oracle.py writes with PyYAML and CPython's json, gzip and
// zlib, independently of this package: a JSON body (a parsed_body, an xAI
// sample) compared as json.dumps(sort_keys=True) writes it (pyjson), the
// others byte for byte.
func TestCassettesOracle(t *testing.T) {
	want := map[string][]string{} // file/i -> the row
	for _, f := range tsvRows(t, "testdata/cassettes.tsv") {
		want[f[0]+"/"+f[1]] = f
	}
	files := cassetteFiles(t)
	seen := 0
	for _, p := range files {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		c, err := Parse(name, raw)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for i, it := range c.Interactions {
			w := want[name+"/"+strconv.Itoa(i)]
			if w == nil {
				t.Errorf("%s: interaction %d is not in cassettes.tsv", name, i)
				continue
			}
			seen++
			got := []string{name, strconv.Itoa(i), it.Method, it.URI, strconv.Itoa(it.Status),
				kind(it.RequestBody, w[5]), digest(t, it.RequestBody, w[5]), kind(it.ResponseBody, w[7]), digest(t, it.ResponseBody, w[7])}
			if strings.Join(got, "\t") != strings.Join(w, "\t") {
				t.Errorf("%s interaction %d:\n got %q\nwant %q", name, i, got, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d interactions read, cassettes.tsv has %d", seen, len(want))
	}
}

// cassetteFiles are the paths of testdata's 260 cassettes (MANIFEST.tsv).
func cassetteFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(cassettes, "*.y*ml"))
	js, _ := filepath.Glob(filepath.Join(cassettes, "*.json"))
	files = append(files, js...)
	if len(files) != 260 {
		t.Fatalf("%d cassettes in testdata, want the 260 of MANIFEST.tsv", len(files))
	}
	return files
}

// kind is the oracle's kind of a body: none, or the kind it expects.
func kind(b []byte, want string) string {
	if b == nil {
		return "none"
	}
	return want
}

// digest is the SHA-256 of b, or for the JSON kind of its json.dumps.
func digest(t *testing.T, b []byte, kind string) string {
	if b == nil {
		return "-"
	}
	if kind == "json" {
		v, err := fastjson.ParseBytes(b)
		if err != nil {
			t.Errorf("a JSON body that does not parse: %v", err)
			return ""
		}
		b = pyjson.Append(nil, v, true)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
