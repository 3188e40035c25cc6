package recordings_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestToolRequest: a tool's kwargs are its parameters, each as recorded,
// even those whose names other families' requests read as turns (a web
// search's "query"). The file is ogx's, its kwargs
// {"query": "latest Python version 2023"}.
func TestToolRequest(t *testing.T) {
	const name = "testdata/corpus/tests__integration__responses__recordings__661e959c98b894f6daf608d415bbf64f6a5a1af0eef8012354886062b9244f7b.json"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := recordings.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Conversation()
	want := recordings.Conversation{Params: []recordings.Param{{Name: "query", Value: `"latest Python version 2023"`}}}
	if d := cmp.Diff(want, c); d != "" {
		t.Errorf("%s: the tool's request (-want +got):\n%s", r.Family, d)
	}
}
