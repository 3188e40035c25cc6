package main

import "flag"

// parseAnywhere parses args with fl, flags anywhere among the arguments
// (`recview verify DIR --json` as `recview verify --json DIR`), and
// returns the arguments in order. After "--" every word is an argument;
// a lone "-" (standard input) is an argument. The error is fl's, already
// printed to its output.
func parseAnywhere(fl *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		rest := fl.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}
