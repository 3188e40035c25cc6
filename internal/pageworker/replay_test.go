package pageworker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// itemsOf is what the page posts for items and tests, decoded as the
// worker decodes it.
func itemsOf(t testing.TB, items []Item, tests []string) ReplayAdd {
	t.Helper()
	var b []byte
	for i := range items {
		b = AppendItem(b, &items[i])
	}
	var got ReplayAdd
	if err := Decode(KindReplayAdd, ReplayAddBody(b, tests), &got); err != nil {
		t.Fatalf("%v\n%s", err, ReplayAddBody(b, tests))
	}
	return got
}

func TestReplayAddRoundTrip(t *testing.T) {
	items := []Item{
		{Path: "tests/integration/agents/recordings/ab.json", Size: 1234, TestID: "tests/x.py::test_y[a\tb]", HasTestID: true,
			Shape: recordings.ShapeInference, Method: "POST", Endpoint: "/v1/chat/completions", Model: "gpt-4o",
			Streaming: true, Chunks: 7, Status: reqhash.Stale, Scheme: reqhash.SchemeV0, FileHash: "abcdef012345",
			ReplayHash: strings.Repeat("a", 64), ReplayName: strings.Repeat("a", 64) + ".json"},
		{Path: `odd\name"` + "\n\r\x00\x1f<&>\u2028é😀.json", Size: 3, NotRecording: true},
		{Path: "m.json", Shape: recordings.ShapeTool, Provider: "tavily", ToolName: "web_search", ModelList: true, Status: reqhash.OK},
		{Path: ""},
	}
	tests := []string{"tests/integration/test_a.py", `tests/"b".py`}
	got := itemsOf(t, items, tests)
	if diff := cmp.Diff(ReplayAdd{Items: items, Tests: tests}, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if got := itemsOf(t, nil, nil); len(got.Items)+len(got.Tests) != 0 {
		t.Errorf("nothing posted, %+v read", got)
	}
}

// TestReplayAddCorpus: the Item of every recording of the core's
// testdata reads back as it was written.
func TestReplayAddCorpus(t *testing.T) {
	paths, _ := filepath.Glob("../../recordings/testdata/*/*.json")
	if len(paths) < 50 {
		t.Fatalf("%d recordings in recordings/testdata: the glob is wrong", len(paths))
	}
	var items []Item
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := recordings.Parse(filepath.Base(p), data)
		if err != nil {
			items = append(items, Item{Path: p, Size: len(data), NotRecording: true})
			continue
		}
		c := reqhash.Verify(filepath.Base(p), rec.Doc)
		items = append(items, ItemOf(p, len(data), rec, &c))
	}
	if diff := cmp.Diff(items, itemsOf(t, items, nil).Items); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// FuzzAppendItem: any item whose strings are UTF-8 reads back as it was.
func FuzzAppendItem(f *testing.F) {
	f.Add("a\\b\tc", "t::x", "/v1/x", 2, true)
	f.Add("\x00\"", "", "", 0, false)
	f.Fuzz(func(t *testing.T, path, testID, endpoint string, size int, flag bool) {
		if !utf8.ValidString(path) || !utf8.ValidString(testID) || !utf8.ValidString(endpoint) {
			return
		}
		it := Item{Path: path, Size: size, TestID: testID, HasTestID: flag, Endpoint: endpoint, Streaming: !flag, Chunks: -size}
		got := itemsOf(t, []Item{it, it}, []string{path})
		if want := (ReplayAdd{Items: []Item{it, it}, Tests: []string{path}}); !cmp.Equal(want, got) {
			t.Fatalf("%+v read back as %+v", want, got)
		}
	})
}
