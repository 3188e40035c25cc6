package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// printHelp prints what `recview help CMD` and `recview CMD --help`
// print of command c: its usage, what it does, an example (the command
// table's) and its flags, "--name VALUE" each (printFlags).
func printHelp(w io.Writer, c *cobra.Command) {
	h := lookup(c.Name())
	if h == nil {
		fmt.Fprint(w, usage)
		return
	}
	fmt.Fprintf(w, "usage: %s\n\n%s\n\nexample:\n  %s\n", h.usage, h.what, h.example)
	var flags strings.Builder
	printFlags(&flags, c.Flags())
	if flags.Len() > 0 {
		fmt.Fprintf(w, "\nflags:\n%s", flags.String())
	}
}

// version prints recview's module version and the commit it was built
// from, as the build recorded them (debug.ReadBuildInfo: "(devel)" and
// the VCS revision for a build from a checkout).
func version(stdout io.Writer) error {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "recview (no build information)")
		return nil
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s%s)", rev, modified)
	}
	fmt.Fprintf(stdout, "recview %s, %s\n", v, info.GoVersion)
	return nil
}
