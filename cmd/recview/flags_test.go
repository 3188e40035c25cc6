package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
)

// TestParseAnywhere: flags before, between and after the arguments; "--"
// ends the flags; "-" is an argument.
func TestParseAnywhere(t *testing.T) {
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
		{nil, nil, false, 0},
	} {
		fl := flag.NewFlagSet("x", flag.ContinueOnError)
		fl.SetOutput(io.Discard)
		asJSON, top := fl.Bool("json", false, ""), fl.Int("top", 0, "")
		pos, err := parseAnywhere(fl, c.args)
		if err != nil || !cmp.Equal(pos, c.pos) || *asJSON != c.json || *top != c.top {
			t.Errorf("%q: %q json=%v top=%d %v; want %q json=%v top=%d", c.args, pos, *asJSON, *top, err, c.pos, c.json, c.top)
		}
	}
	fl := flag.NewFlagSet("x", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	if _, err := parseAnywhere(fl, []string{"a", "--nope"}); err == nil {
		t.Error("an unknown flag after an argument is no error")
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
