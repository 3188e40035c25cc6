package diff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

const corpusDir = "../testdata/corpus"

func load(t *testing.T, name string) *recordings.Recording {
	t.Helper()
	path := filepath.Join(corpusDir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := recordings.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The same test, test_openai_completion_streaming with Ollama's
// llama3.2:3b-instruct-fp16 ("Roses are red, violets are "), recorded
// three times: in July 2025 (recordings/responses/, commit 08b4a1de, no
// test_id, 12-hex name) and twice in 2026 (commit d1b66329).
const (
	roses2025      = "tests__integration__inference__recordings__responses__84cab42e1f5c.json"
	roses2026      = "tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"
	roses2026Extra = "tests__integration__inference__recordings__c03bc36fc4c19495050b64122ffa310f812e2ab2aa32f5e01ad0ac9b7ae046e2.json"
	rosesTestID    = "tests/integration/inference/test_openai_completion.py::test_openai_completion_streaming[txt=ollama/llama3.2:3b-instruct-fp16-inference:completion:sanity]"
	rosesURL2025   = `"http://localhost:11434/v1/v1/completions"`
	rosesURL2026   = `"http://0.0.0.0:11434/v1/v1/completions"`
	rosesText2025  = "Blue.\n\nMy response is based on a traditional poem with the first line being \"Roses are red\", but in reality, roses come in various colors such as red, pink, yellow, white, and purple. Violets, on the other"
	rosesText2026  = "Blue.\n\nMy answer is \"blue\" because it completes a common nursery rhyme: \"Roses are red, Violets are blue\". This rhyme is often used to express admiration or love for someone, and has become a well-known and iconic phrase"
	rosesText2026b = "Blue.\n\nI chose \"blue\" as the completion of the traditional English poem because it starts with the first letter that is typically used in the second line of this famous rhyming couplet, creating a neat and balanced closure to the poetic idea."
)

// TestCorpusPairs compares real re-recordings. What differs was read by
// hand from the files (python3 -m json.tool, the chunks' text joined):
//
// 2025 → 2026: the 2026 file has a test_id and an empty
// id_normalization_mapping, its name is a current-scheme hash where the
// 2025 one is the 12-hex v0 hash; the URL's host went from localhost to
// 0.0.0.0; the body is the same. Both streams have 51 Completion chunks
// and end with finish_reason "length" (max_tokens 50) and usage null, but
// the text after "Blue.\n\nMy " differs. Ids (cmpl-313 / rec-8567635651a5),
// "created" (1753814831 / 0) and system_fingerprint (fp_ollama) are not
// reported.
//
// 2026 twice, same test_id: the second request adds "extra_body": {} (hence
// another hash), the second file has no id_normalization_mapping; the
// text differs after "Blue.\n\n".
func TestCorpusPairs(t *testing.T) {
	tests := []struct {
		a, b string
		want []Change // Text checked separately
	}{
		{roses2025, roses2026, []Change{
			{Kind: KindMetadata, Path: "test_id", Op: OpAdded, New: rosesTestID},
			{Kind: KindMetadata, Path: "hash", Op: OpChanged, Old: "stale (v0-no-test_id-raw-body)", New: "ok (current)"},
			{Kind: KindMetadata, Path: "id_normalization_mapping", Op: OpAdded, New: "{}"},
			{Kind: KindRequest, Path: "url", Op: OpChanged, Old: rosesURL2025, New: rosesURL2026},
			{Kind: KindResponse, Path: "choices[0].text", Op: OpChanged, Old: quote(rosesText2025), New: quote(rosesText2026)},
		}},
		{roses2026, roses2026Extra, []Change{
			{Kind: KindMetadata, Path: "id_normalization_mapping", Op: OpRemoved, Old: "{}"},
			{Kind: KindRequest, Path: "body.extra_body", Op: OpAdded, New: "{}"},
			{Kind: KindResponse, Path: "choices[0].text", Op: OpChanged, Old: quote(rosesText2026), New: quote(rosesText2026b)},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.a[:40]+"…/"+tc.b[:40]+"…", func(t *testing.T) {
			a, b := load(t, tc.a), load(t, tc.b)
			if len(a.Chunks) != 51 || len(b.Chunks) != 51 {
				t.Fatalf("%d and %d chunks, want 51 each", len(a.Chunks), len(b.Chunks))
			}
			res := Compare(a, b)
			if d := cmp.Diff(tc.want, res.Changes, cmp.FilterPath(func(p cmp.Path) bool {
				return p.Last().String() == ".Text"
			}, cmp.Ignore())); d != "" {
				t.Errorf("changes (-want +got):\n%s", d)
			}
			if res.SameResult || res.SameChunking {
				t.Errorf("SameResult %v, SameChunking %v; want false, false", res.SameResult, res.SameChunking)
			}
			last := res.Changes[len(res.Changes)-1]
			if len(last.Text) == 0 || last.Text[0].Op != OpEqual || !strings.HasPrefix(last.Text[0].Text, "Blue.\n\n") {
				t.Errorf("word diff of the text does not start with the shared %q: %q", "Blue.\n\n", last.Text)
			}
		})
	}
}

// TestCorpusSelf compares every corpus file with a fresh parse of itself
// (nothing may differ) and with the next file (Compare and Format must cope
// with any two kinds).
func TestCorpusSelf(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) < 200 {
		t.Fatalf("%d corpus files", len(files))
	}
	var prev *recordings.Recording
	for _, f := range files {
		r := load(t, filepath.Base(f))
		res := Compare(r, load(t, filepath.Base(f)))
		if len(res.Changes) != 0 || !res.SameResult || !res.SameChunking {
			t.Errorf("%s against itself: %+v", f, res)
		}
		if prev != nil {
			var b strings.Builder
			if err := Compare(prev, r).Format(&b); err != nil || !strings.HasPrefix(b.String(), "--- ") {
				t.Errorf("%s: Format: %v", f, err)
			}
		}
		prev = r
	}
}
