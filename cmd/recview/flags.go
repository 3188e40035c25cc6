package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/replay"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// recordingDirFlag adds --recording-dir to fl: the recorder's base folder
// (replay.Tree.SetRecordingDir), by default the one the recorder reads
// from the environment: OGX_TEST_RECORDING_DIR, else
// LLAMA_STACK_TEST_RECORDING_DIR (the name before ogx's rename), else
// replay.DefaultRecordingDir.
func recordingDirFlag(fl *pflag.FlagSet) *string {
	def := ""
	for _, k := range []string{"OGX_TEST_RECORDING_DIR", "LLAMA_STACK_TEST_RECORDING_DIR"} {
		if v := os.Getenv(k); v != "" {
			def = v
			break
		}
	}
	return fl.String("recording-dir", def, "the recorder's base folder `DIR` as OGX_TEST_RECORDING_DIR sets it (its default), relative to the repository root: replay's fallback folder is DIR/recordings (default "+replay.DefaultRecordingDir+")")
}

// setRecordingDir gives tree the recorder's base folder dir ("" leaves
// the default): a relative dir is relative to the repository root, an
// absolute one is made so. The error says an absolute dir lies outside the
// tree's repository, or that the tree's root is not known.
func setRecordingDir(tree *replay.Tree, dir string) error {
	if dir == "" {
		return nil
	}
	if filepath.IsAbs(dir) {
		root, ok := tree.Root()
		if !ok {
			return fmt.Errorf("--recording-dir %s: the repository root of the files is not known (no recording sits under tests/integration/)", dir)
		}
		rel, err := filepath.Rel(filepath.FromSlash(root), dir)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("--recording-dir %s: not inside the repository at %s", dir, filepath.FromSlash(root))
		}
		dir = filepath.ToSlash(rel)
	}
	tree.SetRecordingDir(dir)
	return nil
}

// failOnNames reads a --fail-on value: comma-separated names, each one of
// allowed, blanks ignored. The error names the one that is not, and what
// is wanted.
func failOnNames(value string, allowed ...string) ([]string, error) {
	var names []string
	for _, s := range strings.Split(value, ",") {
		switch s = strings.TrimSpace(s); {
		case s == "":
		case slices.Contains(allowed, s):
			names = append(names, s)
		default:
			return nil, fmt.Errorf("--fail-on %q: want %s or %s", s, strings.Join(allowed[:len(allowed)-1], ", "), allowed[len(allowed)-1])
		}
	}
	return names, nil
}

// longFlags rewrites the long flags of cmd written with one dash, as Go's
// flag package took them ("-json", "-step=3", "-help"), to the two dashes
// pflag reads ("--json"): recview's flags have no one-letter forms but
// -h, so "-json" can mean nothing else. Words after "--" and words that
// name no flag of cmd are left as they are.
func longFlags(cmd *cobra.Command, args []string) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if name == "help" || cmd.Flags().Lookup(name) != nil {
			out[i] = "-" + a
		}
	}
	return out
}

// printFlags prints the flags of fl but --help, one a line or more:
// "  --name VALUE   what it does (default ...)", the descriptions
// aligned and wrapped at 80 columns; nothing when there are none.
func printFlags(w io.Writer, fl *pflag.FlagSet) {
	shown := pflag.NewFlagSet("", pflag.ContinueOnError)
	fl.VisitAll(func(f *pflag.Flag) {
		if f.Name != "help" && !f.Hidden {
			shown.AddFlag(f)
		}
	})
	// pflag leaves room for a one-letter form ("  -x, --name"), which no
	// flag here has: the four columns it keeps for one are dropped, so
	// it wraps at 84.
	text := strings.TrimRight(shown.FlagUsagesWrapped(84), "\n")
	if text == "" {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		fmt.Fprintln(w, strings.TrimRight(strings.TrimPrefix(line, "    "), " "))
	}
}
