package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings/fixturepath"
	"github.com/recview/recview/recordings/review"
)

// gitTrees reads the recordings that differ between two revisions of the
// git repository in the working directory: the *.json files in a
// "recordings" folder (git diff --name-status --no-renames; review pairs
// renamed files itself), read through one `git cat-file --batch`. With
// mergeBase, the base side is the merge base of the two revisions (git
// merge-base), as a pull request's "Files changed" compares
// (BASE...HEAD): what the base branch changed since the head branched off
// is not the head's change. It returns the two trees, the commits they
// were read at (the merge base first, with mergeBase) and the commit
// baseRev names.
func gitTrees(baseRev, headRev string, mergeBase bool) (trees [2][]review.File, shas [2]string, baseSHA string, err error) {
	for i, rev := range []string{baseRev, headRev} {
		out, err := git(nil, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}")
		if err != nil {
			return trees, shas, "", fmt.Errorf("%s is neither a folder nor a git revision: %w", rev, err)
		}
		shas[i] = strings.TrimSpace(string(out))
	}
	baseSHA = shas[0]
	if mergeBase {
		out, err := git(nil, "merge-base", shas[0], shas[1])
		if err != nil {
			return trees, shas, baseSHA, fmt.Errorf("%s and %s have no merge base (%w): give --no-merge-base to compare the two directly", baseRev, headRev, err)
		}
		shas[0] = strings.TrimSpace(string(out))
	}
	trees, err = gitDiffTrees(shas)
	return trees, shas, baseSHA, err
}

// gitDiffTrees reads the recordings that differ between commits shas[0]
// and shas[1] (see gitTrees).
func gitDiffTrees(shas [2]string) (trees [2][]review.File, err error) {
	out, err := git(nil, "diff", "--name-status", "--no-renames", "-z", shas[0], shas[1], "--")
	if err != nil {
		return trees, err
	}
	var want [2][]string
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		status, p := fields[i], fields[i+1]
		if !isRecordingPath(p) {
			continue
		}
		switch status[0] {
		case 'A':
			want[1] = append(want[1], p)
		case 'D':
			want[0] = append(want[0], p)
		case 'M', 'T':
			want[0] = append(want[0], p)
			want[1] = append(want[1], p)
		}
	}
	var in bytes.Buffer
	for side := range 2 {
		for _, p := range want[side] {
			fmt.Fprintf(&in, "%s:%s\n", shas[side], p)
		}
	}
	out, err = git(&in, "cat-file", "--batch")
	if err != nil {
		return trees, err
	}
	rd := bufio.NewReader(bytes.NewReader(out))
	for side := range 2 {
		for _, p := range want[side] {
			data, err := readBlob(rd)
			if err != nil {
				return trees, fmt.Errorf("git cat-file %s:%s: %w", shas[side][:12], p, err)
			}
			trees[side] = append(trees[side], review.File{Path: p, Data: data})
		}
	}
	return trees, nil
}

// isRecordingPath reports a recording or a cassette (fixturepath.Fixture).
func isRecordingPath(p string) bool { return fixturepath.Fixture(p) }

// readBlob reads one answer of git cat-file --batch: "SHA blob SIZE\n",
// the content and "\n".
func readBlob(rd *bufio.Reader) ([]byte, error) {
	line, err := rd.ReadString('\n')
	if err != nil {
		return nil, err
	}
	f := strings.Fields(line)
	if len(f) != 3 || f[1] != "blob" {
		return nil, fmt.Errorf("not a blob: %q", strings.TrimSpace(line))
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, fmt.Errorf("bad size in %q", strings.TrimSpace(line))
	}
	data := make([]byte, n+1)
	if _, err := io.ReadFull(rd, data); err != nil {
		return nil, err
	}
	return data[:n], nil
}

// git runs git with args in the working directory, stdin from in.
func git(in io.Reader, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Stdin = in
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && errOut.Len() > 0 {
			return nil, fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(errOut.String()))
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
}
