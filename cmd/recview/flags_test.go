package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/spf13/pflag"
)

// TestFlagsInterspersed: a command's flags are read before, between and
// after its arguments; "--" ends the flags; "-" is an argument; a long
// flag written with one dash, as Go's flag package took it, is read; an
// unknown flag, also after an argument, is bad usage (exit 2) naming
// the flag, with the command's usage.
func TestFlagsInterspersed(t *testing.T) {
	for _, c := range []struct {
		args []string
		pos  []string
		json bool
		top  int
	}{
		{[]string{"--json", "a", "b"}, []string{"a", "b"}, true, 0},
		{[]string{"a", "--json", "b"}, []string{"a", "b"}, true, 0},
		{[]string{"a", "b", "--top", "3", "--json"}, []string{"a", "b"}, true, 3},
		{[]string{"a", "--", "--json", "-"}, []string{"a", "--json", "-"}, false, 0},
		{[]string{"-", "--top=2"}, []string{"-"}, false, 2},
		{[]string{"-json", "a", "-top=4"}, []string{"a"}, true, 4},
		{nil, nil, false, 0},
	} {
		var pos []string
		var asJSON bool
		var top int
		saved := commands
		commands = append(commands[:0:0], command{name: "x", usage: "recview x", define: func(fl *pflag.FlagSet) runFunc {
			j, n := fl.Bool("json", false, ""), fl.Int("top", 0, "")
			return func(args []string, _ io.Reader, _, _ io.Writer) error {
				pos, asJSON, top = args, *j, *n
				return nil
			}
		}})
		_, errOut, code := runCmd(t, "", append([]string{"x"}, c.args...)...)
		commands = saved
		if code != 0 || !cmp.Equal(pos, c.pos, cmpopts.EquateEmpty()) || asJSON != c.json || top != c.top {
			t.Errorf("%q: exit %d %q, %q json=%v top=%d; want %q json=%v top=%d", c.args, code, errOut, pos, asJSON, top, c.pos, c.json, c.top)
		}
	}
	if _, errOut, code := runCmd(t, "", "verify", "a", "--nope"); code != 2 || errOut != "recview: verify: unknown flag: --nope\nusage: recview verify [--json] [--fail-on mismatch,stale] PATH…\n" {
		t.Errorf("an unknown flag after an argument: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, "", "link", "--step", "x", seed); code != 2 || !strings.HasPrefix(errOut, `recview: link: invalid argument "x" for "--step" flag: want a chunk number 0 or more, got "x"`) {
		t.Errorf("link --step x: exit %d, %q", code, errOut)
	}
}

// TestFlagsAnywhere: every command that takes flags reads them after its
// arguments too (`verify PATH --json` failed with "stat --json").
func TestFlagsAnywhere(t *testing.T) {
	tests := ogxTree(t)
	root := filepath.Dir(tests)
	const h = "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc"
	for _, c := range []struct {
		args [2][]string // flags first, then the same with the flags last
		code int
	}{
		{[2][]string{{"verify", "--json", "--fail-on", "", tests}, {"verify", tests, "--json", "--fail-on", ""}}, 0},
		{[2][]string{{"doctor", "--top", "2", tests}, {"doctor", tests, "--top", "2"}}, 0},
		{[2][]string{{"find", "--test-id", "tests/integration/agents/test_agents.py::test_x", h, root}, {"find", h, root, "--test-id", "tests/integration/agents/test_agents.py::test_x"}}, 0},
	} {
		first, errFirst, codeFirst := runCmd(t, "", c.args[0]...)
		last, errLast, codeLast := runCmd(t, "", c.args[1]...)
		if codeFirst != c.code || codeLast != c.code || first != last || first == "" {
			t.Errorf("%s: exit %d and %d (want %d); the outputs differ or are empty:\n%s\n%s\n---\n%s\n%s", c.args[0][0], codeFirst, codeLast, c.code, first, errFirst, last, errLast)
		}
	}
	out, _, code := runCmd(t, "", "verify", tests, "--json", "--fail-on", "")
	if code != 0 || !strings.HasPrefix(out, "{") {
		t.Errorf("verify PATH --json: exit %d, not JSON lines:\n%.200s", code, out)
	}
}

// TestDoctorFailOn: doctor exits 1 when the tree holds a finding
// --fail-on names (the corpus tree: 82 stale, 7 mismatch, 13 duplicated
// requests, no test files so no orphans), 0 otherwise, 2 for an unknown
// name.
func TestDoctorFailOn(t *testing.T) {
	tests := ogxTree(t)
	for _, c := range []struct {
		failOn string
		code   int
	}{
		{"", 0}, {"orphan", 0}, {"stale", 1}, {"mismatch", 1}, {"duplicate", 1}, {"orphan,duplicate", 1}, {"nope", 2},
	} {
		if _, errOut, code := runCmd(t, "", "doctor", tests, "--fail-on", c.failOn); code != c.code {
			t.Errorf("--fail-on %q: exit %d, want %d %s", c.failOn, code, c.code, errOut)
		}
	}
	one := t.TempDir()
	if err := os.WriteFile(filepath.Join(one, filepath.Base(seed)), corpustest.Read(t, "seeds/"+filepath.Base(seed)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCmd(t, "", "doctor", "--fail-on", "stale,mismatch,duplicate,orphan", one); code != 0 {
		t.Errorf("one ok recording, --fail-on everything: exit %d %s", code, errOut)
	}
}

// TestNamedNotRecording: a file named on the command line that is not a
// recording (not JSON, binary, JSON of another kind) is an error naming
// it, exit 2; found by a walk, the same file is skipped and counted.
func TestNamedNotRecording(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"notes.txt": "hello", "blob.json": "\x00\x01\x02", "tsconfig.json": `{"compilerOptions": {}}`}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if _, errOut, code := runCmd(t, "", "verify", p); code != 2 || !strings.Contains(errOut, "recview: verify: "+p+": not a recording") {
			t.Errorf("verify %s: exit %d, stderr %q", name, code, errOut)
		}
	}
	if _, errOut, code := runCmd(t, "", "verify", "--fail-on", "", dir); code != 0 || !strings.Contains(errOut, "skipped (not recordings)") {
		t.Errorf("verify of the folder: exit %d, stderr %q", code, errOut)
	}
}

// TestSkippedDirs: a walk never enters virtual environments, caches,
// packages or version control: a recording inside them is not counted.
func TestSkippedDirs(t *testing.T) {
	tests := ogxTree(t)
	data := corpustest.Read(t, "seeds/"+filepath.Base(seed))
	for _, d := range []string{".venv", "venv", "node_modules", ".git", "__pycache__", ".tox", ".mypy_cache"} {
		p := filepath.Join(tests, "integration", d, "lib", filepath.Base(seed))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, errOut, _ := runCmd(t, "", "verify", tests); !strings.HasPrefix(errOut, "210 files:") {
		t.Errorf("verify counts the skipped folders' recordings: %q", errOut)
	}
}

// TestErrorStyle: every command's errors read "recview: CMD: WHY", none
// with the core's package prefixes ("recordings: ", "replay: ").
func TestErrorStyle(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"request": `), 0o644); err != nil {
		t.Fatal(err)
	}
	ps := "../../recordings/testdata/corpus/tests__integration__common__recordings__02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json"
	for _, args := range [][]string{
		{"show", bad}, {"assemble", bad}, {"steps", ps}, {"show", filepath.Join(dir, "none.json")},
		{"verify", bad}, {"verify", filepath.Join(dir, "none")}, {"doctor", "--fail-on", "x", dir},
		{"find", "zz", dir}, {"hash", "--endpoint", "/v1/x", "--body", "{"}, {"diff", bad, ps},
		{"link", bad}, {"review", bad, dir},
	} {
		_, errOut, code := runCmd(t, "", args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		first, _, _ := strings.Cut(errOut, "\n")
		if !strings.HasPrefix(first, "recview: "+args[0]+": ") || strings.Contains(errOut, "recordings: ") || strings.Contains(errOut, "replay: ") {
			t.Errorf("%q: stderr %q, want \"recview: %s: …\" without the core's prefixes", args, errOut, args[0])
		}
	}
}
