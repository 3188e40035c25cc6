package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/recview/recview/recordings/fixturepath"
	"github.com/recview/recview/recordings/review"
)

// readTree reads every *.json file and every cassette
// (fixturepath.Cassette) under root, recursively, as a tree
// for review.Review: paths relative to root with "/" separators, in
// lexical order. Symbolic links are not followed.
func readTree(root string) ([]review.File, error) {
	var files []review.File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && skippedDirs[d.Name()] {
			return filepath.SkipDir
		}
		if d.IsDir() || !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), ".json") && !fixturepath.Cassette(filepath.ToSlash(p)) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		data, err := readFile(p)
		if err != nil {
			return err
		}
		files = append(files, review.File{Path: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", root, err)
	}
	return files, nil
}

// isDir reports whether p names a directory.
func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// oneKind is an error when one of the review's base and head (pos) is a
// folder and the other is not: both are read as folders, or both as git
// revisions, and naming the folder as not one would mislead.
func oneKind(pos []string) error {
	sides := [2]string{"base", "head"}
	for i, p := range pos {
		other := pos[1-i]
		if !isDir(p) || isDir(other) {
			continue
		}
		why := "not a folder"
		if _, err := os.Stat(other); err != nil {
			why = err.Error()
		}
		return fmt.Errorf("the %s, %s, is a folder and the %s, %s, is not (%s): give two folders, or two git revisions",
			sides[i], p, sides[1-i], other, why)
	}
	return nil
}
