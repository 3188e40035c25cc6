package main

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const commentScript = "../../scripts/review-comment.sh"

// ghStub is a stand-in for the GitHub CLI: it appends each call's
// arguments to $STUB_LOG (one call per line), answers the listing of a
// pull request's comments with $STUB_EXISTING (a comment id, or nothing),
// and copies the body file of a PATCH or POST to $STUB_BODY.
const ghStub = `#!/usr/bin/env bash
echo "$*" >>"$STUB_LOG"
if [ "$1 $2" = "api user" ]; then
	[ -n "${STUB_USER:-}" ] || { echo "gh: Resource not accessible by integration (HTTP 403)" >&2; exit 1; }
	echo "$STUB_USER"; exit 0
fi
if [ -n "${STUB_FAIL:-}" ] && [[ " $* " == *" $STUB_FAIL "* ]]; then
	echo "gh: HTTP 403: Resource not accessible by integration" >&2
	exit 1
fi
case " $* " in
*" --paginate "*) [ -n "${STUB_EXISTING:-}" ] && echo "$STUB_EXISTING"; exit 0 ;;
*"/pulls?state=open&head="*) [ -n "${STUB_PULL:-}" ] && echo "$STUB_PULL"; exit 0 ;;
esac
for a in "$@"; do
	case $a in body=@*) cp "${a#body=@}" "$STUB_BODY" ;; esac
done
`

// scriptEnv builds recview and the stub, and returns the environment the
// action gives the script, for a repository made by gitRepo.
func scriptEnv(t *testing.T, base, head string) (env []string, log, body string) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("bash is not installed (make deps installs it)")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "recview"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(ghStub), 0o755); err != nil {
		t.Fatal(err)
	}
	log, body = filepath.Join(bin, "gh.log"), filepath.Join(bin, "body.md")
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "PR_NUMBER", "FAIL_ON", "COMMENT_AUTHOR", "STUB_EXISTING", "STUB_FAIL", "STUB_PULL", "STUB_USER", "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH":
		default:
			env = append(env, kv)
		}
	}
	env = append(env,
		"RECVIEW="+filepath.Join(bin, "recview"), "GH="+filepath.Join(bin, "gh"),
		"STUB_LOG="+log, "STUB_BODY="+body,
		"BASE_SHA="+base, "HEAD_SHA="+head, "REPO=ogx-ai/ogx", "RECVIEW_BASE=https://recview.example/")
	return env, log, body
}

// runScript runs the comment script in dir and returns its output and
// exit status.
func runScript(t *testing.T, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	script, err := filepath.Abs(commentScript)
	if err != nil {
		t.Fatal(err)
	}
	return runIn(t, dir, env, "bash", append([]string{script}, args...)...)
}

// runIn runs name with args in dir with env (the process's own when
// nil), and returns its output, stdout and stderr together, and its exit
// status; the test fails when it cannot be started.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// postedBody runs the script in `all` mode in dir with env, and returns
// the comment it posted (body, the stub's copy); the test fails when the
// script does.
func postedBody(t *testing.T, dir string, env []string, log, body string) []byte {
	t.Helper()
	msg, code := runScript(t, dir, env, "all", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	readLog(t, log)
	posted, err := os.ReadFile(body)
	if err != nil {
		t.Fatal(err)
	}
	return posted
}

// with is env and more variables, in a slice of its own.
func with(env []string, kv ...string) []string { return append(slices.Clip(env), kv...) }

func readLog(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// TestCommentScript runs the action's shell step on a repository of two
// commits (the base and head trees of #3681's recordings in testdata)
// with the GitHub CLI replaced by a stub: the first run creates a
// comment, a later one updates it; the fork split writes the comment,
// then posts it from its folder; bad input is refused.
func TestCommentScript(t *testing.T) {
	dir, base, head := gitRepo(t, "test-isolation-3681")
	env, log, body := scriptEnv(t, base, head)
	out := t.TempDir()
	list := "api --paginate repos/ogx-ai/ogx/issues/42/comments --jq .[] | select(.user.login == \"github-actions[bot]\" and (.body | startswith(\"<!-- recview -->\"))) | .id"
	// The script asks who the token is first (the stub answers as the
	// workflow's own token does: refused, so github-actions[bot]).
	const whoami = "api user --jq .login"

	t.Run("create", func(t *testing.T) {
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=42"), "all", out)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, msg)
		}
		calls := readLog(t, log)
		want := []string{whoami, list, "api --method POST repos/ogx-ai/ogx/issues/42/comments -F body=@" + out + "/comment.md"}
		if strings.Join(calls, "\n") != strings.Join(want, "\n") {
			t.Errorf("gh calls:\n%s\nwant\n%s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
		}
		posted, err := os.ReadFile(body)
		if err != nil {
			t.Fatal(err)
		}
		// What recview review --markdown writes for the two commits.
		cmd := exec.Command(filepath.Join(filepath.Dir(log), "recview"), "review", "--markdown", "--repo", "ogx-ai/ogx", "--pr", "42", base, head)
		cmd.Dir, cmd.Env = dir, env
		want2, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if string(posted) != string(want2) || !strings.HasPrefix(string(posted), "<!-- recview -->\n") {
			t.Errorf("posted body differs from recview review --markdown:\n%.500s", posted)
		}
		// The pull request's number is known: the rows link to the
		// viewer's review of it.
		if !strings.Contains(string(posted), "](https://recview.example/#v=2&pr=ogx-ai/ogx/42&file=") || strings.Contains(string(posted), "&src=") {
			t.Error("the comment's links do not open the viewer of RECVIEW_BASE on the review of pull request 42")
		}
	})
	t.Run("merge base", func(t *testing.T) {
		// The base branch moved on after the pull request branched off:
		// the comment is the pull request's change, from the merge base,
		// without what the base branch added since.
		dir, mergeBase, head, tip, gone := divergedRepo(t, "instructions-param-3741")
		env, log, body := scriptEnv(t, tip, head)
		posted := postedBody(t, dir, with(env, "PR_NUMBER=42"), log, body)
		if strings.Contains(string(posted), path.Base(gone)) {
			t.Errorf("the comment shows %s, which the base branch added after the branch point", gone)
		}
		if !strings.Contains(string(posted), "merge base") || !strings.Contains(string(posted), mergeBase[:12]) {
			t.Errorf("the comment does not name the merge base %.12s:\n%.800s", mergeBase, posted)
		}
	})
	t.Run("no viewer", func(t *testing.T) {
		// The action's viewer input left empty: the rows link to the
		// files on GitHub at the commits compared, and the comment says
		// how to set a viewer; nothing links to a loopback address.
		posted := postedBody(t, dir, with(env, "PR_NUMBER=42", "RECVIEW_BASE="), log, body)
		if strings.Contains(string(posted), "127.0.0.1") || strings.Contains(string(posted), "localhost") {
			t.Errorf("the comment links to a loopback viewer:\n%.800s", posted)
		}
		if !strings.Contains(string(posted), "](https://github.com/ogx-ai/ogx/blob/"+head+"/tests/integration/") || !strings.Contains(string(posted), "give a recview viewer") {
			t.Errorf("the rows do not link to the head files on GitHub, or the comment does not say how to set a viewer:\n%.1500s", posted)
		}
	})
	t.Run("update", func(t *testing.T) {
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=42", "STUB_EXISTING=1234"), "all", out)
		if code != 0 || !strings.Contains(msg, "updated comment 1234 on #42") {
			t.Fatalf("exit %d: %s", code, msg)
		}
		calls := readLog(t, log)
		if len(calls) != 3 || calls[1] != list || calls[2] != "api --method PATCH repos/ogx-ai/ogx/issues/comments/1234 -F body=@"+out+"/comment.md" {
			t.Errorf("gh calls %q: want who the token is, the listing, then a PATCH of comment 1234", calls)
		}
	})
	t.Run("fork split", func(t *testing.T) {
		split := t.TempDir()
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=7"), "review", split)
		if code != 0 || readLog(t, log) != nil {
			t.Fatalf("review: exit %d, or it called gh: %s", code, msg)
		}
		if n, _ := os.ReadFile(filepath.Join(split, "pr-number")); string(n) != "7\n" {
			t.Errorf("pr-number %q, want 7", n)
		}
		// The workflow_run has no pull request in its event: the number
		// comes from the artifact.
		msg, code = runScript(t, t.TempDir(), env, "post", split)
		calls := readLog(t, log)
		if code != 0 || len(calls) != 3 || !strings.HasPrefix(calls[2], "api --method POST repos/ogx-ai/ogx/issues/7/comments -F body=@"+split+"/comment.md") {
			t.Errorf("post: exit %d, calls %q: %s", code, calls, msg)
		}
	})
	t.Run("workflow_run", func(t *testing.T) {
		// The fork split's second half: the pull request is the run's,
		// and an artifact that names another, or another commit, posts
		// nothing.
		split := t.TempDir()
		if msg, code := runScript(t, dir, with(env, "PR_NUMBER=7"), "review", split); code != 0 {
			t.Fatalf("review: exit %d: %s", code, msg)
		}
		if sha, _ := os.ReadFile(filepath.Join(split, "head-sha")); string(sha) != head+"\n" {
			t.Fatalf("head-sha %q, want %s", sha, head)
		}
		event := func(prs, sha string) []string {
			f := filepath.Join(t.TempDir(), "event.json")
			os.WriteFile(f, []byte(`{"workflow_run": {"head_sha": "`+sha+`", "head_branch": "feat", "head_repository": {"owner": {"login": "fork"}}, "pull_requests": [`+prs+`]}}`), 0o644)
			return with(env, "GITHUB_EVENT_NAME=workflow_run", "GITHUB_EVENT_PATH="+f)
		}
		post := "api --method POST repos/ogx-ai/ogx/issues/7/comments -F body=@" + split + "/comment.md"
		// The run's own pull request.
		msg, code := runScript(t, t.TempDir(), event(`{"number": 7}`, head), "post", split)
		if calls := readLog(t, log); code != 0 || len(calls) != 3 || calls[2] != post {
			t.Errorf("run of #7: exit %d, calls %q: %s", code, calls, msg)
		}
		// A fork's run lists no pull request: the open one of its head
		// branch at the run's commit.
		msg, code = runScript(t, t.TempDir(), with(event(``, head), "STUB_PULL=7"), "post", split)
		calls := readLog(t, log)
		lookup := "api repos/ogx-ai/ogx/pulls?state=open&head=fork:feat --jq .[] | select(.head.sha == \"" + head + "\") | .number"
		if code != 0 || len(calls) != 4 || calls[0] != lookup || calls[3] != post {
			t.Errorf("fork's run: exit %d, calls %q: %s", code, calls, msg)
		}
		// Spoofed: the artifact names #8 (or the run names nothing a pull
		// request has, or the artifact was made at another commit).
		spoofed := t.TempDir()
		os.CopyFS(spoofed, os.DirFS(split))
		os.WriteFile(filepath.Join(spoofed, "pr-number"), []byte("8\n"), 0o644)
		for _, c := range []struct {
			name string
			env  []string
			out  string
			msg  string
		}{
			{"another number", event(`{"number": 7}`, head), spoofed, "the artifact names pull request '8', the workflow run is #7's: not posted"},
			{"no pull request", event(``, head), split, "no open pull request of ogx-ai/ogx has the workflow run's head commit"},
			{"another commit", event(`{"number": 7}`, strings.Repeat("e", 40)), split, "the artifact was made at another commit"},
		} {
			msg, code := runScript(t, t.TempDir(), c.env, "post", c.out)
			for _, call := range readLog(t, log) {
				if strings.Contains(call, "--method") {
					t.Errorf("%s: posted: %s", c.name, call)
				}
			}
			if code != 2 || !strings.Contains(msg, c.msg) {
				t.Errorf("%s: exit %d, output %q; want 2 and %q", c.name, code, msg, c.msg)
			}
		}
	})
	t.Run("after a bot's push", func(t *testing.T) {
		// A workflow_run after the workflow that pushed re-recordings to a
		// pull request's branch: the pull request of that branch, at its
		// base and head now, reviewed and commented on in one job.
		f := filepath.Join(t.TempDir(), "event.json")
		os.WriteFile(f, []byte(`{"workflow_run": {"head_sha": "`+strings.Repeat("e", 40)+`", "head_branch": "rerecord", "head_repository": {"full_name": "ogx-ai/ogx"}, "pull_requests": []}}`), 0o644)
		bot := with(env, "GITHUB_EVENT_NAME=workflow_run", "GITHUB_EVENT_PATH="+f, "BASE_SHA=", "HEAD_SHA=", "STUB_PULL=42 "+base+" "+head)
		msg, code := runScript(t, dir, bot, "all", t.TempDir())
		calls := readLog(t, log)
		lookup := `api repos/ogx-ai/ogx/pulls?state=open&head=ogx-ai:rerecord --jq .[0] | select(. != null) | "\(.number) \(.base.sha) \(.head.sha)"`
		if code != 0 || len(calls) != 4 || calls[0] != lookup || !strings.HasPrefix(calls[3], "api --method POST repos/ogx-ai/ogx/issues/42/comments ") {
			t.Fatalf("exit %d, calls %q: %s", code, calls, msg)
		}
		posted, _ := os.ReadFile(body)
		cmd := exec.Command(filepath.Join(filepath.Dir(log), "recview"), "review", "--markdown", "--repo", "ogx-ai/ogx", "--pr", "42", base, head)
		cmd.Dir, cmd.Env = dir, env
		if want, err := cmd.Output(); err != nil || string(posted) != string(want) {
			t.Errorf("posted body differs from recview's review of #42's base and head (%v):\n%.300s", err, posted)
		}
		// A branch of another repository (a fork) is not reviewed here.
		os.WriteFile(f, []byte(`{"workflow_run": {"head_branch": "rerecord", "head_repository": {"full_name": "someone/ogx"}}}`), 0o644)
		msg, code = runScript(t, dir, bot, "all", t.TempDir())
		if code != 2 || !strings.Contains(msg, "only ogx-ai/ogx's own branches are reviewed") || readLog(t, log) != nil {
			t.Errorf("a fork's branch: exit %d, output %q", code, msg)
		}
	})
	t.Run("fail on changed", func(t *testing.T) {
		// Two results changed in the set: the comment is posted, then the
		// step fails.
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=42", "FAIL_ON=changed"), "all", t.TempDir())
		if code != 1 || len(readLog(t, log)) != 3 {
			t.Errorf("exit %d, want 1 after posting: %s", code, msg)
		}
	})
	t.Run("personal token", func(t *testing.T) {
		// A personal access token comments as its owner: the comment to
		// update is found by the marker and that login, asked of the API.
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=42", "STUB_USER=alice", "STUB_EXISTING=555"), "all", t.TempDir())
		calls := readLog(t, log)
		listAlice := strings.Replace(list, `"github-actions[bot]"`, `"alice"`, 1)
		if code != 0 || len(calls) != 3 || calls[0] != "api user --jq .login" || calls[1] != listAlice || !strings.HasPrefix(calls[2], "api --method PATCH repos/ogx-ai/ogx/issues/comments/555 ") {
			t.Errorf("exit %d, calls %q: %s", code, calls, msg)
		}
		// COMMENT_AUTHOR says it: the API is not asked.
		msg, code = runScript(t, dir, with(env, "PR_NUMBER=42", "COMMENT_AUTHOR=recview-app[bot]"), "all", t.TempDir())
		calls = readLog(t, log)
		if code != 0 || len(calls) != 2 || calls[0] != strings.Replace(list, `"github-actions[bot]"`, `"recview-app[bot]"`, 1) {
			t.Errorf("COMMENT_AUTHOR: exit %d, calls %q: %s", code, calls, msg)
		}
	})
	t.Run("gh fails", func(t *testing.T) {
		// GitHub refuses (a fork's read-only token in `all`): exit 2 with a
		// line naming what failed, not gh's 1, which is FAIL_ON's.
		for _, c := range []struct{ fail, msg string }{
			{"--paginate", "cannot list the comments of #42"},
			{"POST", "cannot comment on #42"},
		} {
			msg, code := runScript(t, dir, with(env, "PR_NUMBER=42", "STUB_FAIL="+c.fail), "all", t.TempDir())
			readLog(t, log)
			if code != 2 || !strings.Contains(msg, "review-comment.sh: "+c.msg) {
				t.Errorf("gh failing at %s: exit %d, output %q; want 2 and %q", c.fail, code, msg, c.msg)
			}
		}
		msg, code := runScript(t, dir, with(env, "PR_NUMBER=42", "STUB_EXISTING=1234", "STUB_FAIL=PATCH"), "all", t.TempDir())
		readLog(t, log)
		if code != 2 || !strings.Contains(msg, "review-comment.sh: cannot update comment 1234 on #42") {
			t.Errorf("gh failing at PATCH: exit %d, output %q", code, msg)
		}
	})
	t.Run("refused", func(t *testing.T) {
		bad := t.TempDir()
		os.WriteFile(filepath.Join(bad, "comment.md"), []byte("<!-- recview -->\nhello\n"), 0o644)
		os.WriteFile(filepath.Join(bad, "pr-number"), []byte("7; rm -rf /\n"), 0o644)
		notOurs := t.TempDir()
		os.WriteFile(filepath.Join(notOurs, "comment.md"), []byte("@everyone look\n"), 0o644)
		for _, tc := range []struct {
			name string
			env  []string
			args []string
			msg  string
		}{
			{"pr number", env, []string{"post", bad}, "not a pull request number"},
			{"no marker", with(env, "PR_NUMBER=3"), []string{"post", notOurs}, "does not start with <!-- recview -->"},
			{"repo", with(env, "REPO=a/b/c"), []string{"all", bad}, "REPO must be OWNER/NAME"},
			{"sha", with(env, "BASE_SHA=main;"), []string{"review", bad}, "must be commit hashes"},
			{"mode", env, []string{"comment", bad}, "unknown mode"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				msg, code := runScript(t, dir, tc.env, tc.args...)
				if code != 2 || !strings.Contains(msg, tc.msg) || readLog(t, log) != nil {
					t.Errorf("exit %d, output %q; want 2, %q, and no gh call", code, msg, tc.msg)
				}
			})
		}
	})
}

// TestActionYAML: the action runs the script of this repository, builds
// recview from it, and passes every input the script reads.
func TestActionYAML(t *testing.T) {
	b, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{
		"using: composite",
		`"$GITHUB_ACTION_PATH/scripts/review-comment.sh" "$MODE" "$OUT_DIR"`,
		"go build -trimpath -o \"$RUNNER_TEMP/recview-bin/recview\" ./cmd/recview",
		"RECVIEW: ${{ runner.temp }}/recview-bin/recview",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("action.yml lacks %q", want)
		}
	}
	script, err := os.ReadFile(commentScript)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"BASE_SHA", "HEAD_SHA", "PR_NUMBER", "REPO", "RECVIEW_BASE", "FAIL_ON", "RECVIEW", "GH_TOKEN"} {
		if !strings.Contains(s, "        "+v+": ") {
			t.Errorf("action.yml does not set %s", v)
		}
		if v != "GH_TOKEN" && !strings.Contains(string(script), v) {
			t.Errorf("the script does not read %s", v)
		}
	}
}

// usesPinned is a pinned `uses:`: an action at a 40-hex commit, its tag
// in a comment (as ogx's scripts/check-workflows-use-hashes.sh requires).
var usesPinned = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_./-]+)?@[0-9a-f]{40} # v[0-9][0-9.]*$`)

// TestWorkflowsPinned: every `uses:` of action.yml, of the repository's
// workflows and of the workflows docs/review.md shows is pinned to a
// commit, with its tag in a comment; the docs' own recview step says to
// pin the commit of recview the reader reviewed.
func TestWorkflowsPinned(t *testing.T) {
	files, _ := filepath.Glob("../../.github/workflows/*.yml")
	files = append(files, "../../action.yml", "../../docs/review.md")
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			_, v, ok := strings.Cut(line, "uses: ")
			if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			n++
			switch {
			case strings.HasPrefix(v, "./"):
			case strings.HasSuffix(f, "review.md") && strings.HasPrefix(v, "recview/recview@<commit> # "):
			case !usesPinned.MatchString(v):
				t.Errorf("%s:%d: uses: %s: want OWNER/REPO@SHA (40 hex) # vTAG", f, i+1, v)
			}
		}
	}
	if n < 8 {
		t.Errorf("%d uses: lines found: the test reads the wrong files", n)
	}
}
