package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/permalink"
)

// TestReviewCassetteFolders reviews two folders of vcrpy cassettes
// (pydantic-ai's #6793: 26 interactions in base, 57 in head, counted by
// hand with PyYAML; recordings/review's TestCassettesToolAvailability
// checks the pairs): the folders' YAML files are read, each interaction
// is a row named PATH#K; the comment's rows open the two interactions in
// the viewer (the cassettes' raw files and i=K), or without a viewer
// link to the cassette's page on GitHub, never to a PATH#K file.
func TestReviewCassetteFolders(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("cassettes-tool-availability-6793"))
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
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
	// With a viewer, a row opens its two interactions: each cassette's
	// raw file at its commit, and i=K.
	out, _, code = runCmd(t, "", "review", "--markdown", "--link-base", "https://recview.example/",
		"--repo", "pydantic/pydantic-ai", "--base-sha", shaA, "--head-sha", shaB, base, head)
	if code != 0 {
		t.Fatalf("--markdown: exit %d", code)
	}
	const google = "tests/cassettes/test_tool_search/test_cross_provider_capability_replay%5Bgoogle-gemini-3-flash-preview-openai-responses-gpt-5.4%5D.yaml"
	var found bool
	for _, line := range strings.Split(out, "\n") {
		_, rest, ok := strings.Cut(line, "](https://recview.example/#")
		if !ok {
			continue
		}
		raw, _, _ := strings.Cut(rest, ")")
		f, err := permalink.Parse(raw)
		if err != nil || len(f.Sources) == 0 {
			t.Errorf("a row's link %q: %v", raw, err)
			continue
		}
		for _, src := range f.Sources {
			if src.Interaction < 1 || !strings.HasSuffix(src.Value, ".yaml") || strings.Contains(src.Value, "%23") {
				t.Errorf("a row's link names %q, interaction %d: want a cassette's raw URL and i=K", src.Value, src.Interaction)
			}
		}
		if len(f.Sources) == 2 && f.Sources[0].Value == "https://raw.githubusercontent.com/pydantic/pydantic-ai/"+shaA+"/"+google && f.Sources[0].Interaction == 7 && f.Sources[1].Interaction == 4 {
			found = true
		}
	}
	if !found {
		t.Errorf("no row opens base #7 and head #4 of the Gemini-then-Responses cassette:\n%s", out)
	}
	// With none, a row links to its cassette's page on GitHub.
	out, _, _ = runCmd(t, "", "review", "--markdown", "--link-base", "",
		"--repo", "pydantic/pydantic-ai", "--base-sha", shaA, "--head-sha", shaB, base, head)
	if blob := "](https://github.com/pydantic/pydantic-ai/blob/" + shaB + "/" + google + ")"; !strings.Contains(out, blob) {
		t.Errorf("the comment does not link a cassette's row to its page %s:\n%s", blob, out)
	}
	if strings.Contains(out, ".yaml%23") {
		t.Errorf("the comment links to an interaction's path as a file:\n%s", out)
	}
}
