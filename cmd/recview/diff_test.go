package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The same streamed completion test ("Roses are red, violets are ")
// recorded in July 2025 and again in 2026; see TestCorpusPairs in
// recordings/diff for what differs, read by hand from the files.
const (
	roses2025 = corpus + "/tests__integration__inference__recordings__responses__84cab42e1f5c.json"
	roses2026 = corpus + "/tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"
)

func TestDiffGolden(t *testing.T) {
	out, errOut, code := runCmd(t, "", "diff", roses2025, roses2026)
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q; want 1 (the answers differ) and nothing", code, errOut)
	}
	// The lines read by hand from the two files.
	for _, want := range []string{
		"changed result, severity medium: answer reworded: -31 +33 words; test_id changed; not hashed: url host\n",
		"metadata test_id: added tests/integration/inference/test_openai_completion.py::test_openai_completion_streaming[txt=ollama/llama3.2:3b-instruct-fp16-inference:completion:sanity]\n",
		"metadata hash: stale (v0-no-test_id-raw-body) → ok (current)\n",
		"request  url: \"http://localhost:11434/v1/v1/completions\" → \"http://0.0.0.0:11434/v1/v1/completions\"\n",
		"response choices[0].text: changed\n    Blue.\n\n    My [-response-]{+answer+} is ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, noise := range []string{"created", "cmpl-313", "system_fingerprint", "finish_reason", "chunks"} {
		if strings.Contains(out, noise) {
			t.Errorf("output mentions %q, which does not differ in meaning", noise)
		}
	}
	golden := filepath.Join("testdata", "diff-roses-2025-2026.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test -run DiffGolden -update creates it)", err)
	}
	if out != string(want) {
		t.Errorf("output differs from %s (go test -run DiffGolden -update rewrites it):\ngot:\n%s", golden, out)
	}
}

func TestDiffSame(t *testing.T) {
	data, err := os.ReadFile(roses2026)
	if err != nil {
		t.Fatal(err)
	}
	// The file against itself, once from standard input.
	out, errOut, code := runCmd(t, string(data), "diff", roses2026, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The second name is <stdin>, which holds no hash.
	want := "--- " + roses2026 + "\n+++ <stdin>\nunchanged, severity none\nmetadata hash: ok (current) → unknown\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// TestDiffVerdictAsReview: `recview diff` of a pair of a change set says
// what `recview review` says of it, and exits 0 when the result is the
// same, 1 when it changed. The pairs and what differs in them, read by
// hand from the files, are in recordings/review's TestVerdictsByHand.
func TestDiffVerdictAsReview(t *testing.T) {
	const sets = "../../recordings/review/testdata/"
	for _, tc := range []struct {
		name, set, file, line string
		code                  int
	}{
		// Only the usage counters moved (completion_tokens 18 → 14).
		{"usage alone", "qwen3-rerecord-3978", "agents/recordings/2172059863d4d17e7525483102a6753617b60a8c33ece637db18061d23086536.json",
			"same result, severity none: usage moved (completion_tokens 18 → 14, 1 more)\n", 0},
		// A tool call get_weather {"city": "New York"} became text.
		{"tool call gone", "qwen3-rerecord-3978", "agents/recordings/2a5013730936b86b2fd76564de3a35310d648076eaa29de10a0e8efa68d088cf.json",
			"changed result, severity high: tool call get_weather gone; finish reason tool_calls → stop\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := sets + tc.set + "/base/tests/integration/" + tc.file
			b := sets + tc.set + "/head/tests/integration/" + tc.file
			out, errOut, code := runCmd(t, "", "diff", a, b)
			if code != tc.code || errOut != "" || !strings.Contains(out, "\n"+tc.line) {
				t.Errorf("exit %d, stderr %q, output:\n%s\nwant exit %d and the line %q", code, errOut, out, tc.code, tc.line)
			}
			// The review's line of the pair: "SEVERITY  VERDICT  TEST  WHY  (PATH)".
			rev, _, _ := runCmd(t, "", "review", sets+tc.set+"/base", sets+tc.set+"/head")
			head, why, _ := strings.Cut(strings.TrimSuffix(tc.line, "\n"), ": ")
			verdict, sev, _ := strings.Cut(head, ", severity ")
			found := false
			for _, l := range strings.Split(rev, "\n") {
				if strings.Contains(l, "/"+tc.file[strings.LastIndexByte(tc.file, '/')+1:][:12]+"…") {
					found = true
					if f := strings.Fields(l); len(f) < 2 || f[0] != sev || !strings.HasPrefix(strings.Join(f[1:], " "), verdict) || !strings.Contains(l, "  "+why+"  ") {
						t.Errorf("recview review's line %q; want %s, %s, %q", l, sev, verdict, why)
					}
				}
			}
			if !found {
				t.Errorf("no line of recview review names %s", tc.file)
			}
		})
	}
}

func TestDiffErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"request": [}, "x": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"no files", []string{"diff"}, "usage: recview diff [--json] A B"},
		{"one file", []string{"diff", roses2025}, "usage: recview diff [--json] A B"},
		{"three files", []string{"diff", roses2025, roses2026, roses2026}, "usage: recview diff [--json] A B"},
		{"stdin twice", []string{"diff", "-", "-"}, "usage: recview diff [--json] A B"},
		{"missing file", []string{"diff", roses2025, filepath.Join(dir, "missing.json")}, "no such file"},
		{"bad JSON", []string{"diff", bad, roses2026}, "bad.json:1:14: invalid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", tc.args...)
			if code != 2 || out != "" || !strings.Contains(errOut, tc.msg) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing and %q", code, out, errOut, tc.msg)
			}
		})
	}
}
