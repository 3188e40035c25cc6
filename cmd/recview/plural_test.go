package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// TestPlurals: counts of one read in the singular, "1 chunk", "1 file",
// "1 recording", and the verbs agree; 0 and more stay plural. A
// one-chunk stream is the seed's stream cut to its first chunk.
func TestPlurals(t *testing.T) {
	dir := t.TempDir()
	var doc map[string]any
	if err := json.Unmarshal(corpustest.Read(t, "seeds/"+filepath.Base(seed)), &doc); err != nil {
		t.Fatal(err)
	}
	resp := doc["response"].(map[string]any)
	resp["body"] = resp["body"].([]any)[:1]
	one, _ := json.Marshal(doc)
	oneChunk := filepath.Join(dir, "one-chunk.json")
	if err := os.WriteFile(oneChunk, one, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errOut, _ := runCmd(t, "", "show", oneChunk); !strings.Contains(out, "\n  stream   1 chunk\n") {
		t.Errorf("show of a one-chunk stream: %s\n%s", errOut, out)
	}
	if _, errOut, code := runCmd(t, "", "link", "--step", "2", oneChunk); code != 2 || !strings.HasSuffix(errOut, "--step 2, but the stream has 1 chunk\n") {
		t.Errorf("link --step 2 of one chunk: exit %d %q", code, errOut)
	}
	if out, _, _ := runCmd(t, "", "show", seed); !strings.Contains(out, "\n  stream   18 chunks\n") {
		t.Errorf("show of 18 chunks:\n%s", out)
	}
	if _, errOut, _ := runCmd(t, "", "verify", seed); !strings.HasPrefix(errOut, "1 file: 1 ok, 0 stale") {
		t.Errorf("verify of one file: %q", errOut)
	}

	tree := t.TempDir()
	recs := filepath.Join(tree, "tests", "integration", "recordings")
	os.MkdirAll(recs, 0o755)
	os.WriteFile(filepath.Join(recs, filepath.Base(seed)), corpustest.Read(t, "seeds/"+filepath.Base(seed)), 0o644)
	os.WriteFile(filepath.Join(tree, "tests", "integration", "ci_matrix.json"), []byte(`{"default": []}`), 0o644)
	out, errOut, _ := runCmd(t, "", "doctor", tree)
	for _, want := range []string{
		"  skipped  1 JSON file that is not a recording\n",
		"NEVER FOUND BY REPLAY: 0 files,",
		"DUPLICATES: 0 requests held by more than one file,",
		"renames 0 stale files to the name replay looks for; --prune-duplicates deletes 0 copies",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q: %s\n%s", want, errOut, out)
		}
	}
	id := doc["test_id"].(string)
	if _, errOut, code := runCmd(t, "", "list-test", id, tree); code != 0 || !strings.HasPrefix(errOut, "1 recording of "+id) {
		t.Errorf("list-test of a test of one recording: exit %d %q", code, errOut)
	}
	if got := plural(1, "copy", "copies") + " " + plural(2, "copy", "copies") + " " + plural(0, "file", ""); got != "1 copy 2 copies 0 files" {
		t.Errorf("plural: %q", got)
	}
}
