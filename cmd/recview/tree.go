package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/recview/recview/recordings/replay"
)

// loadTree reads the .json and .py files under each root (folders are
// walked, files taken as they are; "-" is standard input) into a replay
// tree. Tree paths are absolute, '/'-separated, so that the repository
// root is found from where the recordings sit; shown() gives them back as
// the user wrote them. It returns the number of files it could not read,
// each reported on stderr.
func loadTree(roots []string, stdin io.Reader, stderr io.Writer) (tree *replay.Tree, failed int) {
	tree = replay.New()
	add := func(p string) {
		data, err := readFile(p)
		if err != nil {
			fmt.Fprintln(stderr, "recview:", err)
			failed++
			return
		}
		tp := treePath(p)
		given[tp] = p
		tree.Add(tp, data)
	}
	for _, root := range roots {
		if root == "-" {
			data, err := io.ReadAll(stdin)
			if err != nil {
				fmt.Fprintln(stderr, "recview:", err)
				failed++
				continue
			}
			tree.Add(stdinPath, data)
			continue
		}
		st, err := os.Stat(root)
		if err != nil {
			fmt.Fprintln(stderr, "recview:", err)
			failed++
			continue
		}
		if !st.IsDir() {
			add(root)
			continue
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				fmt.Fprintln(stderr, "recview:", err)
				failed++
			case d.IsDir() && p != root && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "__pycache__"):
				return filepath.SkipDir
			case !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".py")):
				add(p)
			}
			return nil
		})
	}
	return tree, failed
}

// stdinPath is standard input's tree path.
const stdinPath = "<stdin>.json"

// given maps the tree paths of the files loadTree read to the paths as
// walked from the user's arguments.
var given = map[string]string{}

// treePath is the absolute, '/'-separated path of a file path.
func treePath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return filepath.ToSlash(p)
}

// shown is a tree path as the user sees it: as walked from the arguments
// when the file was read, else (a file to be, a folder) relative to the
// working folder when under it.
func shown(p string) string {
	if p == stdinPath {
		return "-"
	}
	if g, ok := given[p]; ok {
		return g
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, ok := strings.CutPrefix(p, filepath.ToSlash(wd)+"/"); ok {
			p = rel
		}
	}
	return filepath.FromSlash(p)
}

// readTreeFile reads a tree file back from disk (replay.ReportOptions.Read).
func readTreeFile(p string) ([]byte, error) { return readFile(filepath.FromSlash(p)) }
