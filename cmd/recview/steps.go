package main

import (
	"fmt"
	"io"

	"github.com/recview/recview/recordings"
)

// steps prints one line per chunk: its 1-based number, a tab, and what it
// adds (recordings.FormatDeltas), or the reason it was skipped.
func steps(r *recordings.Recording, stdout, stderr io.Writer) error {
	s, err := recordings.NewStepper(r)
	if err != nil {
		complain(stderr, "steps", fmt.Errorf("%s: %w (%s, streaming=%v)", r.Name, err, r.Family.Title(), r.Streaming))
		return exitError{2}
	}
	for k := 1; k <= s.Len(); k++ {
		line := recordings.FormatDeltas(s.Deltas(k))
		if e := s.ChunkErr(k); e != nil {
			line = "skipped: " + e.Error()
		}
		if _, err := fmt.Fprintf(stdout, "%d\t%s\n", k, line); err != nil {
			return err
		}
	}
	if e := s.Err(); e != nil {
		warn(stderr, r, e)
	}
	return nil
}
