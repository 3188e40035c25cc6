package main

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/spf13/pflag"
)

// find prints where replay looks for a request hash (replay.Tree.Find):
// the test's own recordings folder, then the fallback folder, what is
// there, the files named by the hash elsewhere or holding its request
// under an older name, and, when nothing is found, the nearest
// recordings. Exit 0 when replay finds the hash, 1 when it does not, 2 for
// bad usage or unreadable files.
func find(fl *pflag.FlagSet) runFunc {
	recordingDir := recordingDirFlag(fl)
	testID := fl.String("test-id", "", "the pytest node `ID` of the test that ran (none: a request outside a test)")
	model := fl.String("model", "", "the request's model `M`, for the nearest recordings")
	endpoint := fl.String("endpoint", "", "the request's endpoint `PATH`, for the nearest recordings")
	asJSON := fl.Bool("json", false, "print the lookup as one JSON object (docs/cli-json.md)")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		pos := args
		if len(pos) < 1 || len(pos) > 2 {
			fmt.Fprintln(stderr, "usage: recview find HASH [--test-id ID] [--model M] [--endpoint E] [--recording-dir DIR] [ROOT]")
			return exitError{2}
		}
		hash, root := pos[0], "."
		if len(pos) == 2 {
			root = pos[1]
		}
		q := replay.Query{Hash: hash, TestID: *testID, Model: *model, Endpoint: *endpoint}
		// First the files whose name holds the hash, alone: when replay
		// finds one, that is the answer, read without the rest of the tree.
		// Else every file, for the ones holding the request under another
		// name and the nearest recordings.
		h := strings.ToLower(strings.TrimSpace(hash))
		byName := treeFilter{name: func(p string) bool {
			fh, ok := reqhash.FromName(p)
			return ok && replay.NameHolds(fh, h)
		}}
		var l *replay.Lookup
		failed := 0
		for _, filter := range []treeFilter{byName, {}} {
			tree, n := loadTreeFiltered("find", []string{root}, stdin, stderr, filter)
			failed += n
			if err := setRecordingDir(tree, *recordingDir); err != nil {
				complain(stderr, "find", err)
				return exitError{2}
			}
			var err error
			if l, err = tree.Find(q); err != nil {
				complain(stderr, "find", err)
				return exitError{2}
			}
			if l.Found != "" || failed > 0 {
				break
			}
		}
		w := &printer{w: stdout}
		if *asJSON {
			w.err = findAsJSON(stdout, hash, *testID, l)
		} else {
			printLookup(w, l, *testID)
		}
		switch {
		case failed > 0:
			return exitError{2}
		case w.err != nil:
			return w.err
		case l.Found == "":
			return exitError{1}
		}
		return nil
	}
}

// printLookup writes a Lookup for a terminal.
func printLookup(w *printer, l *replay.Lookup, testID string) {
	if testID == "" {
		w.line("replay looks (outside a test, test_id None):")
	} else {
		w.line("replay looks (test %s):", testID)
	}
	if l.ModelList {
		w.line("  a model list: replay reads every models-<hash>-*.json of these folders and merges their models")
	}
	if l.Places == nil {
		w.line("  (nowhere known: no recording of the tree sits under tests/integration/)")
	}
	dirs := map[string]bool{}
	for i, p := range l.Places {
		dirs[p.Dir] = true
		switch {
		case len(p.Present) == 0:
			w.line("  %d. %s  missing", i+1, shown(p.Want))
		case l.ModelList:
			w.line("  %d. %s  %d found", i+1, shown(p.Want), len(p.Present))
			for _, f := range p.Present {
				w.line("     %s", shown(f))
			}
		default:
			w.line("  %d. %s  found", i+1, shown(p.Want))
			for _, f := range p.Present[1:] {
				w.line("     also %s", shown(f))
			}
		}
	}
	switch {
	case l.ModelList && l.Found != "":
		w.line("found: %s, merged", plural(len(l.Merged), "model-list recording", ""))
	case l.Found != "":
		w.line("found: %s", shown(l.Found))
	default:
		w.line("not found")
	}
	for _, e := range l.Named {
		switch {
		case e.Path == l.Found || slices.Contains(l.Merged, e.Path):
		case l.ModelList && dirs[path.Dir(e.Path)]:
			w.line("named by the hash, never read (replay reads a model list from models-<hash>-*.json only): %s (%s)", shown(e.Path), e.Check.Status)
		default:
			w.line("named by the hash elsewhere: %s (%s)", shown(e.Path), e.Check.Status)
		}
	}
	for _, e := range l.Held {
		hint := ""
		if e.Check.Status.String() == "stale" {
			hint = "; recview doctor --fix renames it"
		}
		w.line("holds this request under another name: %s (%s %s%s)", shown(e.Path), e.Check.Status, e.Check.Scheme, hint)
	}
	if len(l.Candidates) > 0 {
		w.section("NEAREST RECORDINGS")
		for _, c := range l.Candidates {
			e := c.Entry
			w.line("%-24s %s  %s %s  %s", c.Why, e.Check.Status, e.Endpoint, e.Model, shown(e.Path))
		}
	}
}
