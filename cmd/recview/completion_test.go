package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletion runs the bash script in bash (which make test installs
// with the machine): the commands after "recview", a command's flags
// after "-", from its flag set; fish's script names the same flags; an
// unknown shell is an error.
func TestCompletion(t *testing.T) {
	script, errOut, code := runCmd(t, "", "completion", "bash")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	path := filepath.Join(t.TempDir(), "recview.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) []string {
		t.Helper()
		cmd := exec.Command("bash", "-c", `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _recview; printf '%s\n' "${COMPREPLY[@]}"`, "bash", path)
		cmd.Args = append(cmd.Args, words...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", words, err, out)
		}
		return strings.Fields(string(out))
	}
	for _, c := range []struct {
		words []string
		want  string
	}{
		{[]string{"recview", "ver"}, "verify version"},
		{[]string{"recview", "verify", "--j"}, "--json"},
		{[]string{"recview", "doctor", "--fa"}, "--fail-on"},
		{[]string{"recview", "list-test", "--rec"}, "--recording-dir"},
		{[]string{"recview", "completion", ""}, "bash zsh fish"},
		{[]string{"recview", "help", "li"}, "link list-test"},
	} {
		if got := strings.Join(complete(c.words...), " "); got != c.want {
			t.Errorf("%q: %q, want %q", c.words, got, c.want)
		}
	}
	fish, _, code := runCmd(t, "", "completion", "fish")
	if code != 0 || !strings.Contains(fish, "complete -c recview -n '__fish_seen_subcommand_from verify' -l json\n") ||
		!strings.Contains(fish, "complete -c recview -n __fish_use_subcommand -a 'doctor' -d 'What replay finds in a tree") {
		t.Errorf("fish: exit %d\n%s", code, fish)
	}
	zsh, _, code := runCmd(t, "", "completion", "zsh")
	if code != 0 || !strings.HasPrefix(zsh, "autoload -U +X bashcompinit && bashcompinit\n") || !strings.Contains(zsh, "complete -o filenames -F _recview recview") {
		t.Errorf("zsh: exit %d\n%s", code, zsh)
	}
	if _, _, code := runCmd(t, "", "completion", "tcsh"); code != 2 {
		t.Errorf("tcsh: exit %d, want 2", code)
	}
}
