package github

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings/permalink"
)

func TestParseURL(t *testing.T) {
	pr := func(o, r string, n int) permalink.Review {
		return permalink.Review{Kind: permalink.ReviewPR, Owner: o, Repo: r, Number: n}
	}
	cmpr := func(o, r, b, h string) permalink.Review {
		return permalink.Review{Kind: permalink.ReviewCompare, Owner: o, Repo: r, Base: b, Head: h}
	}
	for _, tc := range []struct {
		name, in string
		want     permalink.Review
		ok       bool
		err      string
	}{
		{"pull request", "https://github.com/ogx-ai/ogx/pull/3681", pr("ogx-ai", "ogx", 3681), true, ""},
		{"its files tab", "https://github.com/ogx-ai/ogx/pull/3681/files#diff-0f54", pr("ogx-ai", "ogx", 3681), true, ""},
		{"trailing slash, www, spaces", "  https://www.github.com/o/r.js/pull/7/  ", pr("o", "r.js", 7), true, ""},
		{"compare", "https://github.com/ogx-ai/ogx/compare/main...user:feature/x?expand=1", cmpr("ogx-ai", "ogx", "main", "user:feature/x"), true, ""},
		{"compare of commits", "https://github.com/o/r/compare/045a0c1d...3f36bfae", cmpr("o", "r", "045a0c1d", "3f36bfae"), true, ""},
		{"a recording's blob", "https://github.com/o/r/blob/main/tests/recordings/a.json", permalink.Review{}, false, ""},
		{"raw", "https://raw.githubusercontent.com/o/r/main/a.json", permalink.Review{}, false, ""},
		{"another host", "https://example.com/o/r/pull/1", permalink.Review{}, false, ""},
		{"not a URL", "tests/recordings/a.json", permalink.Review{}, false, ""},
		{"pull without number", "https://github.com/o/r/pull/", permalink.Review{}, false, "ends with its number"},
		{"pull number not a number", "https://github.com/o/r/pull/abc", permalink.Review{}, false, "ends with its number"},
		{"pull number zero", "https://github.com/o/r/pull/0", permalink.Review{}, false, "ends with its number"},
		{"compare one ref", "https://github.com/o/r/compare/main", permalink.Review{}, false, "names two refs"},
		{"compare two dots", "https://github.com/o/r/compare/main..dev", permalink.Review{}, false, "names two refs"},
		{"bad owner", "https://github.com/o_o/r/pull/1", permalink.Review{}, false, "not a GitHub repository"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := ParseURL(tc.in)
			if ok != tc.ok || got != tc.want {
				t.Errorf("ParseURL(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
			}
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("error %v, want one containing %q", err, tc.err)
			}
		})
	}
}

func TestURLs(t *testing.T) {
	pr := permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681}
	cm := permalink.Review{Kind: permalink.ReviewCompare, Owner: "o", Repo: "r", Base: "main", Head: "user:feat/a b"}
	for _, tc := range []struct{ got, want string }{
		{PullURL(pr), "https://api.github.com/repos/ogx-ai/ogx/pulls/3681"},
		{FilesURL(pr, 3), "https://api.github.com/repos/ogx-ai/ogx/pulls/3681/files?per_page=100&page=3"},
		{CompareURL(cm), "https://api.github.com/repos/o/r/compare/main...user:feat/a%20b"},
		{PageURL(pr), "https://github.com/ogx-ai/ogx/pull/3681"},
		{PageURL(cm), "https://github.com/o/r/compare/main...user:feat/a%20b"},
		{RawURL("o/r", "045a0c1d", "tests/a b/rec#1.json"), "https://raw.githubusercontent.com/o/r/045a0c1d/tests/a%20b/rec%231.json"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}

// A pull request of n files costs 2 + ceil(n/100) requests (itself, its
// merge base, its files), never more than 32 (GitHub lists 3,000 files at
// most).
func TestRequests(t *testing.T) {
	for _, tc := range []struct{ files, pages int }{
		{0, 0}, {1, 1}, {99, 1}, {100, 1}, {101, 2}, {300, 3}, {536, 6}, {2999, 30}, {3000, 30}, {3001, 30}, {100000, 30}, {-1, 0},
	} {
		if got := Pages(tc.files); got != tc.pages {
			t.Errorf("Pages(%d) = %d, want %d", tc.files, got, tc.pages)
		}
		if got := Requests(tc.files); got != 2+tc.pages {
			t.Errorf("Requests(%d) = %d, want %d", tc.files, got, 2+tc.pages)
		}
	}
}

const (
	sha1 = "045a0c1d0000000000000000000000000000beef"
	sha2 = "3f36bfae0000000000000000000000000000cafe"
)

// A pull request's answer, cut to the fields read, in the shape of
// GitHub's "Get a pull request" example.
func pullJSON(headRepo string) string {
	return `{"url": "https://api.github.com/repos/ogx-ai/ogx/pulls/3681", "number": 3681, "state": "closed",
		"title": "test isolation", "changed_files": 536,
		"head": {"label": "u:b", "ref": "b", "sha": "` + sha2 + `", "repo": ` + headRepo + `},
		"base": {"label": "ogx-ai:main", "ref": "main", "sha": "` + sha1 + `", "repo": {"full_name": "ogx-ai/ogx"}}}`
}

func TestDecodePull(t *testing.T) {
	want := Pull{Number: 3681, Title: "test isolation", State: "closed", BaseRepo: "ogx-ai/ogx", HeadRepo: "u/ogx",
		BaseSHA: sha1, HeadSHA: sha2, ChangedFiles: 536}
	got, err := DecodePull([]byte(pullJSON(`{"full_name": "u/ogx"}`)))
	if err != nil || got != want {
		t.Errorf("fork: got %+v, %v; want %+v", got, err, want)
	}
	want.HeadRepo = "ogx-ai/ogx"
	if got, err := DecodePull([]byte(pullJSON(`null`))); err != nil || got != want {
		t.Errorf("deleted fork: got %+v, %v; want %+v (the base repository)", got, err, want)
	}
	for _, tc := range []struct{ name, in, msg string }{
		{"not JSON", `<html>`, "not JSON"},
		{"an error answer", `{"message": "Not Found"}`, "no base commit"},
		{"short sha", strings.Replace(pullJSON("null"), sha2, "3f36bfae", 1), "no head commit"},
		{"no count", strings.Replace(pullJSON("null"), `"changed_files": 536,`, "", 1), "how many files"},
		{"a base repository with a host", strings.Replace(pullJSON("null"), `"ogx-ai/ogx"`, `"evil.example/x/y"`, 1), `base repository "evil.example/x/y" is not OWNER/REPO`},
		{"a head repository with markup", pullJSON(`{"full_name": "u/<b>"}`), `head repository "u/<b>" is not OWNER/REPO`},
	} {
		if _, err := DecodePull([]byte(tc.in)); !errors.Is(err, ErrBadAnswer) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: error %v, want ErrBadAnswer saying %q", tc.name, err, tc.msg)
		}
	}
}

func TestDecodeFilesAndCompare(t *testing.T) {
	page := `[{"sha": "x", "filename": "tests/recordings/b.json", "status": "renamed", "previous_filename": "tests/recordings/a.json", "additions": 1},
		{"filename": "README.md", "status": "modified", "patch": "@@"}]`
	want := []ChangedFile{{"tests/recordings/b.json", "tests/recordings/a.json", "renamed"}, {"README.md", "", "modified"}}
	got, err := DecodeFiles([]byte(page))
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("DecodeFiles = %+v, %v; want %+v", got, err, want)
	}
	if _, err := DecodeFiles([]byte(`{"message": "x"}`)); !errors.Is(err, ErrBadAnswer) {
		t.Errorf("an object for a page: %v, want ErrBadAnswer", err)
	}
	if _, err := DecodeFiles([]byte(`[{"status": "added"}]`)); !errors.Is(err, ErrBadAnswer) {
		t.Errorf("a file without name: %v, want ErrBadAnswer", err)
	}
	// Paths that are not a repository's file: refused, naming the file.
	for _, tc := range []struct{ path, msg string }{
		{"../../etc/passwd.json", "has an empty, . or .. element"},
		{"tests/recordings/../../x.json", "has an empty, . or .. element"},
		{"/etc/recordings/x.json", "is absolute"},
		{"tests//recordings/x.json", "has an empty, . or .. element"},
		{`tests/recordings/x\u0000.json`, "holds a control character"},
		{`tests/recordings/x\n<script>.json`, "holds a control character"},
		{`tests/recordings/x\u009b.json`, "holds a control character"},
		{strings.Repeat("a/", 2100) + "x.json", "is longer than 4096 bytes"},
	} {
		for _, in := range []string{`[{"filename": "` + tc.path + `", "status": "added"}]`,
			`[{"filename": "tests/recordings/ok.json", "status": "renamed", "previous_filename": "` + tc.path + `"}]`} {
			_, err := DecodeFiles([]byte(in))
			if !errors.Is(err, ErrBadAnswer) || !strings.Contains(err.Error(), "file 0's path") || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s: %v, want ErrBadAnswer saying %q", in[:min(len(in), 80)], err, tc.msg)
			}
		}
	}
	// A path with markup is a path: shown as text wherever it goes.
	if got, err := DecodeFiles([]byte(`[{"filename": "tests/recordings/<img src=x onerror=alert(1)>.json", "status": "added"}]`)); err != nil || len(got) != 1 {
		t.Errorf("a path with markup: %v, %v", got, err)
	}
	c, err := DecodeCompare([]byte(`{"status": "ahead", "total_commits": 2, "merge_base_commit": {"sha": "` + sha1 + `"},
		"base_commit": {"sha": "` + strings.Repeat("1", 40) + `"},
		"commits": [{"sha": "` + strings.Repeat("2", 40) + `"}, {"sha": "` + sha2 + `"}], "files": ` + page + `}`))
	wantC := Comparison{BaseSHA: sha1, HeadSHA: sha2, Files: want, TotalCommits: 2}
	if err != nil || !cmp.Equal(c, wantC) {
		t.Errorf("DecodeCompare = %+v, %v; want %+v", c, err, wantC)
	}
	if _, err := DecodeCompare([]byte(`{"commits": []}`)); !errors.Is(err, ErrBadAnswer) {
		t.Errorf("no merge base: %v, want ErrBadAnswer", err)
	}
}

func TestRateLimit(t *testing.T) {
	h := map[string]string{"x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1764000300"}
	rl := ParseRateLimit(func(k string) string { return h[k] })
	want := RateLimit{Known: true, Limit: 60, Remaining: 0, Reset: time.Unix(1764000300, 0)}
	if rl != want {
		t.Fatalf("ParseRateLimit = %+v, want %+v", rl, want)
	}
	if got := rl.String(); got != "0 of 60 GitHub API requests left" {
		t.Errorf("String() = %q", got)
	}
	if got := ParseRateLimit(func(string) string { return "" }); got.Known || got.String() != "" {
		t.Errorf("no headers: %+v %q, want unknown", got, got.String())
	}
	// 1764000300 is 2025-11-24 16:05:00 UTC; 12 minutes and 10 seconds
	// before it, the wait rounds to 12 minutes.
	now := time.Date(2025, 11, 24, 15, 52, 50, 0, time.UTC)
	err := CheckStatus("https://api.github.com/repos/o/r/pulls/1", 403, rl, []byte(`{"message": "API rate limit exceeded for 1.2.3.4."}`), now)
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("403 with nothing left: %v, want ErrRateLimited", err)
	}
	for _, s := range []string{"spent", "60 requests an hour", "resets at 16:05 UTC, in 12 minutes", "does not retry"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%q does not say %q", err, s)
		}
	}
	if err := CheckStatus("u", 429, rl, nil, rl.Reset.Add(time.Second)); !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "in less than a minute") {
		t.Errorf("429 past the reset: %v", err)
	}
	left := rl
	left.Remaining = 5
	if err := CheckStatus("u", 403, left, []byte(`{"message": "Resource not accessible"}`), now); errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "u: GitHub answered 403: Resource not accessible") {
		t.Errorf("403 with requests left: %v, want a plain refusal", err)
	}
	if err := CheckStatus("u", 404, left, []byte(`{"message": "Not Found"}`), now); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "private") {
		t.Errorf("404: %v", err)
	}
	if err := CheckStatus("u", 200, left, nil, now); err != nil {
		t.Errorf("200: %v", err)
	}
}

func TestPlan(t *testing.T) {
	base, head := Commit{"o/r", "b1"}, Commit{"fork/r", "h2"}
	rec := func(n string) string { return "tests/integration/agents/recordings/" + n + ".json" }
	files := []ChangedFile{
		{rec("added"), "", "added"},
		{rec("gone"), "", "removed"},
		{rec("mod"), "", "modified"},
		{rec("new"), rec("old"), "renamed"},
		{rec("moved"), "tests/data/x.json", "renamed"}, // came from outside a recordings folder
		{rec("copy"), rec("mod"), "copied"},
		{"README.md", "", "modified"},
		{"tests/integration/recordings/notes.txt", "", "added"},
		{"tests/integration/recordings/responses/ab12.JSON", "", "changed"},
	}
	got, skipped := Plan(files, base, head)
	raw := func(c Commit, p string) string {
		return "https://raw.githubusercontent.com/" + c.Repo + "/" + c.SHA + "/" + p
	}
	want := []Download{
		{Head, rec("added"), raw(head, rec("added")), 0},
		{Base, rec("gone"), raw(base, rec("gone")), 1},
		{Base, rec("mod"), raw(base, rec("mod")), 2},
		{Head, rec("mod"), raw(head, rec("mod")), 2},
		{Base, rec("old"), raw(base, rec("old")), 3},
		{Head, rec("new"), raw(head, rec("new")), 3},
		{Head, rec("moved"), raw(head, rec("moved")), 4},
		{Head, rec("copy"), raw(head, rec("copy")), 5},
		{Base, "tests/integration/recordings/responses/ab12.JSON", raw(base, "tests/integration/recordings/responses/ab12.JSON"), 8},
		{Head, "tests/integration/recordings/responses/ab12.JSON", raw(head, "tests/integration/recordings/responses/ab12.JSON"), 8},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Plan (-want +got):\n%s", diff)
	}
	if skipped != 2 {
		t.Errorf("skipped %d, want 2 (README.md, notes.txt)", skipped)
	}
}

// FuzzDecode: the decoders never panic, and fail only with ErrBadAnswer.
func FuzzDecode(f *testing.F) {
	f.Add(pullJSON(`{"full_name": "u/ogx"}`))
	f.Add(`[{"filename": "a/recordings/b.json", "status": "renamed", "previous_filename": "x"}]`)
	f.Add(`{"merge_base_commit": {"sha": "` + sha1 + `"}, "commits": [{"sha": "` + sha2 + `"}], "files": []}`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, decode := range []func([]byte) error{
			func(b []byte) error { _, err := DecodePull(b); return err },
			func(b []byte) error { _, err := DecodeFiles(b); return err },
			func(b []byte) error { _, err := DecodeCompare(b); return err },
		} {
			if err := decode([]byte(s)); err != nil && !errors.Is(err, ErrBadAnswer) {
				t.Fatalf("error %v does not wrap ErrBadAnswer", err)
			}
		}
		Message([]byte(s))
	})
}
