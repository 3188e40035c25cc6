package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

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
