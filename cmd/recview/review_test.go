package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// The change sets of recordings/review/testdata: a few recordings of four
// ogx commits each, their verdicts checked by hand in that package's
// TestVerdictsByHand.
const reviewData = "../../recordings/review/testdata"

var reviewSets = []string{"instructions-param-3741", "normalize-ids-3676", "qwen3-rerecord-3978", "test-isolation-3681"}

var (
	shaA = strings.Repeat("a", 40)
	shaB = strings.Repeat("b", 40)
)

// testdataDir is testdata/, absolute: a test may change the working
// folder (t.Chdir).
var testdataDir, _ = filepath.Abs("testdata")

// golden compares out with testdata/NAME, or writes it with -update.
func golden(t *testing.T, name, out string) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if out != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, out)
	}
}

// TestReviewGolden: the terminal output, --json and --markdown of each
// change set of testdata, against goldens (rewritten with -update, and
// read over after: the verdicts they hold are the ones checked by hand in
// recordings/review). Every --json line has exactly the keys of the
// contract, in order.
func TestReviewGolden(t *testing.T) {
	keys := []string{"base", "head", "change", "request", "result", "metadata_only", "test_id", "endpoint", "name", "why", "severity", "verdict"}
	for _, name := range reviewSets {
		t.Run(name, func(t *testing.T) {
			base, head := filepath.Join(reviewData, name, "base"), filepath.Join(reviewData, name, "head")
			out, errOut, code := runCmd(t, "", "review", base, head)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			golden(t, "review-"+name+".txt", out)

			out, _, code = runCmd(t, "", "review", "--json", base, head)
			if code != 0 {
				t.Fatalf("--json: exit %d", code)
			}
			golden(t, "review-"+name+".jsonl", out)
			for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if got := jsonKeys(t, line); strings.Join(got, ",") != strings.Join(keys, ",") {
					t.Errorf("keys %v, want %v: %s", got, keys, line)
				}
			}

			out, _, code = runCmd(t, "", "review", "--markdown", "--link-base", "https://recview.example/",
				"--repo", "ogx-ai/ogx", "--base-sha", shaA, "--head-sha", shaB, base, head)
			if code != 0 {
				t.Fatalf("--markdown: exit %d", code)
			}
			golden(t, "review-"+name+".md", out)
		})
	}
}

// jsonKeys returns the keys of a JSON object in the order written.
func jsonKeys(t *testing.T, line string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", line)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func TestReviewExit(t *testing.T) {
	set := func(name string) []string {
		return []string{filepath.Join(reviewData, name, "base"), filepath.Join(reviewData, name, "head")}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		// qwen3's changed answers; its head names all match.
		{"fail on changed", append([]string{"review", "--fail-on", "changed"}, set("qwen3-rerecord-3978")...), 1, ""},
		{"names fine", append([]string{"review", "--fail-on", "stale"}, set("qwen3-rerecord-3978")...), 0, ""},
		// 3676 adds two files named by no scheme, and changes nothing else.
		{"fail on stale", append([]string{"review", "--fail-on", "stale"}, set("normalize-ids-3676")...), 1, ""},
		{"nothing changed", append([]string{"review", "--fail-on", "changed"}, set("normalize-ids-3676")...), 0, ""},
		// qwen3 has tool calls that came and went; 3676 nothing of high
		// severity (metadata, and files added).
		{"fail on high", append([]string{"review", "--fail-on", "high"}, set("qwen3-rerecord-3978")...), 1, ""},
		{"nothing high", append([]string{"review", "--fail-on", "high"}, set("normalize-ids-3676")...), 0, ""},
		{"bad fail-on", append([]string{"review", "--fail-on", "mismatch"}, set("normalize-ids-3676")...), 2, "want stale, changed or high"},
		{"one tree", []string{"review", filepath.Join(reviewData, "normalize-ids-3676", "base")}, 2, "usage: recview review"},
		{"json and markdown", append([]string{"review", "--json", "--markdown"}, set("normalize-ids-3676")...), 2, "usage: recview review"},
		{"no such tree", []string{"review", "no/such/dir", "HEAD"}, 2, "no/such/dir is neither a folder nor a git revision"},
		// A folder beside a path that is not one: the message names the
		// one that is not a folder, not the folder.
		{"folder and no folder", []string{"review", filepath.Join(reviewData, "normalize-ids-3676", "base"), "no/such/dir"}, 2, "the head, no/such/dir, is not (stat no/such/dir: no such file or directory)"},
		{"no folder and folder", []string{"review", "HEAD", filepath.Join(reviewData, "normalize-ids-3676", "head")}, 2, "the base, HEAD, is not (stat HEAD: no such file or directory): give two folders, or two git revisions"},
		{"bad repo", append([]string{"review", "--markdown", "--repo", "a/b/c"}, set("normalize-ids-3676")...), 2, "want OWNER/NAME"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := runCmd(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.msg)
			}
		})
	}
}

// TestReviewLinkBaseFromEnv: RECVIEW_BASE sets the viewer the comment
// links to.
func TestReviewLinkBaseFromEnv(t *testing.T) {
	t.Setenv("RECVIEW_BASE", "https://env.example/")
	dir := filepath.Join(reviewData, "qwen3-rerecord-3978")
	out, _, _ := runCmd(t, "", "review", "--markdown", "--repo", "ogx-ai/ogx", "--base-sha", shaA, "--head-sha", shaB,
		filepath.Join(dir, "base"), filepath.Join(dir, "head"))
	if !strings.Contains(out, "](https://env.example/#v=2&src=https://raw.githubusercontent.com/ogx-ai/ogx/"+shaA+"/tests/") {
		t.Errorf("no link to the viewer of RECVIEW_BASE:\n%.2000s", out)
	}
}

// gitIn runs git with args in dir, as a committer of its own, and
// returns its output trimmed; the test fails when git does.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// gitRepo makes a git repository in a new folder with two commits: the
// base tree of a change set of testdata, then its head tree, plus a
// README and a JSON file outside any recordings folder that change too.
// It returns the folder and the two commits.
func gitRepo(t *testing.T, set string) (dir, base, head string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is not installed (make deps installs it)")
	}
	dir = t.TempDir()
	run := func(args ...string) string { t.Helper(); return gitIn(t, dir, args...) }
	run("init", "-q", "-b", "main")
	commit := func(side, note string) string {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.Name() != ".git" {
				os.RemoveAll(filepath.Join(dir, e.Name()))
			}
		}
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(reviewData, set, side))); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "README.md"), []byte(note), 0o644)
		os.MkdirAll(filepath.Join(dir, "tests", "data"), 0o755)
		os.WriteFile(filepath.Join(dir, "tests", "data", "cases.json"), []byte(`{"note": "`+note+`"}`), 0o644)
		run("add", "-A")
		run("commit", "-q", "-m", side)
		return run("rev-parse", "HEAD")
	}
	return dir, commit("base", "before"), commit("head", "after")
}

// TestReviewGit: two revisions of the repository in the working folder
// give the same review as the two folders they hold; only the recordings
// that differ are read.
func TestReviewGit(t *testing.T) {
	const set = "test-isolation-3681"
	want, _, _ := runCmd(t, "", "review", "--json", filepath.Join(reviewData, set, "base"), filepath.Join(reviewData, set, "head"))
	wantMD, _, _ := runCmd(t, "", "review", "--markdown", "--repo", "ogx-ai/ogx", filepath.Join(reviewData, set, "base"), filepath.Join(reviewData, set, "head"))
	dir, base, head := gitRepo(t, set)
	t.Chdir(dir)
	got, errOut, code := runCmd(t, "", "review", "--json", "HEAD~1", "HEAD")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got != want {
		t.Errorf("the revisions' review differs from the folders':\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(got, "cases.json") || strings.Contains(got, "README") {
		t.Error("files outside recordings folders were read")
	}
	// --markdown pins the links to the two commits.
	md, _, _ := runCmd(t, "", "review", "--markdown", "--repo", "ogx-ai/ogx", "main~1", "main")
	if !strings.Contains(md, "ogx/"+base+"/tests/integration/recordings/responses/") || !strings.Contains(md, "ogx/"+head+"/tests/integration/") {
		t.Errorf("links not pinned to %s and %s:\n%.3000s", base, head, md)
	}
	if strings.Contains(wantMD, base) || !strings.Contains(md, `Compared main\~1 (`+base[:12]+") with main ("+head[:12]+").") {
		t.Error("the comment does not say which commits it compares")
	}
}

// TestReviewGitMergeBase: a branch made from the base commit, the base
// branch moving on after it (a recording added there). `review main
// feature` compares the feature branch with its merge base, as a pull
// request's "Files changed" does: the review of the change set's two
// folders, and the comment says which commits; --no-merge-base compares
// main's tip with the branch, and the recording main added since shows
// as one the branch deleted.
func TestReviewGitMergeBase(t *testing.T) {
	const set = "instructions-param-3741"
	want, _, _ := runCmd(t, "", "review", "--json", filepath.Join(reviewData, set, "base"), filepath.Join(reviewData, set, "head"))
	dir, base, _, tip, gone := divergedRepo(t, set)
	t.Chdir(dir)

	got, errOut, code := runCmd(t, "", "review", "--json", "main", "feature")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got != want {
		t.Errorf("main feature: the review differs from the change set's:\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(got, gone) {
		t.Errorf("main feature shows %s, which main added after feature branched off", gone)
	}
	md, _, _ := runCmd(t, "", "review", "--markdown", "--repo", "ogx-ai/ogx", "main", "feature")
	if !strings.Contains(md, "with its merge base with main ("+base[:12]+"; main is at "+tip[:12]+")") {
		t.Errorf("the comment does not name the merge base:\n%.1500s", md)
	}
	if !strings.Contains(md, "ogx/"+base+"/") || strings.Contains(md, "ogx/"+tip+"/") {
		t.Errorf("the base side's links are not pinned to the merge base %s", base)
	}
	direct, errOut, code := runCmd(t, "", "review", "--json", "--no-merge-base", "main", "feature")
	if code != 0 {
		t.Fatalf("--no-merge-base: exit %d: %s", code, errOut)
	}
	if !strings.Contains(direct, gone) {
		t.Errorf("--no-merge-base does not show %s, which main added", gone)
	}
}

// divergedRepo is gitRepo's repository with history as a pull request
// has it: branch feature at the head commit, main gone on from the base
// commit with a commit of its own that adds a recording (gone, a copy of
// one of the base's under another name) feature does not have. It
// returns the folder, the base commit (the two branches' merge base),
// the head commit, main's tip and the added recording's path.
func divergedRepo(t *testing.T, set string) (dir, base, head, tip, gone string) {
	t.Helper()
	dir, base, head = gitRepo(t, set)
	run := func(args ...string) string { t.Helper(); return gitIn(t, dir, args...) }
	run("branch", "feature", head)
	run("reset", "-q", "--hard", base)
	var some string
	for _, p := range strings.Split(run("ls-files", "*.json"), "\n") {
		if isRecordingPath(p) {
			some = p
			break
		}
	}
	if some == "" {
		t.Fatal("no recording in the base commit")
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(some)))
	if err != nil {
		t.Fatal(err)
	}
	gone = path.Join(path.Dir(some), "main-only.json")
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(gone)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", gone)
	run("commit", "-q", "-m", "main moves on")
	return dir, base, head, run("rev-parse", "HEAD"), gone
}
