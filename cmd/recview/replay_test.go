package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// ogxTree writes a copy of an ogx tests/integration tree made from the
// corpus (corpustest.WriteTree) and returns its tests/ folder.
func ogxTree(t *testing.T) string {
	dir := t.TempDir()
	corpustest.WriteTree(t, dir)
	return filepath.Join(dir, "tests")
}

// TestVerifyTree: the whole tree verifies with the non-recording JSON
// files skipped, not failing. The counts are those of
// recordings/replay/testdata/corpus-replay.tsv (CPython's).
func TestVerifyTree(t *testing.T) {
	tests := ogxTree(t)
	out, errOut, code := runCmd(t, "", "verify", tests)
	if code != 1 {
		t.Errorf("exit %d, want 1 (mismatches fail by default)", code)
	}
	if want := "210 files: 119 ok, 82 stale, 7 mismatch, 0 unknown, 2 not replayed; 3 skipped (not recordings)"; strings.TrimSpace(errOut) != want {
		t.Errorf("summary %q, want %q", strings.TrimSpace(errOut), want)
	}
	leftover := "stale\tv0-no-test_id-raw-body\t" + filepath.Join(tests, "integration/recordings/responses/d0ac68cbde69.json") +
		"\treplay: 02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json (held by " +
		filepath.Join(tests, "integration/common/recordings/02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json") + ": this file is a leftover)\n"
	if !strings.Contains(out, leftover) {
		t.Errorf("no line %q", leftover)
	}
	for _, tc := range []struct {
		failOn string
		code   int
	}{{"stale", 1}, {"unknown", 0}, {"", 0}, {"mismatch,stale", 1}, {"bogus", 2}} {
		if _, _, code := runCmd(t, "", "verify", "--fail-on", tc.failOn, tests); code != tc.code {
			t.Errorf("--fail-on %q: exit %d, want %d", tc.failOn, code, tc.code)
		}
	}
	out, _, _ = runCmd(t, "", "verify", "--json", filepath.Join(tests, "integration/recordings/responses/d0ac68cbde69.json"))
	var res verifyResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Status != "stale" ||
		res.ReplayName != "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc.json" || res.ReplayPath != "" {
		// Alone, the file has no tree around it: replay finds nothing.
		t.Errorf("--json: %s (%v)", out, err)
	}
}

var renamedRe = regexp.MustCompile(`(?m)^renamed (\S+) -> (\S+)$`)

// TestDoctorFix: on a copy of the tree, --fix renames the stale files
// (byte for byte the same content) except where another rename took the
// name; with --prune-duplicates too, verify finds no stale file after.
func TestDoctorFix(t *testing.T) {
	tests := ogxTree(t)
	before := snapshot(t, tests)
	// A file already at one stale file's new name is never overwritten.
	blocked := filepath.Join(tests, "integration/recordings/responses/732e28f8380fbe7e71b640480bea6b91a0f4a577e290ab245e19c579c99aada9.json")
	if err := os.WriteFile(blocked, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "doctor", "--fix", tests)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "NEVER FOUND BY REPLAY: 92 files") || !strings.Contains(out, "DUPLICATES: 13 requests") {
		t.Errorf("report:\n%.1500s", out)
	}
	renamed := renamedRe.FindAllStringSubmatch(out, -1)
	kept := strings.Count(out, "\nkept ")
	if len(renamed) == 0 || len(renamed)+kept != 82 {
		t.Fatalf("%d renamed, %d kept; want 82 in all", len(renamed), kept)
	}
	if !strings.Contains(out, "kept "+filepath.Join(tests, "integration/recordings/responses/00f70ca112de.json")+": ") {
		t.Errorf("the rename onto an existing file was not refused:\n%s", out)
	}
	if got, _ := os.ReadFile(blocked); string(got) != "{}\n" {
		t.Errorf("the existing file was overwritten")
	}
	for _, m := range renamed {
		from, to := m[1], filepath.Join(filepath.Dir(m[1]), m[2])
		if _, err := os.Stat(from); !os.IsNotExist(err) {
			t.Errorf("%s still there", from)
		}
		if got, err := os.ReadFile(to); err != nil || !bytes.Equal(got, before[from]) {
			t.Errorf("%s is not %s byte for byte (%v)", to, from, err)
		}
	}
	_, errOut, _ = runCmd(t, "", "verify", tests)
	if !strings.Contains(errOut, " ok, "+itoa(kept)+" stale,") {
		t.Errorf("after --fix: %s, want %d stale (the kept ones)", errOut, kept)
	}

	tests = ogxTree(t)
	out, errOut, code = runCmd(t, "", "doctor", "--prune-duplicates", "--fix", tests)
	if code != 0 || !strings.Contains(out, "\ndeleted ") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	_, errOut, _ = runCmd(t, "", "verify", tests)
	if !strings.Contains(errOut, " ok, 0 stale,") {
		t.Errorf("after --prune-duplicates --fix: %s", errOut)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// snapshot reads every file under dir.
func snapshot(t *testing.T, dir string) map[string][]byte {
	m := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			m[p], _ = os.ReadFile(p)
		}
		return nil
	})
	return m
}

func TestRenameNoReplace(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte("a"), 0o644)
	os.WriteFile(b, []byte("b"), 0o644)
	if err := renameNoReplace(a, b); err == nil {
		t.Fatal("renamed over an existing file")
	}
	if got, _ := os.ReadFile(b); string(got) != "b" {
		t.Error("b changed")
	}
	if got, _ := os.ReadFile(a); string(got) != "a" {
		t.Error("a changed")
	}
}

func TestFindListHash(t *testing.T) {
	tests := ogxTree(t)
	root := filepath.Dir(tests)
	const h = "02c93bb3c314427bae2b7a7a6f054792b9f22d2cb4522eab802810be8672d3dc"
	out, _, code := runCmd(t, "", "find", h, "--test-id", "tests/integration/agents/test_agents.py::test_x", root)
	if code != 0 || !strings.Contains(out, "1. "+filepath.Join(root, "tests/integration/agents/recordings", h+".json")+"  missing") ||
		!strings.Contains(out, "found: "+filepath.Join(root, "tests/integration/common/recordings", h+".json")) ||
		strings.Contains(out, "holds this request under another name") {
		t.Errorf("find: exit %d (found: the files named by the hash alone are read, none holding it under another name)\n%s", code, out)
	}
	// Without the two files so named, replay misses: every file is read,
	// and the 2025 copies (d0ac68cbde69.json, corpus-replay.tsv's
	// leftovers of this request) are named as holding it.
	for _, p := range []string{"tests/integration/common/recordings", "tests/integration/responses/recordings"} {
		if err := os.Remove(filepath.Join(root, p, h+".json")); err != nil {
			t.Fatal(err)
		}
	}
	out, _, code = runCmd(t, "", "find", h, "--test-id", "tests/integration/agents/test_agents.py::test_x", root)
	if code != 1 || !strings.Contains(out, "not found") ||
		!strings.Contains(out, "holds this request under another name: "+filepath.Join(root, "tests/integration/recordings/responses/d0ac68cbde69.json")) {
		t.Errorf("find of a request held only under old names: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "", "find", strings.Repeat("0", 64), "--model", "gpt-4o", root)
	if code != 1 || !strings.Contains(out, "not found") || !strings.Contains(out, "same model") {
		t.Errorf("find of nothing: exit %d\n%s", code, out)
	}
	// The corpus holds 4 recordings of test_openai_completion_stop_sequence,
	// all of one parametrization (grep of their test_id).
	const fn = "tests/integration/inference/test_openai_completion.py::test_openai_completion_stop_sequence"
	for _, c := range []struct {
		args   []string
		code   int
		n      int
		stderr string
	}{
		{[]string{fn + "[txt=ollama/llama3.2:3b-instruct-fp16-inference:completion:stop_sequence]", root}, 0, 4, "(exact test id)"},
		{[]string{fn, root}, 0, 4, "(every parametrization of the test)"},
		{[]string{"test_openai_completion_stop_sequence", root}, 1, 0, "4 recordings have a test_id containing it: recview list-test --contains test_openai_completion_stop_sequence"},
		{[]string{"test_openai_completion_stop_sequence", root, "--contains"}, 0, 4, "(test ids containing it)"},
	} {
		out, errOut, code := runCmd(t, "", append([]string{"list-test"}, c.args...)...)
		if code != c.code || strings.Count(out, "\n") != c.n || c.n > 0 && !strings.Contains(out, "\t/v1/completions\tllama3.2:3b-instruct-fp16\t") || !strings.Contains(errOut, c.stderr) {
			t.Errorf("list-test %q: exit %d, want %d; stderr %q, want it to hold %q\n%s", c.args, code, c.code, errOut, c.stderr, out)
		}
	}
	// The seed's request, hashed from its body alone, gives its name.
	seedDoc := corpustest.Read(t, "seeds/5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json")
	var doc struct {
		TestID  string `json:"test_id"`
		Request struct {
			Body json.RawMessage `json:"body"`
		} `json:"request"`
	}
	if err := json.Unmarshal(seedDoc, &doc); err != nil {
		t.Fatal(err)
	}
	out, _, code = runCmd(t, string(doc.Request.Body), "hash", "--endpoint", "/v1/v1/chat/completions", "--test-id", doc.TestID, "--body-file", "-")
	if code != 0 || !strings.Contains(out, "file       5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json\n") ||
		!strings.Contains(out, `canonical  {"body": {"messages": [`) {
		t.Errorf("hash: exit %d\n%s", code, out)
	}
	if _, errOut, code := runCmd(t, "", "hash", "--endpoint", "/v1/x", "--body", "{}", "--body-file", "-"); code != 2 || !strings.HasPrefix(errOut, "usage: recview hash") {
		t.Errorf("hash with --body and --body-file: exit %d %q", code, errOut)
	}
}

// TestHashNoBody: a call without a body (a GET of a model list) is
// hashed with the body {} the recorder writes for one, as the corpus's
// model lists hold it: the text hashed is the scheme's, written by hand
// from docs/hash-schemes.md, and the corpus's model-list file of an
// Azure base URL (recorded with body {}, HASHCHECK.tsv: current) gets
// its own name from its endpoint alone.
func TestHashNoBody(t *testing.T) {
	out, errOut, code := runCmd(t, "", "hash", "--method", "GET", "--endpoint", "/v1/models")
	if code != 0 || !strings.Contains(out, "scheme     current\n") || !strings.Contains(out, `canonical  {"body": {}, "endpoint": "/v1/models", "method": "GET"}`+"\n") {
		t.Errorf("hash --method GET --endpoint /v1/models: exit %d %s\n%s", code, errOut, out)
	}
	const h = "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7" // models-66c1506a…-74bb7a92.json in tests/integration/common/recordings
	out, _, code = runCmd(t, "", "hash", "--endpoint", "/openai/v1/v1/models")
	if code != 0 || !strings.Contains(out, "hash       "+h+"\n") {
		t.Errorf("hash --endpoint /openai/v1/v1/models: exit %d, want hash %s\n%s", code, h, out)
	}
	withBody, _, _ := runCmd(t, "", "hash", "--endpoint", "/openai/v1/v1/models", "--body", "{}")
	if withBody != out {
		t.Errorf("no body and --body {} differ:\n%s\n%s", out, withBody)
	}
}

// TestRecordingDirFlag: doctor lists the openresponses model list (made
// outside a test) as an ok name in the wrong folder, until the recorder's
// base folder is tests/integration/openresponses, as ogx's
// openresponses-conformance.yml sets OGX_TEST_RECORDING_DIR: by the flag
// (relative to the repository root, or absolute), or by the environment.
func TestRecordingDirFlag(t *testing.T) {
	tests := ogxTree(t)
	root := filepath.Dir(tests)
	const models = "models-64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57-489e004e.json"
	misplaced := func(out string) bool {
		_, section, _ := strings.Cut(out, "OK NAME, WRONG FOLDER")
		section, _, _ = strings.Cut(section, "\n\n")
		return strings.Contains(section, models)
	}
	out, _, code := runCmd(t, "", "doctor", tests)
	if code != 0 || !misplaced(out) {
		t.Fatalf("doctor: exit %d; the openresponses model list is not in the wrong folder:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"doctor", tests, "--recording-dir", "tests/integration/openresponses"},
		{"doctor", "--recording-dir", filepath.Join(root, "tests", "integration", "openresponses"), tests},
	} {
		if out, errOut, code := runCmd(t, "", args...); code != 0 || misplaced(out) {
			t.Errorf("%q: exit %d %s; the model list is still in the wrong folder:\n%s", args, code, errOut, out)
		}
	}
	t.Setenv("OGX_TEST_RECORDING_DIR", "tests/integration/openresponses")
	if out, _, code := runCmd(t, "", "doctor", tests); code != 0 || misplaced(out) {
		t.Errorf("OGX_TEST_RECORDING_DIR: exit %d; the model list is still in the wrong folder:\n%s", code, out)
	}
	if _, errOut, code := runCmd(t, "", "verify", "--recording-dir", t.TempDir(), tests); code != 2 || !strings.Contains(errOut, "not inside the repository") {
		t.Errorf("a folder outside the repository: exit %d %s", code, errOut)
	}
}

// TestFindModelList: find of a model list's hash lists every
// models-HASH-*.json replay merges as found, none "elsewhere" but those
// outside replay's folders, and says the plain HASH.json beside them is
// never read; hash of /v1/v1/models (the OpenAI client's /v1/models under
// a base URL ending in /v1) names the models-HASH-<digest>.json file the
// recorder writes. The hash is the corpus's: its files for that request
// are named models-64a2277c…-*.json.
func TestFindModelList(t *testing.T) {
	tests := ogxTree(t)
	root := filepath.Dir(tests)
	const h = "64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57"
	common := filepath.Join(root, "tests/integration/common/recordings")
	out, _, code := runCmd(t, "", "find", h, root)
	if code != 0 || !strings.Contains(out, "1. "+filepath.Join(common, "models-"+h+"-*.json")+"  6 found\n") ||
		!strings.Contains(out, "found: 6 model-list recordings, merged\n") ||
		!strings.Contains(out, "never read (replay reads a model list from models-<hash>-*.json only): "+filepath.Join(common, h+".json")) ||
		strings.Count(out, "named by the hash elsewhere") != 1 ||
		!strings.Contains(out, "named by the hash elsewhere: "+filepath.Join(root, "tests/integration/openresponses/recordings/models-"+h+"-489e004e.json")) {
		t.Errorf("find: exit %d\n%s", code, out)
	}
	for _, d := range []string{"44869b1b", "79be7c70", "7becc84f", "cf0b7036", "e3b0c442", "e8733dec"} {
		if !strings.Contains(out, "     "+filepath.Join(common, "models-"+h+"-"+d+".json")+"\n") {
			t.Errorf("find does not list models-…-%s.json among the merged files", d)
		}
	}
	out, _, code = runCmd(t, "", "hash", "--endpoint", "/v1/v1/models", "--body", "{}")
	if code != 0 || !strings.Contains(out, "hash       "+h+"\n") || !strings.Contains(out, "file       models-"+h+"-<digest of the models>.json\n") {
		t.Errorf("hash of /v1/v1/models: exit %d\n%s", code, out)
	}
}
