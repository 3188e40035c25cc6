package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/recview/recview/recordings/replay"
)

// loadTree reads the .json and .py files under each root (folders are
// walked, files taken as they are; "-" is standard input) into a replay
// tree. Tree paths are absolute, '/'-separated, so that the repository
// root is found from where the recordings sit; shown() gives them back as
// the user wrote them. It returns the number of files it could not read,
// each reported on stderr.
func loadTree(cmd string, roots []string, stdin io.Reader, stderr io.Writer) (tree *replay.Tree, failed int) {
	return loadTreeFiltered(cmd, roots, stdin, stderr, treeFilter{})
}

// treeFilter narrows what loadTreeFiltered takes of a walk, so that a
// lookup reads and parses only what its answer needs: name, when set, is
// asked of each walked file's path first (a file it refuses is never
// read); data, when set, of each walked file's bytes (a file it refuses
// is left out, never parsed). Files named one by one are always taken.
type treeFilter struct {
	name func(path string) bool
	data func(data []byte) bool
}

// loadTreeFiltered is loadTree taking only what filter keeps of a walk.
// A walk's files are read a batch at a time on several goroutines (the
// reads, and filter.data, are most of a lookup's time), and added to the
// tree in the walk's order.
func loadTreeFiltered(cmd string, roots []string, stdin io.Reader, stderr io.Writer, filter treeFilter) (tree *replay.Tree, failed int) {
	tree = replay.New()
	clear(named)
	add := func(p string, data []byte) {
		tp := treePath(p)
		given[tp] = p
		tree.Add(tp, data)
	}
	for _, root := range roots {
		if root == "-" {
			data, err := io.ReadAll(stdin)
			if err != nil {
				complain(stderr, cmd, err)
				failed++
				continue
			}
			tree.Add(stdinPath, data)
			continue
		}
		st, err := os.Stat(root)
		if err != nil {
			complain(stderr, cmd, err)
			failed++
			continue
		}
		if !st.IsDir() {
			data, err := readFile(root)
			if err != nil {
				complain(stderr, cmd, err)
				failed++
				continue
			}
			add(root, data)
			named[treePath(root)] = true
			continue
		}
		var batch []string
		flush := func() {
			for _, r := range readBatch(batch, filter.data) {
				switch {
				case r.err != nil:
					complain(stderr, cmd, r.err)
					failed++
				case r.keep:
					add(r.path, r.data)
				}
			}
			batch = batch[:0]
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				complain(stderr, cmd, err)
				failed++
			case d.IsDir() && p != root && skippedDirs[d.Name()]:
				return filepath.SkipDir
			case !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".py")):
				if filter.name == nil || filter.name(p) {
					if batch = append(batch, p); len(batch) == readAtOnce {
						flush()
					}
				}
			}
			return nil
		})
		flush()
	}
	return tree, failed
}

// readAtOnce is how many files loadTreeFiltered reads at a time: enough
// to keep the goroutines busy, few enough that a batch of the largest
// recordings stays small in memory.
const readAtOnce = 64

// readResult is one file of readBatch: its bytes, whether keep (filter)
// took them, or the error that kept them from being read.
type readResult struct {
	path string
	data []byte
	keep bool
	err  error
}

// readBatch reads paths on GOMAXPROCS goroutines, asking keep (when not
// nil) of each file's bytes, and returns the results in paths' order.
func readBatch(paths []string, keep func([]byte) bool) []readResult {
	out := make([]readResult, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(paths); i = int(next.Add(1) - 1) {
				r := readResult{path: paths[i]}
				r.data, r.err = readFile(paths[i])
				r.keep = r.err == nil && (keep == nil || keep(r.data))
				if !r.keep {
					r.data = nil
				}
				out[i] = r
			}
		}()
	}
	wg.Wait()
	return out
}

// skippedDirs are the folders a walk never enters: version control,
// virtual environments, caches and packages, which hold JSON that is no
// recording (a .venv alone held 2,231 Python files in ogx's tree).
var skippedDirs = map[string]bool{
	".git": true, ".venv": true, "venv": true, "node_modules": true,
	"__pycache__": true, ".tox": true, ".mypy_cache": true,
}

// named holds the tree paths of the files the user named one by one
// (not found by a walk): one that is not a recording is an error.
var named = map[string]bool{}

// refuseNamed says, for each file the user named that is not a recording
// (skipped by the tree, or not a .json file the tree takes), "recview:
// CMD: PATH: not a recording" on stderr, and returns how many.
func refuseNamed(tree *replay.Tree, cmd string, stderr io.Writer) int {
	seen := map[string]bool{}
	for _, e := range tree.Entries() {
		if e.Kind != replay.Skipped {
			seen[e.Path] = true
		}
	}
	var refused []string
	for p := range named {
		if !seen[p] {
			refused = append(refused, p)
		}
	}
	slices.Sort(refused)
	for _, p := range refused {
		fmt.Fprintf(stderr, "recview: %s: %s: not a recording\n", cmd, shown(p))
	}
	return len(refused)
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
