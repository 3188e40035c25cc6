package app

import (
	"errors"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// TestCheckPanel: the viewer's three panels and none pass; any other word
// the link grammar lets through is a bad link naming the panel.
func TestCheckPanel(t *testing.T) {
	for _, p := range []string{"", "request", "response", "raw"} {
		if err := checkPanel(permalink.Fragment{Panel: p}); err != nil {
			t.Errorf("panel %q: %v", p, err)
		}
	}
	f, err := permalink.Parse("v=2&sample=a.json&panel=chunks")
	if err != nil {
		t.Fatal(err)
	}
	err = checkPanel(f)
	const want = `recordings: panel: bad link: unknown panel "chunks" (want request, response or raw)`
	if !errors.Is(err, permalink.ErrBadLink) || err.Error() != want {
		t.Errorf("checkPanel = %v, want %s", err, want)
	}
}
