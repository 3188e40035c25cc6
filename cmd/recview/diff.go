package main

import (
	"fmt"
	"io"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/spf13/pflag"
)

// diffCmd compares two recordings by meaning and prints the differences
// (see diff.Result.Format): the verdict and severity `recview review`
// gives the same pair, then each difference. Exit 0 when the result is
// the same (usage counters, ids, white space and the chunking aside), 1
// when it differs, 2 when a file cannot be read or parsed.
func diffCmd(fl *pflag.FlagSet) runFunc {
	asJSON := fl.Bool("json", false, "print the comparison as one JSON object (docs/cli-json.md)")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(args) != 2 || args[0] == "-" && args[1] == "-" {
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
		var err error
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
}
