package corpustest

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ManifestRow is one line of MANIFEST.tsv, the table the corpus was
// collected with: the file (relative to Dir), its category, the endpoint,
// whether the response is a stream, and its chunk count (body elements:
// for SSE bodies, lines).
type ManifestRow struct {
	File, Category, Endpoint string
	Streaming                bool
	Chunks                   int
}

// Manifest reads MANIFEST.tsv: 215 rows, the 210 corpus files and the 5
// seeds. It fails the test on any other count.
func Manifest(t testing.TB) []ManifestRow {
	t.Helper()
	var rows []ManifestRow
	for i, c := range readTSV(t, "MANIFEST.tsv") {
		if i == 0 {
			continue // header
		}
		if len(c) < 5 {
			t.Fatalf("MANIFEST.tsv line %d: %d fields", i+1, len(c))
		}
		n, _ := strconv.Atoi(c[4])
		rows = append(rows, ManifestRow{File: c[0], Category: c[1], Endpoint: c[2], Streaming: c[3] == "true", Chunks: n})
	}
	if len(rows) != 215 {
		t.Fatalf("MANIFEST.tsv has %d rows, want 215 (210 corpus files and 5 seeds)", len(rows))
	}
	return rows
}

// HashCheckRow is one line of HASHCHECK.tsv: a corpus file, the hash its
// name holds, and the request-hash scheme that computes it ("none" when
// no scheme does), as the corpus's collector found them.
type HashCheckRow struct {
	File, Hash, Scheme string
}

// HashCheck reads HASHCHECK.tsv, checking its header.
func HashCheck(t testing.TB) []HashCheckRow {
	t.Helper()
	var rows []HashCheckRow
	for i, c := range readTSV(t, "HASHCHECK.tsv") {
		if i == 0 {
			if !slices.Equal(c, []string{"file", "filename_hash", "hash_variant"}) {
				t.Fatalf("HASHCHECK.tsv header is %q", c)
			}
			continue
		}
		if len(c) != 3 {
			t.Fatalf("HASHCHECK.tsv line %d: %d fields", i+1, len(c))
		}
		rows = append(rows, HashCheckRow{c[0], c[1], c[2]})
	}
	return rows
}

func readTSV(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rows = append(rows, strings.Split(sc.Text(), "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
