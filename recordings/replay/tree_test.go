package replay

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/reqhash"
)

// corpusTree is the corpus laid out as an ogx tests/integration tree (its
// 210 top-level files at their original paths) plus the non-recording
// JSON files of corpustest.Extras, all under prefix.
func corpusTree(t testing.TB, prefix string) []File {
	t.Helper()
	var files []File
	for _, name := range corpustest.TopFiles(t) {
		files = append(files, File{prefix + corpustest.TreePath(name), corpustest.Read(t, name)})
	}
	for p, text := range corpustest.Extras {
		files = append(files, File{prefix + p, []byte(text)})
	}
	return files
}

// TestCorpusReplay holds every corpus file's status, scheme, replay name,
// the file replay opens for its request, whether that is the file itself
// and whether it is a leftover to testdata/corpus-replay.tsv. That table is
// not this package's output: testdata/recorder_rules.py computes it with
// CPython (json.dumps, hashlib) from the recorder's rules, independently.
// The tree sits under an absolute-looking prefix, which the root inference
// must find.
func TestCorpusReplay(t *testing.T) {
	want := readReplayTSV(t)
	for _, prefix := range []string{"", "/home/dev/ogx/"} {
		tree := Analyze(corpusTree(t, prefix))
		if root, ok := tree.Root(); !ok || root != prefix {
			t.Errorf("Root() = %q, %v, want %q", root, ok, prefix)
		}
		got := map[string][]string{}
		skipped := 0
		for _, e := range tree.Entries() {
			if e.Kind == Skipped {
				skipped++
				continue
			}
			if e.Kind != Recording {
				t.Errorf("%s: %v: %v", e.Path, e.Kind, e.Err)
				continue
			}
			scheme, name, at := e.Check.Scheme, e.Check.ReplayName, strings.TrimPrefix(e.ReplayPath, prefix)
			if e.Check.Status == reqhash.Mismatch || e.Check.Status == reqhash.Unknown || e.Check.Status == reqhash.NotReplayed {
				scheme = "-"
			}
			got[strings.TrimPrefix(e.Path, prefix)] = []string{e.Check.Status.String(), scheme, or(name, "-"), or(at, "-"),
				boolText(e.Found), boolText(e.Leftover)}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("prefix %q: tree vs corpus-replay.tsv (-want +got):\n%s", prefix, diff)
		}
		if skipped != len(corpustest.Extras) {
			t.Errorf("%d skipped, want the %d extras", skipped, len(corpustest.Extras))
		}
	}
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func readReplayTSV(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "corpus-replay.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string][]string{}
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		c := strings.Split(sc.Text(), "\t")
		if first {
			continue
		}
		if len(c) != 7 {
			t.Fatalf("corpus-replay.tsv: %q", sc.Text())
		}
		rows[c[0]] = c[1:]
	}
	if len(rows) != 210 {
		t.Fatalf("corpus-replay.tsv has %d rows, want 210", len(rows))
	}
	return rows
}

// TestClassify: JSON that is not a recording is skipped, a file that looks
// like one and does not parse is broken.
func TestClassify(t *testing.T) {
	hashName := "tests/integration/x/recordings/" + strings.Repeat("ab", 32) + ".json"
	tests := []struct {
		path, text string
		want       Kind
	}{
		{"tsconfig.json", "{\n // comment\n \"a\": 1}", Skipped},
		{"ci_matrix.json", `{"default": []}`, Skipped},
		{"list.json", `[1, 2]`, Skipped},
		{"empty.json", ``, Skipped},
		{"bad.json", "{\n  \"request\": {,\n}", Broken},
		{"noresponse.json", `{"request": {}}`, Skipped},
		{hashName, `{"request": {}}`, Broken},
		{hashName, `{`, Broken},
		{"typed.json", `{"request": 1, "response": {}}`, Broken},
	}
	for _, tc := range tests {
		tree := New()
		tree.Add(tc.path, []byte(tc.text))
		tree.Add("notes.txt", []byte("ignored"))
		es := tree.Entries()
		if len(es) != 1 || es[0].Kind != tc.want || es[0].Err == nil {
			t.Errorf("%s %q: %+v, want one %v entry with an error", tc.path, tc.text, es, tc.want)
		}
	}
}
