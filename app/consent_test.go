package app

import (
	"slices"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// TestUnknownHosts: a link's src= on GitHub's raw hosts, on a GitHub file
// page (read from the raw host) or on the page's own origin loads at once;
// any other host is named once, in the link's order; what RawURL refuses
// is left to the load's error.
func TestUnknownHosts(t *testing.T) {
	page := "http://127.0.0.1:8000/#v=2"
	src := func(u string) permalink.Source { return permalink.Source{Kind: permalink.SourceURL, Value: u} }
	got := unknownHosts(page, []permalink.Source{
		src("https://raw.githubusercontent.com/o/r/main/a.json"),
		src("https://github.com/o/r/blob/main/a.json"),
		src("http://127.0.0.1:8000/samples/a.json"),
		src("http://192.168.1.1/a.json"),
		src("http://127.0.0.1:9000/a.json"),
		src("http://192.168.1.1/b.json"),
		src("http://raw.githubusercontent.com/o/r/main/a.json"),
		src("javascript:alert(1)"),
		{Kind: permalink.SourceSample, Value: "a.json"},
	})
	want := []string{"192.168.1.1", "127.0.0.1:9000", "raw.githubusercontent.com"}
	if !slices.Equal(got, want) {
		t.Errorf("unknownHosts = %q, want %q", got, want)
	}
}
