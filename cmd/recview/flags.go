package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/replay"
)

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

// recordingDirFlag adds --recording-dir to fl: the recorder's base folder
// (replay.Tree.SetRecordingDir), by default the one the recorder reads
// from the environment: OGX_TEST_RECORDING_DIR, else
// LLAMA_STACK_TEST_RECORDING_DIR (the name before ogx's rename), else
// replay.DefaultRecordingDir.
func recordingDirFlag(fl *flag.FlagSet) *string {
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
