package main

import (
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
