package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// listTest prints every recording of a test (replay.Tree.ListTest: the
// exact test id, else every parametrization of an id without parameters,
// else with --contains the test ids containing it), one per line: status,
// endpoint, model, chunks and path; then, on stderr, how many and which
// rule matched. Exit 1 when the test has none (saying how many test ids
// contain it, when some do), 2 for bad usage or unreadable files.
func listTest(fl *pflag.FlagSet) runFunc {
	recordingDir := recordingDirFlag(fl)
	asJSON := fl.Bool("json", false, "print the rule and the recordings as one JSON object (docs/cli-json.md)")
	contains := fl.Bool("contains", false, "list the recordings whose test_id contains ID, when no test_id is ID or a parametrization of it")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		pos := args
		if len(pos) < 1 || len(pos) > 2 {
			fmt.Fprintln(stderr, "usage: recview list-test [--contains] [--recording-dir DIR] ID [ROOT]")
			return exitError{2}
		}
		id, root := pos[0], "."
		if len(pos) == 2 {
			root = pos[1]
		}
		// Only the files whose bytes hold the id are parsed: a test_id that
		// is the id, starts with it or contains it holds it, written as JSON
		// (the part of the id before any character JSON or Python's
		// json.dumps would escape is written as it is).
		plain := id
		if i := strings.IndexFunc(id, func(r rune) bool { return r < 0x20 || r >= 0x7f || r == '"' || r == '\\' }); i >= 0 {
			plain = id[:i]
		}
		filter := treeFilter{name: func(p string) bool { return strings.HasSuffix(p, ".json") }}
		if plain != "" {
			filter.data = func(data []byte) bool { return bytes.Contains(data, []byte(plain)) }
		}
		tree, failed := loadTreeFiltered("list-test", []string{root}, stdin, stderr, filter)
		if err := setRecordingDir(tree, *recordingDir); err != nil {
			complain(stderr, "list-test", err)
			return exitError{2}
		}
		es, rule := tree.ListTest(id, *contains)
		w := &printer{w: stdout}
		if *asJSON {
			out := listTestJSON{ID: id, Rule: string(rule), Recordings: []entryJSON{}}
			for _, e := range es {
				out.Recordings = append(out.Recordings, entryOf(e, ""))
			}
			w.err = writeJSON(stdout, out)
		} else {
			for _, e := range es {
				chunks := "-"
				if e.Streaming {
					chunks = fmt.Sprint(e.Chunks)
				}
				w.line("%s\t%s\t%s\t%s\t%s", e.Check.Status, calledOf(e), e.Model, chunks, shown(e.Path))
			}
		}
		fmt.Fprintf(stderr, "%s of %s (%s)\n", plural(len(es), "recording", ""), id, rule)
		if len(es) == 0 && !*contains {
			if more, _ := tree.ListTest(id, true); len(more) > 0 {
				fmt.Fprintf(stderr, "%s a test_id containing it: recview list-test --contains %s\n", iff(len(more) == 1, "1 recording has", strconv.Itoa(len(more))+" recordings have"), id)
			}
		}
		switch {
		case failed > 0:
			return exitError{2}
		case w.err != nil:
			return w.err
		case len(es) == 0:
			return exitError{1}
		}
		return nil
	}
}
