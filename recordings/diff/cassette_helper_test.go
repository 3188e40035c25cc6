package diff

import (
	"os"
	"testing"

	"github.com/recview/recview/recordings/cassette"
)

// interactionJSON is interaction k (from 0) of the cassette at file as
// the recording's JSON (cassette.Interaction.Recording), for a test to
// edit and parse.
func interactionJSON(t *testing.T, file string, k int) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cassette.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return string(c.Interactions[k].Recording())
}
