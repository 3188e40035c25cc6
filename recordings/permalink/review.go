package permalink

import (
	"fmt"
	"strconv"
	"strings"
)

// ReviewKind says what change set a review link names. Its value is the
// fragment key that names it.
type ReviewKind string

// The kinds of review a fragment names.
const (
	// ReviewPR is a GitHub pull request: pr=OWNER/REPO/N.
	ReviewPR ReviewKind = "pr"
	// ReviewCompare is a GitHub comparison of two refs (branches, tags or
	// commits), as github.com/OWNER/REPO/compare/BASE...HEAD shows it:
	// compare=OWNER/REPO/BASE...HEAD.
	ReviewCompare ReviewKind = "compare"
	// ReviewFolders is the review of two folders the user dropped or
	// picked, by their names: folders=BASE/HEAD. The files stay on the
	// user's computer: the link says which review the page showed, and the
	// viewer asks for the two folders again.
	ReviewFolders ReviewKind = "folders"
)

// Review is the change set a review link names (see ReviewKind); the zero
// Review (Kind "") is none.
type Review struct {
	Kind ReviewKind
	// Owner and Repo name the GitHub repository (pr and compare):
	// "ogx-ai", "ogx".
	Owner, Repo string
	// Number is the pull request's number (pr), 1 or more.
	Number int
	// Base and Head are the two refs of a comparison (compare), like
	// "main" and "user:branch", or the two folders' names (folders).
	Base, Head string
}

// String is the key and value the review is written as in a fragment,
// unescaped: "pr=ogx-ai/ogx/3681".
func (r Review) String() string { return string(r.Kind) + "=" + r.value() }

// value is the review's value in a fragment, unescaped.
func (r Review) value() string {
	switch r.Kind {
	case ReviewPR:
		return r.Owner + "/" + r.Repo + "/" + strconv.Itoa(r.Number)
	case ReviewCompare:
		return r.Owner + "/" + r.Repo + "/" + r.Base + "..." + r.Head
	case ReviewFolders:
		return r.Base + "/" + r.Head
	}
	return ""
}

// parseReview reads the value of a review key; the string says what is
// wrong with it, "" when nothing is.
func parseReview(kind ReviewKind, v string) (Review, string) {
	r := Review{Kind: kind}
	switch kind {
	case ReviewFolders:
		base, head, ok := strings.Cut(v, "/")
		if !ok || !isFolderName(base) || !isFolderName(head) {
			return Review{}, fmt.Sprintf("folders must be two folder names, BASE/HEAD, not %q", v)
		}
		r.Base, r.Head = base, head
		return r, ""
	case ReviewPR:
		parts := strings.Split(v, "/")
		if len(parts) != 3 || !IsOwner(parts[0]) || !IsRepo(parts[1]) {
			return Review{}, fmt.Sprintf("pr must be OWNER/REPO/NUMBER, not %q", v)
		}
		n, ok := parseStep(parts[2])
		if !ok || n == 0 || parts[2][0] == '0' {
			return Review{}, fmt.Sprintf("pr must end with a pull request number, not %q", parts[2])
		}
		r.Owner, r.Repo, r.Number = parts[0], parts[1], n
		return r, ""
	case ReviewCompare:
		parts := strings.SplitN(v, "/", 3)
		if len(parts) != 3 || !IsOwner(parts[0]) || !IsRepo(parts[1]) {
			return Review{}, fmt.Sprintf("compare must be OWNER/REPO/BASE...HEAD, not %q", v)
		}
		base, head, ok := strings.Cut(parts[2], "...")
		if !ok || !IsRef(base) || !IsRef(head) {
			return Review{}, fmt.Sprintf("compare must name two refs, BASE...HEAD, not %q", parts[2])
		}
		r.Owner, r.Repo, r.Base, r.Head = parts[0], parts[1], base, head
		return r, ""
	}
	return Review{}, "unknown review"
}

// IsOwner reports whether s can be a GitHub user or organization name: 1
// to 39 ASCII letters, digits and hyphens, not starting with a hyphen.
func IsOwner(s string) bool {
	if len(s) == 0 || len(s) > 39 || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// IsRepo reports whether s can be a GitHub repository name: 1 to 100
// ASCII letters, digits, ".", "_" and "-", not "." or "..".
func IsRepo(s string) bool {
	if len(s) == 0 || len(s) > 100 || s == "." || s == ".." {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && strings.IndexByte("._-", s[i]) < 0 {
			return false
		}
	}
	return true
}

// IsRef reports whether s can be one side of a GitHub comparison: a
// branch, tag or commit, perhaps after "OWNER:" (a fork's branch), of 1
// to 255 bytes; like git's refs (git check-ref-format), without spaces,
// control characters, "~^?*[\", "..", "@{", or a "/" or "." at either
// end.
func IsRef(s string) bool {
	if len(s) == 0 || len(s) > 255 || strings.Contains(s, "..") || strings.Contains(s, "@{") ||
		strings.HasPrefix(s, "/") || strings.HasSuffix(s, "/") || strings.HasPrefix(s, ".") || strings.HasSuffix(s, ".") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f || strings.IndexByte(`~^?*[\`, s[i]) >= 0 {
			return false
		}
	}
	return true
}

// isFolderName reports whether s is a plain folder name: not empty, no
// "/" or "\", not "." or "..", no control characters.
func isFolderName(s string) bool {
	if s == "" || s == "." || s == ".." || strings.ContainsAny(s, `/\`) {
		return false
	}
	return !hasControl(s)
}

// IsTreePath reports whether s is a path within a change set's tree, as
// file= names a pair: 1 to 4,096 bytes, "/"-separated, relative, without
// empty, "." or ".." components, "\" or control characters.
func IsTreePath(s string) bool {
	if s == "" || len(s) > 4096 || strings.Contains(s, `\`) {
		return false
	}
	for _, c := range strings.Split(s, "/") {
		if c == "" || c == "." || c == ".." {
			return false
		}
	}
	return !hasControl(s)
}

// hasControl reports whether s holds an ASCII control character (below
// space, or DEL).
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			return true
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}
