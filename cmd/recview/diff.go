package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// diffCmd compares two recordings by meaning and prints the differences
// (see diff.Result.Format): the verdict and severity `recview review`
// gives the same pair, then each difference. Exit 0 when the result is
// the same (usage counters, ids, white space and the chunking aside), 1
// when it differs, 2 when a file cannot be read or parsed.
func diffCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("diff", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print the comparison as one JSON object (docs/cli-json.md)")
	args, err := parseAnywhere(fl, args)
	if err != nil || len(args) != 2 || args[0] == "-" && args[1] == "-" {
		fmt.Fprintln(stderr, "usage: recview diff [--json] A B   (one of them may be -)")
		return exitError{2}
	}
	var recs [2]*recordings.Recording
	for i, path := range args {
		r, _, err := load(path, stdin)
		if err != nil {
			complain(stderr, "diff", err)
			return exitError{2}
		}
		recs[i] = r
	}
	res := diff.Compare(recs[0], recs[1])
	if *asJSON {
		err = diffAsJSON(stdout, res)
	} else {
		err = res.Format(stdout)
	}
	if err != nil {
		return err
	}
	if !res.SameResult {
		return exitError{1}
	}
	return nil
}
