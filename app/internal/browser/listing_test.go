package browser

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func paths(files []File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

func TestListingOfPutsTestsLast(t *testing.T) {
	l := ListingOf([]File{{Name: "test_a.py", Path: "t/test_a.py"}, {Name: "a.json", Path: "r/a.json"}, {Name: "b_test.py", Path: "t/b_test.py"}, {Name: "c.yaml", Path: "r/c.yaml"}})
	if diff := cmp.Diff([]string{"r/a.json", "r/c.yaml"}, paths(l.Recordings())); diff != "" {
		t.Errorf("recordings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"t/test_a.py", "t/b_test.py"}, paths(l.TestFiles())); diff != "" {
		t.Errorf("tests (-want +got):\n%s", diff)
	}
	if l.ready != 4 {
		t.Errorf("ready = %d, want 4: ListingOf's files are described", l.ready)
	}
}

// batches is a walk's next that describes files n at a time (each
// file's Size its place in the listing), failing with fail at batch
// failAt (from 0; -1 never) and calling the batch at end its last.
func batches(n, end, failAt int, fail error) (nextFiles, *int) {
	calls, given := 0, 0
	return func(files []File) (int, bool, error) {
		defer func() { calls++ }()
		if calls == failAt {
			return 0, false, fail
		}
		k := min(n, len(files))
		for i := range k {
			files[i].Size = given + i
		}
		given += k
		return k, calls == end, nil
	}, &calls
}

func listing(n int) *Listing {
	l := &Listing{}
	for i := range n {
		l.Files = append(l.Files, File{Name: "f.json", Path: string(rune('a' + i))})
	}
	return l
}

func TestDescribeAsksOnlyWhatItNeeds(t *testing.T) {
	l := listing(7)
	var calls *int
	l.next, calls = batches(3, 2, -1, nil)
	l.Describe(2)
	if l.ready != 3 || *calls != 1 {
		t.Fatalf("Describe(2): ready %d after %d batches, want 3 after 1", l.ready, *calls)
	}
	l.Describe(3)
	if *calls != 1 {
		t.Errorf("Describe(3) asked for another batch when 3 files were described")
	}
	l.Describe(100)
	if l.ready != 7 || *calls != 3 {
		t.Fatalf("Describe(100): ready %d after %d batches, want 7 after 3", l.ready, *calls)
	}
	for i, f := range l.Files {
		if f.Size != i || f.Err != nil {
			t.Errorf("file %d: size %d, error %v; want size %d (its place), no error", i, f.Size, f.Err, i)
		}
	}
}

func TestDescribeFailsTheRestNotTheDescribed(t *testing.T) {
	l := listing(5)
	broken := errors.New("the walk's worker failed")
	l.next, _ = batches(2, -1, 1, broken)
	l.Describe(5)
	if l.ready != 5 {
		t.Fatalf("ready %d after the walk failed, want 5: every file gets its place", l.ready)
	}
	for i, f := range l.Files {
		if want := i >= 2; (f.Err != nil) != want || want && !errors.Is(f.Err, broken) {
			t.Errorf("file %d: error %v; want the walk's error: %v", i, f.Err, want)
		}
	}
}

func TestDescribeAfterAnEarlyLastOrForget(t *testing.T) {
	l := listing(4)
	l.next, _ = batches(2, 0, -1, nil) // says last after 2 of 4
	l.Describe(4)
	if l.Files[1].Err != nil || !errors.Is(l.Files[2].Err, errListingEnded) || !errors.Is(l.Files[3].Err, errListingEnded) {
		t.Errorf("after a last batch too early: errors %v, %v, %v; want none, then errListingEnded", l.Files[1].Err, l.Files[2].Err, l.Files[3].Err)
	}

	l = listing(4)
	forgot := 0
	l.next, _ = batches(2, -1, -1, nil)
	l.forget = func() { forgot++ }
	l.Describe(1)
	l.Forget()
	l.Forget()
	l.Describe(4)
	if forgot != 1 {
		t.Errorf("Forget told the walk %d times, want once", forgot)
	}
	if l.Files[1].Err != nil || l.Files[2].Err == nil {
		t.Errorf("after Forget: errors %v, %v; want none for a described file, one for the rest", l.Files[1].Err, l.Files[2].Err)
	}
}

func TestListed(t *testing.T) {
	for _, c := range []struct {
		name         string
		tests, plain bool // with tests, without
	}{
		{"a.json", true, true},
		{"A.JSON", true, true},
		{"cassette.yml", true, true},
		{"cassette.YAML", true, true},
		{"trace.httprr", true, true},
		{"trace.httprr.gz", true, true},
		{"session.har", true, true},
		{"reply.chunks.txt", true, true},
		{"notes.txt", false, false},
		{"json", false, false},
		{"test_chat.py", true, false},
		{"chat_test.py", true, false},
		{"conftest.py", false, false},
		{"Test_chat.py", false, false},
		{"test_chat.pyc", false, false},
	} {
		if got := Listed(c.name, true); got != c.tests {
			t.Errorf("Listed(%q, true) = %v, want %v", c.name, got, c.tests)
		}
		if got := Listed(c.name, false); got != c.plain {
			t.Errorf("Listed(%q, false) = %v, want %v", c.name, got, c.plain)
		}
	}
}
