package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/spf13/pflag"
)

// oneFile is a command of one recording and no flags (assemble, steps):
// `recview NAME FILE` runs do on the recording load reads. Exit 2 for
// bad usage or a file that is not one recording.
func oneFile(name string, do func(r *recordings.Recording, stdout, stderr io.Writer) error) func(*pflag.FlagSet) runFunc {
	return func(*pflag.FlagSet) runFunc {
		return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
			if len(args) != 1 {
				fmt.Fprintf(stderr, "usage: recview %s FILE\n", name)
				return exitError{2}
			}
			r, _, err := load(args[0], stdin)
			if err != nil {
				complain(stderr, name, err)
				return exitError{2}
			}
			return do(r, stdout, stderr)
		}
	}
}

// assemble prints the assembled response as indented JSON. A stream cut
// short or with skipped chunks is still printed; the problem goes to
// stderr as a warning and the exit status stays 0.
func assemble(r *recordings.Recording, stdout, stderr io.Writer) error {
	v, err := recordings.Assemble(r)
	if err != nil {
		warn(stderr, r, err)
	}
	out := jsonx.Pretty(v)
	_, werr := stdout.Write(append(out, '\n'))
	return werr
}

func warn(w io.Writer, r *recordings.Recording, err error) {
	if errors.Is(err, recordings.ErrIncompleteStream) {
		err = fmt.Errorf("%s: %w", r.Name, err)
	}
	complain(w, "warning", err)
}
