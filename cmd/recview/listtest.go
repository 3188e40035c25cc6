package main

import (
	"flag"
	"fmt"
	"io"
)

// listTest prints every recording of a test (replay.Tree.ListTest), one
// per line: status, endpoint, model, chunks and path. Exit 1 when the test
// has none, 2 for bad usage or unreadable files.
func listTest(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("list-test", flag.ContinueOnError)
	fl.SetOutput(stderr)
	if err := fl.Parse(args); err != nil || fl.NArg() < 1 || fl.NArg() > 2 {
		fmt.Fprintln(stderr, "usage: recview list-test ID [ROOT]")
		return exitError{2}
	}
	root := "."
	if fl.NArg() == 2 {
		root = fl.Arg(1)
	}
	tree, failed := loadTree([]string{root}, stdin, stderr)
	es := tree.ListTest(fl.Arg(0))
	w := &printer{w: stdout}
	for _, e := range es {
		what := e.Endpoint
		if e.ToolName != "" {
			what = e.Provider + "." + e.ToolName
		}
		chunks := "-"
		if e.Streaming {
			chunks = fmt.Sprint(e.Chunks)
		}
		w.line("%s\t%s\t%s\t%s\t%s", e.Check.Status, what, e.Model, chunks, shown(e.Path))
	}
	fmt.Fprintf(stderr, "%d recordings of %s\n", len(es), fl.Arg(0))
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
