package replayrows

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

func TestItemsRoundTrip(t *testing.T) {
	items := []Item{
		{Path: "tests/integration/agents/recordings/ab.json", Size: 1234, TestID: "tests/x.py::test_y[a\tb]", HasTestID: true,
			Shape: recordings.ShapeInference, Method: "POST", Endpoint: "/v1/chat/completions", Model: "gpt-4o",
			Streaming: true, Chunks: 7, Status: reqhash.Stale, Scheme: reqhash.SchemeV0, FileHash: "abcdef012345",
			ReplayHash: strings.Repeat("a", 64), ReplayName: strings.Repeat("a", 64) + ".json"},
		{Path: `odd\name` + "\n\r.json", Size: 3, NotRecording: true},
		{Path: "m.json", Shape: recordings.ShapeTool, Provider: "tavily", ToolName: "web_search", ModelList: true, Status: reqhash.OK},
		{Path: `trailing\`},
	}
	var b []byte
	for i := range items {
		b = items[i].Append(b)
	}
	if n := strings.Count(string(b), "\n"); n != len(items) {
		t.Fatalf("%d lines for %d items:\n%s", n, len(items), b)
	}
	got, err := ParseItems(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(items, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"a\tb\n", strings.Repeat("x\t", itemFields-1) + "x\n", strings.Replace(string(b), "\t1234\t", "\tbig\t", 1)} {
		if _, err := ParseItems(bad); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("ParseItems(%q): %v, want an error naming line 1", bad, err)
		}
	}
}

// FuzzParseItems: any text gives items or an error, never a panic; items
// read back from their own lines are the same.
func FuzzParseItems(f *testing.F) {
	it := Item{Path: "a\\b\tc", Size: 2, HasTestID: true, Status: reqhash.OK}
	f.Add(string(it.Append(nil)))
	f.Add("x\n")
	f.Fuzz(func(t *testing.T, text string) {
		items, err := ParseItems(text)
		if err != nil {
			return
		}
		var b []byte
		for i := range items {
			b = items[i].Append(b)
		}
		again, err := ParseItems(string(b))
		if err != nil || !cmp.Equal(items, again) {
			t.Fatalf("items %+v read back as %+v, %v", items, again, err)
		}
	})
}
