package wholetree_test

import (
	"encoding/json"
	"testing"

	"github.com/recview/recview/internal/tools/wholetree"
	"github.com/recview/recview/recordings/review"
)

// TestNew: recview review finds in the generated change set what
// it is made of: the renamed, added and deleted files as listed, the
// multiplied tests, every file a recording whose JSON is valid.
func TestNew(t *testing.T) {
	cs := wholetree.New(t)
	var base, head []review.File
	for p, d := range cs.Base {
		base = append(base, review.File{Path: p, Data: d})
	}
	for p, d := range cs.Head {
		if !json.Valid(d) {
			t.Fatalf("%s: not valid JSON", p)
		}
		head = append(head, review.File{Path: p, Data: d})
	}
	res, err := review.Review(base, head, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[review.Change]int{}
	for _, p := range res.Pairs {
		count[p.Change]++
	}
	want := map[review.Change]int{
		review.Renamed: wholetree.Renamed,
		review.Added:   wholetree.MultipliedAdded + wholetree.OtherAdded,
		review.Deleted: wholetree.Deleted,
	}
	for c, n := range want {
		if count[c] != n {
			t.Errorf("%d %s, want %d", count[c], c, n)
		}
	}
	if len(res.Skipped) > 0 {
		t.Errorf("%d files skipped: %v", len(res.Skipped), res.Skipped[0])
	}
	tests, added := res.Multiplied()
	if len(tests) != wholetree.Multiplied || added != wholetree.MultipliedAdded {
		t.Errorf("%d tests multiplied into %d files, want %d and %d", len(tests), added, wholetree.Multiplied, wholetree.MultipliedAdded)
	}
	if n := res.Names(); len(n) != 1 || n[0].Of != review.NameOK {
		t.Errorf("head names %v, want all ok: named as today's recorder names them", n)
	}
	if s := res.Severities(); len(s) == 0 || s[0].Of != review.SeverityHigh {
		t.Errorf("no pair of high severity: %v", s)
	}
	t.Logf("%v; %v", res.Severities(), res.Verdicts())
}
