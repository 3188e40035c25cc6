package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// TestReviewCassetteFolders reviews two folders of vcrpy cassettes
// (pydantic-ai's #6793: 26 interactions in base, 57 in head, counted by
// hand with PyYAML; recordings/review's TestCassettesToolAvailability
// checks the pairs): the folders' YAML files are read, each interaction
// is a row named PATH#K, and the comment's rows link to the cassette's
// page on GitHub, never to a PATH#K file.
func TestReviewCassetteFolders(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, "../../recordings/review/testdata/changesets/cassettes-tool-availability-6793.tar.gz")
	dir := t.TempDir()
	for side, tree := range map[string]map[string][]byte{"base": cs.Base, "head": cs.Head} {
		for p, data := range tree {
			f := filepath.Join(dir, side, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	base, head := filepath.Join(dir, "base"), filepath.Join(dir, "head")
	out, errOut, code := runCmd(t, "", "review", base, head)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if first, _, _ := strings.Cut(out, "\n"); first != "63 recordings: 20 modified, 37 added, 6 deleted" {
		t.Errorf("first line %q, want 63 recordings: 20 modified, 37 added, 6 deleted", first)
	}
	if !strings.Contains(out, "test_cross_provider_capability_replay[openai-responses-gpt-5.4-anthropic-claude-sonnet-4-5].yaml#5)") {
		t.Errorf("no row names a cassette's interaction:\n%s", out)
	}
	out, _, code = runCmd(t, "", "review", "--markdown", "--link-base", "https://recview.example/",
		"--repo", "pydantic/pydantic-ai", "--base-sha", shaA, "--head-sha", shaB, base, head)
	if code != 0 {
		t.Fatalf("--markdown: exit %d", code)
	}
	blob := "](https://github.com/pydantic/pydantic-ai/blob/" + shaB + "/tests/cassettes/test_tool_search/test_cross_provider_capability_replay%5Bopenai-responses-gpt-5.4-anthropic-claude-sonnet-4-5%5D.yaml)"
	if !strings.Contains(out, blob) {
		t.Errorf("the comment does not link a cassette's row to its page %s:\n%s", blob, out)
	}
	if strings.Contains(out, ".yaml%23") || strings.Contains(out, "recview.example") {
		t.Errorf("the comment links to an interaction's path, or opens a cassette in the viewer:\n%s", out)
	}
}
