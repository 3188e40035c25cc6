package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletion: the completion scripts cobra writes for bash, zsh and
// fish parse in those shells (make deps installs them: a shell that is
// missing fails the test); recview's own answers to the scripts
// (`recview __complete WORDS…`) are the commands after "recview", a
// command's flags after "-", from its flag set, the words a flag takes;
// fish, with the script and a recview built from here on its PATH,
// completes as those answers say; an unknown shell is an error.
func TestCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		script, errOut, code := runCmd(t, "", "completion", shell)
		if code != 0 || !strings.Contains(script, "__complete") {
			t.Fatalf("completion %s: exit %d %s", shell, code, errOut)
		}
		path := filepath.Join(dir, "recview."+shell)
		if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := exec.LookPath(shell); err != nil {
			t.Fatalf("%s is not installed (make deps installs it)", shell)
		}
		if out, err := exec.Command(shell, "-n", path).CombinedOutput(); err != nil {
			t.Errorf("%s -n of its completion script: %v\n%s", shell, err, out)
		}
	}

	// The candidates, their descriptions left out, and the directive.
	complete := func(words ...string) (string, string) {
		t.Helper()
		out, errOut, code := runCmd(t, "", append([]string{"__complete"}, words...)...)
		if code != 0 {
			t.Fatalf("__complete %q: exit %d %s", words, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var names []string
		for _, l := range lines[:len(lines)-1] {
			name, _, _ := strings.Cut(l, "\t")
			names = append(names, name)
		}
		return strings.Join(names, " "), lines[len(lines)-1]
	}
	for _, c := range []struct {
		words     []string
		want, dir string // ":0" files, ":4" no files
	}{
		{[]string{"ver"}, "verify version", ":4"},
		{[]string{"verify", "--j"}, "--json", ":4"},
		{[]string{"doctor", "--fa"}, "--fail-on", ":4"},
		{[]string{"doctor", "--fail-on", ""}, "stale mismatch duplicate orphan", ":4"},
		{[]string{"list-test", "--rec"}, "--recording-dir", ":4"},
		{[]string{"link", "x.json", "--panel", ""}, "request response raw", ":4"},
		{[]string{"completion", ""}, "bash zsh fish", ":4"},
		{[]string{"help", "li"}, "link list-test", ":4"},
		{[]string{"show", ""}, "", ":0"},
	} {
		if got, dir := complete(c.words...); got != c.want || dir != c.dir {
			t.Errorf("%q: %q %s, want %q %s", c.words, got, dir, c.want, c.dir)
		}
	}

	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "recview"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fish := exec.Command("fish", "--no-config", "-c", `source $argv[1]; complete -C "recview ver"; complete -C "recview verify --j"`, filepath.Join(dir, "recview.fish"))
	fish.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := fish.CombinedOutput()
	want := "verify\tChecks file names against request hashes (folders recurse): ok, stale (an older recorder's name), mismatch, unknown\n" +
		"version\trecview's version and the commit it was built from\n" +
		"--json\tprint one JSON object per file\n"
	if err != nil || string(out) != want {
		t.Errorf("fish's completions: %v\n%q\nwant\n%q", err, out, want)
	}
	if _, _, code := runCmd(t, "", "completion", "tcsh"); code != 2 {
		t.Errorf("tcsh: exit %d, want 2", code)
	}
}
