package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHelp: every command's --help, anywhere among its arguments, and
// `recview help CMD` print to stdout its usage, what it does, an example
// and (for the commands with flags) its flags, "--name" each, and exit
// 0; an unknown topic exits 2.
func TestHelp(t *testing.T) {
	// the commands that read flags (their defaults are shown)
	flagged := map[string]bool{"show": true, "verify": true, "doctor": true, "find": true, "list-test": true, "hash": true, "diff": true, "link": true, "review": true}
	for _, c := range commands {
		cmd := c.name
		t.Run(cmd, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", cmd, "--help")
			if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: recview "+cmd) || !strings.Contains(out, "\nexample:\n  recview "+cmd) {
				t.Errorf("%s --help: exit %d, stderr %q, stdout:\n%s", cmd, code, errOut, out)
			}
			if flagged[cmd] && (!strings.Contains(out, "\nflags:\n  --") || strings.Contains(out, "Usage of")) {
				t.Errorf("%s --help: no flags, or flag's own header:\n%s", cmd, out)
			}
			again, _, code := runCmd(t, "", "help", cmd)
			if code != 0 || again != out {
				t.Errorf("help %s: exit %d, and differs from %s --help:\n%s", cmd, code, cmd, again)
			}
			if late, _, code := runCmd(t, "", cmd, "x", "-h"); code != 0 || late != out {
				t.Errorf("%s x -h: exit %d: want the help, flags after an argument", cmd, code)
			}
		})
	}
	if _, errOut, code := runCmd(t, "", "help", "nope"); code != 2 || !strings.Contains(errOut, `unknown command "nope"`) {
		t.Errorf("help nope: exit %d, %q", code, errOut)
	}
}

// TestVersion: `recview version` and `--version` print the module's
// version and the Go it was built with; a binary built from a checkout
// also names the commit (git rev-parse HEAD).
func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		out, _, code := runCmd(t, "", arg)
		if code != 0 || !strings.HasPrefix(out, "recview ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%s: exit %d, %q", arg, code, out)
		}
	}
	bin := filepath.Join(t.TempDir(), "recview")
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=true: %v\n%s", err, out)
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.Contains(string(out), "(commit "+string(head[:12])) {
		t.Errorf("version of a build from the checkout: %q, %v; want commit %.12s", out, err, head)
	}
}

// TestHelpGolden: `recview --help`, `recview help hash` and `recview
// hash --help` print testdata/help-*.golden, read by hand: the commands,
// and hash's usage, example and flags as "--name VALUE", one a line,
// their descriptions aligned; hash --help is help hash. RECVIEW_BASE and
// OGX_TEST_RECORDING_DIR are unset: no default of the environment shows.
func TestHelpGolden(t *testing.T) {
	t.Setenv("RECVIEW_BASE", "")
	t.Setenv("OGX_TEST_RECORDING_DIR", "")
	t.Setenv("LLAMA_STACK_TEST_RECORDING_DIR", "")
	for _, c := range []struct {
		args   []string
		golden string
	}{
		{[]string{"--help"}, "help-root.golden"},
		{[]string{"help"}, "help-root.golden"},
		{[]string{"help", "hash"}, "help-hash.golden"},
		{[]string{"hash", "--help"}, "help-hash.golden"},
		{[]string{"hash", "-help"}, "help-hash.golden"},
		{[]string{"help", "link"}, "help-link.golden"},
	} {
		out, errOut, code := runCmd(t, "", c.args...)
		if code != 0 || errOut != "" {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, errOut)
		}
		golden := filepath.Join("testdata", c.golden)
		if *update {
			if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test -run HelpGolden -update creates it)", err)
		}
		if out != string(want) {
			t.Errorf("%q differs from %s (go test -run HelpGolden -update rewrites it):\n%s", c.args, golden, out)
		}
	}
}
