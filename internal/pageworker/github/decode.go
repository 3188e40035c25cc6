package github

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/recview/recview/recordings/permalink"
)

// ErrBadAnswer reports an API answer that is not what GitHub sends: not
// JSON, or without the fields the review needs.
var ErrBadAnswer = errors.New("github: unexpected answer")

// Pull is what the review needs of a pull request.
type Pull struct {
	Number int
	Title  string
	State  string // "open" or "closed"
	// BaseRepo and HeadRepo are the repositories ("OWNER/REPO") of the two
	// sides; HeadRepo is a fork's for a pull request from a fork, and
	// BaseRepo when the fork is gone (GitHub keeps its commits in the
	// base repository).
	BaseRepo, HeadRepo string
	// BaseSHA and HeadSHA are the commits of the two sides: the base
	// branch's tip and the pull request's last commit.
	BaseSHA, HeadSHA string
	// ChangedFiles is how many files the pull request changes.
	ChangedFiles int
}

// ChangedFile is one file of a pull request or comparison.
type ChangedFile struct {
	// Path is the file's path in the head commit (its path in the base
	// commit for a removed file).
	Path string
	// PreviousPath is the path in the base commit of a renamed (or
	// copied) file, "" for others.
	PreviousPath string
	// Status is GitHub's: "added", "removed", "modified", "renamed",
	// "copied", "changed" or "unchanged".
	Status string
}

// Comparison is what the review needs of a comparison of two refs.
type Comparison struct {
	// BaseSHA is the merge base (the commit the head's branch started
	// from): a three-dot comparison shows what the head changed since.
	BaseSHA string
	// HeadSHA is the head's commit; "" when the head adds no commit.
	HeadSHA string
	// Files are the changed files, at most MaxCompareFiles.
	Files []ChangedFile
	// TotalCommits is how many commits the head has that the base has not.
	TotalCommits int
}

type jsonRef struct {
	SHA  string `json:"sha"`
	Repo *struct {
		FullName string `json:"full_name"`
	} `json:"repo"`
}

type jsonFile struct {
	Filename         *string `json:"filename"`
	Status           string  `json:"status"`
	PreviousFilename string  `json:"previous_filename"`
}

// DecodePull reads the answer to PullURL. The error wraps ErrBadAnswer
// and says what is missing.
func DecodePull(data []byte) (Pull, error) {
	var v struct {
		Number       int      `json:"number"`
		Title        string   `json:"title"`
		State        string   `json:"state"`
		ChangedFiles *int     `json:"changed_files"`
		Base         *jsonRef `json:"base"`
		Head         *jsonRef `json:"head"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return Pull{}, fmt.Errorf("%w: the pull request is not JSON: %v", ErrBadAnswer, err)
	}
	switch {
	case v.Base == nil || !isSHA(v.Base.SHA):
		return Pull{}, fmt.Errorf("%w: the pull request has no base commit", ErrBadAnswer)
	case v.Head == nil || !isSHA(v.Head.SHA):
		return Pull{}, fmt.Errorf("%w: the pull request has no head commit", ErrBadAnswer)
	case v.Base.Repo == nil || v.Base.Repo.FullName == "":
		return Pull{}, fmt.Errorf("%w: the pull request has no base repository", ErrBadAnswer)
	case !isRepoName(v.Base.Repo.FullName):
		return Pull{}, fmt.Errorf("%w: the pull request's base repository %q is not OWNER/REPO", ErrBadAnswer, v.Base.Repo.FullName)
	case v.Head.Repo != nil && v.Head.Repo.FullName != "" && !isRepoName(v.Head.Repo.FullName):
		return Pull{}, fmt.Errorf("%w: the pull request's head repository %q is not OWNER/REPO", ErrBadAnswer, v.Head.Repo.FullName)
	case v.ChangedFiles == nil || *v.ChangedFiles < 0:
		return Pull{}, fmt.Errorf("%w: the pull request does not say how many files it changes", ErrBadAnswer)
	}
	p := Pull{Number: v.Number, Title: v.Title, State: v.State, ChangedFiles: *v.ChangedFiles,
		BaseRepo: v.Base.Repo.FullName, HeadRepo: v.Base.Repo.FullName, BaseSHA: v.Base.SHA, HeadSHA: v.Head.SHA}
	if v.Head.Repo != nil && v.Head.Repo.FullName != "" {
		p.HeadRepo = v.Head.Repo.FullName
	}
	return p, nil
}

// DecodeFiles reads one page of the answer to FilesURL: a JSON array of
// files.
func DecodeFiles(data []byte) ([]ChangedFile, error) {
	var v []jsonFile
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%w: the list of files is not a JSON array of files: %v", ErrBadAnswer, err)
	}
	return files(v)
}

// DecodeCompare reads the answer to CompareURL.
func DecodeCompare(data []byte) (Comparison, error) {
	var v struct {
		MergeBase    *jsonRef   `json:"merge_base_commit"`
		Commits      []jsonRef  `json:"commits"`
		Files        []jsonFile `json:"files"`
		TotalCommits int        `json:"total_commits"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return Comparison{}, fmt.Errorf("%w: the comparison is not JSON: %v", ErrBadAnswer, err)
	}
	if v.MergeBase == nil || !isSHA(v.MergeBase.SHA) {
		return Comparison{}, fmt.Errorf("%w: the comparison has no merge base commit", ErrBadAnswer)
	}
	c := Comparison{BaseSHA: v.MergeBase.SHA, TotalCommits: v.TotalCommits}
	if n := len(v.Commits); n > 0 {
		if !isSHA(v.Commits[n-1].SHA) {
			return Comparison{}, fmt.Errorf("%w: the comparison's last commit has no SHA", ErrBadAnswer)
		}
		c.HeadSHA = v.Commits[n-1].SHA
	}
	var err error
	c.Files, err = files(v.Files)
	return c, err
}

// DecodeMergeBase reads the merge base's SHA from the answer to
// MergeBaseURL.
func DecodeMergeBase(data []byte) (string, error) {
	var v struct {
		MergeBase *jsonRef `json:"merge_base_commit"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return "", fmt.Errorf("%w: the comparison is not JSON: %v", ErrBadAnswer, err)
	}
	if v.MergeBase == nil || !isSHA(v.MergeBase.SHA) {
		return "", fmt.Errorf("%w: the comparison has no merge base commit", ErrBadAnswer)
	}
	return v.MergeBase.SHA, nil
}

func files(v []jsonFile) ([]ChangedFile, error) {
	out := make([]ChangedFile, 0, len(v))
	for i, f := range v {
		if f.Filename == nil || *f.Filename == "" {
			return nil, fmt.Errorf("%w: file %d has no filename", ErrBadAnswer, i)
		}
		for _, p := range []string{*f.Filename, f.PreviousFilename} {
			if why := checkPath(p); p != "" && why != "" {
				return nil, fmt.Errorf("%w: file %d's path %q %s", ErrBadAnswer, i, p, why)
			}
		}
		out = append(out, ChangedFile{Path: *f.Filename, PreviousPath: f.PreviousFilename, Status: f.Status})
	}
	return out, nil
}

// maxPath is the longest path a file of a change set may have, in bytes
// (Linux's PATH_MAX).
const maxPath = 4096

// checkPath says why p is not a file's path in a repository as git
// stores it, "" when it is: valid UTF-8 of at most maxPath bytes,
// relative, "/"-separated, with no empty, "." or ".." element and no
// control character. The review names files by these paths (in its
// table, in links, in raw.githubusercontent.com addresses).
func checkPath(p string) string {
	switch {
	case len(p) > maxPath:
		return fmt.Sprintf("is longer than %d bytes", maxPath)
	case !utf8.ValidString(p):
		return "is not UTF-8"
	case strings.HasPrefix(p, "/"):
		return "is absolute"
	case strings.IndexFunc(p, unicode.IsControl) >= 0:
		return "holds a control character"
	}
	for _, e := range strings.Split(p, "/") {
		if e == "" || e == "." || e == ".." {
			return "has an empty, . or .. element"
		}
	}
	return ""
}

// isRepoName reports whether s is a repository's full name, OWNER/REPO.
func isRepoName(s string) bool {
	owner, repo, ok := strings.Cut(s, "/")
	return ok && permalink.IsOwner(owner) && permalink.IsRepo(repo)
}

// isSHA reports whether s is a full commit SHA: 40 (SHA-1) or 64
// (SHA-256) lowercase hex digits.
func isSHA(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// Message is the "message" of a GitHub error answer ({"message": "Not
// Found", ...}), "" when the body has none.
func Message(data []byte) string {
	var v struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(data, &v) != nil {
		return ""
	}
	return v.Message
}
