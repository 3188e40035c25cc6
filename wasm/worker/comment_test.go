package main

import (
	"path"
	"strings"
	"testing"
	"time"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// githubReview is the worker's review of pull request 3978 of the fake
// GitHub serving qwen3-rerecord-3978, as handleReview keeps it, and its
// report.
func githubReview(t *testing.T) (*reviewed, pageworker.Report, [2]map[string][]byte) {
	t.Helper()
	base, head := changeSet(t, "qwen3-rerecord-3978")
	srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
	l := &loader{get: fakeFetch(srv), post: func(pageworker.Status) {}, now: time.Now}
	pr := permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3978}
	b, h, err := l.github(pr)
	if err != nil {
		t.Fatal(err)
	}
	do := func(o *review.Options) (*review.Result, error) { return review.Review(b, h, o) }
	res, rep, err := run(do, func() {}, func() ([2]map[string][32]byte, error) { return fileSums(b, h), nil })
	if err != nil {
		t.Fatal(err)
	}
	return &reviewed{res: res, github: &pr, headSHA: l.st.HeadSHA}, rep, [2]map[string][]byte{base, head}
}

// TestWriteComment: the page's decisions, by the rows' digests, give the
// comment with its Decisions part (the counts read off the choices below
// and the rows: 6 to look at, 5 high and 1 medium), rows linked to the
// viewer's review of the pull request; the decisions file, which reads
// back as the decided rows in the report's order; and the counts. The
// file, read as `recview review --decisions` reads it, decides the same
// pairs of the change set reviewed as two folders.
func TestWriteComment(t *testing.T) {
	rv, rep, trees := githubReview(t)
	choice := map[string]pageworker.Decided{
		"214aef96107c": {Decision: "flag", Note: "celcius became false | <b>"},
		"2a5013730936": {Decision: "flag"},
		"3a680a3aabcd": {Decision: "accept", Note: "max_tokens 20"},
		"33787fc2dcde": {Decision: "accept"},
	}
	var q pageworker.WriteComment
	q.ID, q.Viewer, q.ChangeSet = 7, "https://recview.example/", "ogx-ai/ogx#3978"
	var decidedRows []pageworker.Row
	for _, r := range rep.Rows {
		if d, ok := choice[path.Base(r.Path())[:12]]; ok {
			d.Digest = r.Digest
			q.Decisions = append(q.Decisions, d)
			decidedRows = append(decidedRows, r)
		}
	}
	q.Decisions = append(q.Decisions, pageworker.Decided{Digest: strings.Repeat("ab", 16), Decision: "accept"})
	if len(decidedRows) != 4 {
		t.Fatalf("%d rows decided, want 4", len(decidedRows))
	}
	c, err := writeComment(rv, &q)
	if err != nil {
		t.Fatal(err)
	}
	want := pageworker.Comment{Markdown: c.Markdown, File: c.File, Flagged: 2, Accepted: 1, Undecided: 3, UndecidedHigh: 2, OtherAccepted: 1, Stale: 1}
	if *c != want {
		t.Errorf("counts %+v, want %+v", *c, want)
	}
	md := c.Markdown
	head := "<!-- recview -->\n### recview: recordings in this change\n\n#### Decisions\n\n" +
		"Of the 6 pairs to look at: **2 flagged**, 1 accepted, 3 left undecided (2 of high severity). Of the other pairs: 0 flagged, 1 accepted. " +
		"1 decision matches no pair of this change set (made on files that changed since): not counted.\n\n| verdict | test | why | note |\n|---|---|---|---|\n"
	if !strings.HasPrefix(md, head) || len(md) > review.MaxComment {
		t.Fatalf("the comment (%d bytes):\n%.1200s", len(md), md)
	}
	flagged := strings.Split(md[len(head):], "\n")[:2]
	for i, name := range []string{"214aef96107c", "2a5013730936"} {
		link := "](https://recview.example/#v=2&pr=ogx-ai/ogx/3978&file=" + decidedRows[i].Head + ")"
		if !strings.Contains(flagged[i], name) || !strings.Contains(flagged[i], link) {
			t.Errorf("flagged row %d: %s, want %s's linked by %s", i, flagged[i], name, link)
		}
	}
	if !strings.HasSuffix(flagged[0], `| celcius became false \| \<b\> |`) || !strings.HasSuffix(flagged[1], "|  |") {
		t.Errorf("the notes: %q", flagged)
	}
	if !strings.Contains(md, "\nDecided in recview's review page, on ogx-ai/ogx\\#3978 at "+rv.headSHA[:12]+".\n") {
		t.Errorf("no footer naming the pull request and its head commit %.12s", rv.headSHA)
	}

	f, err := review.ReadDecisions("saved.json", []byte(c.File))
	if err != nil {
		t.Fatal(err)
	}
	if f.ChangeSet != "ogx-ai/ogx#3978" || len(f.Entries) != 4 {
		t.Fatalf("the file: %q, %d entries\n%s", f.ChangeSet, len(f.Entries), c.File)
	}
	for i, e := range f.Entries {
		r := decidedRows[i]
		d := choice[path.Base(r.Path())[:12]]
		if e.Digest != r.Digest || e.Base != r.Base || e.Head != r.Head || string(e.Choice) != d.Decision || e.Note != d.Note {
			t.Errorf("entry %d: %+v, want row %s %s %s, %+v", i, e, r.Digest, r.Base, r.Head, d)
		}
	}
	// The same change set as two folders, as the CLI reads it: the same
	// pairs decided.
	var files [2][]review.File
	for side, m := range trees {
		for p, data := range m {
			files[side] = append(files[side], review.File{Path: p, Data: data})
		}
	}
	res, err := review.Review(files[0], files[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	res.SetDigests(review.FileSums(files[0]), review.FileSums(files[1]))
	if got := res.Tally(f.Decisions()); got != (review.Tally{Flagged: 2, Accepted: 1, Undecided: 3, UndecidedHigh: 2, OtherAccepted: 1}) {
		t.Errorf("the folders' tally of the saved file: %+v", got)
	}
}

// TestWriteCommentErrors: no comment before a review is done, nor of a
// decision that is not one; the error names the decision.
func TestWriteCommentErrors(t *testing.T) {
	if _, err := writeComment(nil, &pageworker.WriteComment{}); err == nil || !strings.Contains(err.Error(), "no review") {
		t.Errorf("before the review: %v", err)
	}
	rv, rep, _ := githubReview(t)
	d0 := rep.Rows[0].Digest
	ok := pageworker.Decided{Digest: d0, Decision: "flag"}
	for _, tc := range []struct {
		decided pageworker.Decided
		want    string
	}{
		{pageworker.Decided{Digest: d0, Decision: "maybe"}, `the page's decision 2: decision "maybe": want accept or flag`},
		{pageworker.Decided{Digest: rep.Rows[1].Digest, Decision: "flag", Note: "a\nb"}, "the page's decision 2: note spans lines"},
		{pageworker.Decided{Digest: rep.Rows[1].Digest, Decision: "flag", Note: strings.Repeat("x", pageworker.MaxNote+1)}, "note of 301 characters, more than 300"},
		{pageworker.Decided{Digest: "nope", Decision: "flag"}, `the page's decision 2: digest "nope": want 32 lowercase hex digits`},
		{ok, "the page's decision 2: digest " + d0 + " decided twice"},
	} {
		_, err := writeComment(rv, &pageworker.WriteComment{Decisions: []pageworker.Decided{ok, tc.decided}})
		if err == nil || err.Error() != tc.want && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.decided, err, tc.want)
		}
	}
	if pageworker.MaxNote != review.MaxNote {
		t.Errorf("pageworker.MaxNote %d, review.MaxNote %d", pageworker.MaxNote, review.MaxNote)
	}
	// No decision at all: the counts, every pair to look at undecided.
	c, err := writeComment(rv, &pageworker.WriteComment{})
	if err != nil || c.Undecided != 6 || c.Flagged+c.Accepted+c.Stale != 0 || !strings.Contains(c.Markdown, "#### Decisions") || !strings.Contains(c.File, `"decisions":[`+"\n]}") {
		t.Errorf("no decisions: %+v, %v", c, err)
	}
}
