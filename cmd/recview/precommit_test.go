package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommitHook runs the repository's pre-commit hook (its
// .pre-commit-hooks.yaml) as pre-commit itself does: `pre-commit
// try-repo` builds recview from this repository (language: golang) and
// runs recview-verify on a fixture repository's recordings. A recording
// named by its request's hash passes; a copy of it under another hash
// fails the hook, named in its output.
func TestPreCommitHook(t *testing.T) {
	for _, tool := range []string{"pre-commit", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (make deps installs it)", tool)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	const good = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"
	const bad = "0123456789ab0123456789ab0123456789ab0123456789ab0123456789abcdef.json"
	data, err := os.ReadFile(filepath.Join(root, "recordings", "testdata", "corpus", "seeds", good))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	recs := filepath.Join(dir, "tests", "integration", "recordings")
	os.MkdirAll(recs, 0o755)
	for _, name := range []string{good, bad} {
		if err := os.WriteFile(filepath.Join(recs, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PRE_COMMIT_HOME="+filepath.Join(dir, ".pre-commit-home"), "GIT_CONFIG_GLOBAL=/dev/null")
	run := func(name string, args ...string) (string, int) {
		t.Helper()
		return runIn(t, dir, env, name, args...)
	}
	if out, code := run("git", "init", "-q"); code != 0 {
		t.Fatalf("git init: %s", out)
	}
	run("git", "add", "-A")
	rel := func(name string) string { return "tests/integration/recordings/" + name }

	out, code := run("pre-commit", "try-repo", root, "recview-verify", "--files", rel(good))
	if code != 0 || !strings.Contains(out, "Passed") {
		t.Errorf("the hook on a well-named recording: exit %d:\n%s", code, out)
	}
	out, code = run("pre-commit", "try-repo", root, "recview-verify", "--files", rel(good), rel(bad))
	if code != 1 || !strings.Contains(out, "Failed") || !strings.Contains(out, "mismatch\t-\t"+rel(bad)) {
		t.Errorf("the hook on a misnamed recording: exit %d, want 1 naming %s:\n%s", code, bad, out)
	}
}
