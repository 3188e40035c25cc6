package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/pageworker"
)

// TestCleanNote: a note becomes one line of at most MaxNote characters,
// without control characters or characters that turn the direction of
// text (review.Decision.Check refuses those).
func TestCleanNote(t *testing.T) {
	long := strings.Repeat("é", pageworker.MaxNote+5)
	for _, tc := range []struct{ in, want string }{
		{"  fine  ", "fine"},
		{"two\nlines\r\nand\ta tab", "two lines  and a tab"},
		{"bell\a and escape\x1b[31m", "bell and escape[31m"},
		{"right\u202eto left\u2066isolate\u2069", "rightto leftisolate"},
		{long, strings.Repeat("é", pageworker.MaxNote)},
		{"<script>alert(1)</script>", "<script>alert(1)</script>"}, // text: escaped where written
	} {
		if got := cleanNote(tc.in); got != tc.want {
			t.Errorf("cleanNote(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDecisionTally counts decisions as review.Result.Tally does: of the
// pairs to look at (high and medium), flagged, accepted and left; of the
// others, flagged and accepted. testSet has one pair to look at (row 0).
func TestDecisionTally(t *testing.T) {
	rv := testSet()
	for i := range rv.rep.Rows {
		rv.rep.Rows[i].Digest = strings.Repeat(string(rune('a'+i)), 32)
	}
	rv.rep.Rows[2].Severity = "medium" // two to look at: rows 0 and 2
	if got := rv.tally(); got != (decisionTally{left: 2, lookAt: 2}) {
		t.Errorf("undecided: %+v", got)
	}
	set := func(i int, d string) {
		r := &rv.rep.Rows[i]
		rv.decisions[decisionKey(r)] = pageworker.Decided{Digest: r.Digest, Decision: d}
	}
	set(0, choiceFlag)
	set(1, choiceAccept) // low
	set(3, choiceFlag)   // none
	rv.decisions[decisionKey(&rv.rep.Rows[4])] = pageworker.Decided{Note: "a note, undecided"}
	want := decisionTally{flagged: 1, left: 1, lookAt: 2, otherFlagged: 1, otherAccepted: 1}
	if got := rv.tally(); got != want {
		t.Errorf("tally %+v, want %+v", got, want)
	}
	for _, tc := range []struct {
		facet string
		want  []int
	}{
		{"decision:flag", []int{0, 3}},
		{"decision:accept", []int{1}},
		{"decision:left", []int{2}},
	} {
		rv.table = reviewTable{facet: tc.facet}
		if got := rv.visible(); !slices.Equal(got, tc.want) {
			t.Errorf("%s shows rows %v, want %v", tc.facet, got, tc.want)
		}
	}
	// The comment's message: the decided rows by digest, the note-only
	// row left out, two rows of one content (one digest) sent once.
	rv.rep.Rows[5].Digest = rv.rep.Rows[3].Digest
	set(5, choiceFlag)
	q, skipped := rv.writeComment()
	var got []string
	for _, d := range q.Decisions {
		got = append(got, d.Digest[:1]+" "+d.Decision)
	}
	if want := []string{"a flag", "b accept", "d flag"}; !slices.Equal(got, want) || skipped != 0 {
		t.Errorf("the comment's decisions %q (%d skipped), want %q", got, skipped, want)
	}
}

// TestDecisionsFileName: the change set's name in letters, digits, "."
// and "-".
func TestDecisionsFileName(t *testing.T) {
	for in, want := range map[string]string{
		"ogx-ai/ogx#3737":       "recview-decisions-ogx-ai-ogx-3737.json",
		"ogx-ai/ogx main...dev": "recview-decisions-ogx-ai-ogx-main...dev.json",
		"base → head":           "recview-decisions-base-head.json",
		"→":                     "recview-decisions.json",
		"../../etc/passwd":      "recview-decisions-etc-passwd.json",
	} {
		if got := decisionsFileName(in); got != want {
			t.Errorf("decisionsFileName(%q) = %q, want %q", in, got, want)
		}
	}
}
