package github

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings/permalink"
)

// The hosts the page asks: the REST API and the raw file host. Both send
// Access-Control-Allow-Origin: * to requests without credentials.
const (
	API = "https://api.github.com"
	Raw = "https://raw.githubusercontent.com"
)

// PerPage is how many files one page of a pull request's files holds: the
// most GitHub gives.
const PerPage = 100

// MaxPullFiles is the most files GitHub lists of a pull request; a larger
// one is cut there.
const MaxPullFiles = 3000

// MaxCompareFiles is the most files GitHub lists of a comparison.
const MaxCompareFiles = 300

// MaxDownload is the most bytes of recordings the review page downloads
// for one pull request or comparison: past it, it fetches no more and
// says how many it left out (docs/review.md says why this figure).
const MaxDownload = 256 << 20

// ParseURL reads a GitHub pull request or comparison URL, as a reviewer
// copies it from the browser's address bar:
//
//	https://github.com/OWNER/REPO/pull/N[/files|/commits|...]
//	https://github.com/OWNER/REPO/compare/BASE...HEAD[?expand=1]
//
// ok is false for any other URL (a recording's URL, say), with a nil
// error; a github.com pull or compare URL that is malformed (no number,
// one ref) is ok false with an error saying why. The query and fragment
// are ignored.
func ParseURL(s string) (r permalink.Review, ok bool, err error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return r, false, nil
	}
	if h := strings.ToLower(u.Hostname()); h != "github.com" && h != "www.github.com" {
		return r, false, nil
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(parts) < 3 || (parts[2] != "pull" && parts[2] != "compare") {
		return r, false, nil
	}
	owner, repo := parts[0], parts[1]
	if !permalink.IsOwner(owner) || !permalink.IsRepo(repo) {
		return r, false, fmt.Errorf("%s: not a GitHub repository's address", s)
	}
	if parts[2] == "pull" {
		n := 0
		if len(parts) >= 4 {
			n, err = strconv.Atoi(parts[3])
		}
		if len(parts) < 4 || err != nil || n < 1 || n > 999_999_999 {
			return r, false, fmt.Errorf("%s: a pull request's address ends with its number: https://github.com/%s/%s/pull/N", s, owner, repo)
		}
		return permalink.Review{Kind: permalink.ReviewPR, Owner: owner, Repo: repo, Number: n}, true, nil
	}
	basehead := strings.Join(parts[3:], "/")
	base, head, found := strings.Cut(basehead, "...")
	if !found || !permalink.IsRef(base) || !permalink.IsRef(head) {
		return r, false, fmt.Errorf("%s: a comparison's address names two refs: https://github.com/%s/%s/compare/BASE...HEAD", s, owner, repo)
	}
	return permalink.Review{Kind: permalink.ReviewCompare, Owner: owner, Repo: repo, Base: base, Head: head}, true, nil
}

// PageURL is the address of a review on github.com: the pull request's or
// the comparison's page; "" for other reviews.
func PageURL(r permalink.Review) string {
	switch r.Kind {
	case permalink.ReviewPR:
		return fmt.Sprintf("https://github.com/%s/%s/pull/%d", r.Owner, r.Repo, r.Number)
	case permalink.ReviewCompare:
		return fmt.Sprintf("https://github.com/%s/%s/compare/%s...%s", r.Owner, r.Repo, escapeRef(r.Base), escapeRef(r.Head))
	}
	return ""
}

// PullURL is the API address of pull request r: GET it for its commits
// and its number of changed files (DecodePull).
func PullURL(r permalink.Review) string {
	return fmt.Sprintf("%s/repos/%s/%s/pulls/%d", API, r.Owner, r.Repo, r.Number)
}

// FilesURL is the API address of page (from 1) of pull request r's
// changed files, PerPage to a page (DecodeFiles).
func FilesURL(r permalink.Review, page int) string {
	return fmt.Sprintf("%s/repos/%s/%s/pulls/%d/files?per_page=%d&page=%d", API, r.Owner, r.Repo, r.Number, PerPage, page)
}

// CompareURL is the API address of comparison r (DecodeCompare). Asked
// without paging parameters, GitHub lists up to 250 commits, the last
// one the head, and up to MaxCompareFiles files.
func CompareURL(r permalink.Review) string {
	return fmt.Sprintf("%s/repos/%s/%s/compare/%s...%s", API, r.Owner, r.Repo, escapeRef(r.Base), escapeRef(r.Head))
}

// MergeBaseURL is the API address of the comparison of two commits of
// repository r (OWNER/REPO of r), base...head, asked for one commit only:
// what DecodeMergeBase reads of it is the merge base.
func MergeBaseURL(r permalink.Review, base, head string) string {
	return fmt.Sprintf("%s/repos/%s/%s/compare/%s...%s?per_page=1", API, r.Owner, r.Repo, url.PathEscape(base), url.PathEscape(head))
}

// Pages is how many pages of files a pull request of n changed files
// takes (GitHub lists at most MaxPullFiles): ceil(min(n, 3000)/100).
func Pages(n int) int {
	n = max(0, min(n, MaxPullFiles))
	return (n + PerPage - 1) / PerPage
}

// Requests is how many API requests reviewing a pull request of n changed
// files takes: the pull request, its merge base, then its pages of files.
func Requests(n int) int { return 2 + Pages(n) }

// RawURL is the address of a file of repository repo ("OWNER/REPO") at
// commit sha on raw.githubusercontent.com, each path segment escaped.
func RawURL(repo, sha, path string) string {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return Raw + "/" + repo + "/" + url.PathEscape(sha) + "/" + strings.Join(segs, "/")
}

// escapeRef escapes a ref for a URL path, keeping its "/" (and ":",
// which url.PathEscape keeps).
func escapeRef(ref string) string {
	segs := strings.Split(ref, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
