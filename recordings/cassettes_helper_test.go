package recordings_test

import (
	"os"
	"testing"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
)

// readCassette parses the cassette at file, failing the test when it
// does not read.
func readCassette(t *testing.T, file string) *cassette.Cassette {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cassette.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// interactionOf parses interaction k (from 0) of the cassette at file as
// a recording.
func interactionOf(t *testing.T, file string, k int) *recordings.Recording {
	t.Helper()
	r, err := recordings.Parse(file, readCassette(t, file).Interactions[k].Recording())
	if err != nil {
		t.Fatal(err)
	}
	return r
}
