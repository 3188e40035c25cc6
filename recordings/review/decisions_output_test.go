package review

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/recview/recview/internal/tools/golden"
)

// TestMarkdownDecisions: the comment of a real change set with decisions
// (decided) leads, after its title, with their counts and the table of
// the flagged pairs, in the review's order, each linked and with its
// note escaped; then today's comment, whole. The counts and the flagged
// pairs below are read off decided's choices and the golden
// review-qwen3-rerecord-3978.txt of cmd/recview; the rest against a
// golden read over.
func TestMarkdownDecisions(t *testing.T) {
	res, d := decided(t)
	opt := testLinks()
	plain := res.Markdown(opt)
	opt.Decisions = d
	md := res.Markdown(opt)
	checkMarkdown(t, md)
	golden.Check(t, filepath.Join("testdata", "decisions-qwen3-rerecord-3978.md"), []byte(md))

	head := Marker + "\n### recview: recordings in this change\n\n#### Decisions\n\n" +
		"Of the 6 pairs to look at: **2 flagged**, 3 accepted, 1 left undecided (1 of high severity). " +
		"Of the other pairs: 1 flagged, 1 accepted. 1 decision matches no pair of this change set (made on files that changed since): not counted.\n\n" +
		"| verdict | test | why | note |\n|---|---|---|---|\n"
	if !strings.HasPrefix(md, head) {
		t.Fatalf("the comment does not lead with the decisions:\n%.900s", md)
	}
	rows := strings.SplitAfter(md[len(head):], "\n")
	for i, want := range []struct{ name, verdict, note string }{
		{"214aef96107c", "changed result", `celcius became false: the tool's default is wrong \| see \<issue\>`},
		{"2a5013730936", "changed result", "the guardrail test no longer calls get\\_weather: record it again"},
		{"067215140578", "metadata only", "why did the ids move?"},
	} {
		p := pairNamed(t, res, want.name)
		if !strings.HasPrefix(rows[i], "| "+want.verdict+" | [`") || !strings.HasSuffix(rows[i], " | "+escape(p.Why)+" | "+want.note+" |\n") ||
			!strings.Contains(rows[i], "src="+opt.URL(Head, p.Head)+")") {
			t.Errorf("flagged row %d: %q, want %s's, linked, note %q", i, rows[i], want.name, want.note)
		}
	}
	if rows[3] != "\n" {
		t.Errorf("a fourth flagged row: %q", rows[3])
	}
	// Then today's comment, from its first count on, unchanged.
	rest := strings.Join(rows[4:], "")
	if want := plain[strings.Index(plain, "**6 to look at**"):]; rest != want {
		t.Errorf("after the decisions:\n%.600s\nwant today's comment:\n%.600s", rest, want)
	}
	// Decided but none flagged: the counts alone.
	none := Decisions{}
	for k, v := range d {
		if v.Choice == Accept {
			none[k] = v
		}
	}
	opt.Decisions = none
	if md := res.Markdown(opt); strings.Contains(md, "| note |") || !strings.Contains(md, "Of the 6 pairs to look at: **0 flagged**, 3 accepted, 3 left undecided (3 of high severity). Of the other pairs: 0 flagged, 1 accepted.\n") {
		t.Errorf("no pair flagged:\n%.700s", md)
	}
}

// hostile is a reviewer's note made to break out of its table cell: raw
// HTML, a javascript: link, a cell's pipe, line breaks, an escape, a
// right-to-left override, a mention, math, and 10,000 characters.
var hostile = "<script>alert(1)</script> [x](javascript:alert(1)) a|b\nc\r\n#### heading\x1b[31m \u202egnp.exe @admin $x$ " + strings.Repeat("é<", 5000)

// TestMarkdownHostileNote: a hostile note (not from a file, which
// refuses it: Markdown takes what it is given) stays plain text in its
// cell: no HTML, no link, no line break, one cell, cut to MaxNote
// characters.
func TestMarkdownHostileNote(t *testing.T) {
	res, _ := decided(t)
	p := pairNamed(t, res, "214aef96107c")
	opt := testLinks()
	opt.Decisions = Decisions{p.Digest: {Flag, hostile}}
	md := res.Markdown(opt)
	checkMarkdown(t, md)
	for _, bad := range []string{"<script", "\x1b", "\u202e", "\n#### heading", " @admin", " $x$", "\r", "|b"} {
		if regexp.MustCompile(`(^|[^\\])` + regexp.QuoteMeta(bad)).MatchString(md[strings.Index(md, "| note |"):strings.Index(md, "**6 to look at**")]) {
			t.Errorf("the flagged pairs' table holds %q, not escaped", bad)
		}
	}
	i := strings.Index(md, "| note |\n|---|---|---|---|\n")
	if i < 0 {
		t.Fatal("no table of flagged pairs")
	}
	row, _, _ := strings.Cut(md[i+len("| note |\n|---|---|---|---|\n"):], "\n")
	// The row's cells, split at the pipes that are not escaped.
	cells := regexp.MustCompile(`(^|[^\\])\|`).FindAllStringIndex(row, -1)
	if len(cells) != 5 {
		t.Errorf("the row has %d unescaped pipes, want 5 (4 cells): %s", len(cells), row)
	}
	note := row[cells[3][1] : cells[4][0]+1]
	if strings.Contains(note, "](") || regexp.MustCompile(`[^\\]\(`).MatchString(note) {
		t.Errorf("the note's cell holds a link's \"](\" or an unescaped \"(\": %.200q", note)
	}
	plainNote := strings.NewReplacer(`\`, "").Replace(strings.TrimSpace(note))
	if n := utf8.RuneCountInString(plainNote); n != MaxNote || !strings.HasSuffix(plainNote, "é<…") {
		t.Errorf("the note's text is %d characters, want %d ending in \"é<…\": %.200q", n, MaxNote, plainNote)
	}
	if !strings.HasPrefix(note, ` \<script\>alert\(1\)\</script\> \[x\]\(javascript:alert\(1\)\) a\|b c  \#\#\#\# heading \[31m gnp.exe \@admin \$x\$ é\<`) {
		t.Errorf("the note's cell: %.300q", note)
	}
	// The terminal and --json have it as one line of text, whole.
	var out bytes.Buffer
	if err := res.FormatDecisions(&out, opt.Decisions); err != nil {
		t.Fatal(err)
	}
	line := ""
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "flag ") {
			line = l
		}
	}
	if !strings.Contains(line, "  note: <script>alert(1)</script> [x](javascript:alert(1)) a|b c  #### heading [31m gnp.exe @admin $x$ é<") ||
		strings.ContainsAny(line, "\x1b\r\u202e") || utf8.RuneCountInString(line[strings.Index(line, "note: ")+6:]) != MaxNote {
		t.Errorf("the terminal's line: %.400q", line)
	}
}

// TestMarkdownDecisions3000: with 3,000 pairs, every one flagged with a
// note of MaxNote characters, the comment stays within GitHub's limit;
// the flagged rows come first, each linked, their notes cut to 80
// characters, as many as fit; the last line says how many notes were
// cut and rows left out. With fewer flagged pairs whose notes alone do
// not fit, the notes are cut and no row is left out.
func TestMarkdownDecisions3000(t *testing.T) {
	base, head, _ := synthetic(t, 3000)
	res := review(t, base, head)
	res.SetDigests(FileSums(base), FileSums(head))
	note := strings.Repeat("a|<b> ", MaxNote/6) // 300 characters, 400 once escaped
	flagAll := func(n int) Decisions {
		d := Decisions{}
		for i := range res.Pairs {
			if p := &res.Pairs[i]; len(d) < n && p.Digest != "" {
				d[p.Digest] = Decision{Flag, note}
			}
		}
		return d
	}
	opt := testLinks()
	opt.Decisions = flagAll(3000)
	md := res.Markdown(opt)
	checkMarkdown(t, md)
	table := strings.Index(md, "| verdict | test | why | note |\n")
	if high := strings.Index(md, "\n#### High: "); table < 0 || high < table {
		t.Fatalf("the flagged pairs do not come before the high ones (%d, %d)", table, high)
	}
	sc := bufio.NewScanner(strings.NewReader(md[table:]))
	sc.Buffer(nil, MaxComment)
	rows := 0
	for sc.Scan(); sc.Scan(); {
		l := sc.Text()
		if l == "|---|---|---|---|" {
			continue
		}
		if !strings.HasPrefix(l, "| ") {
			break
		}
		rows++
		if !strings.Contains(l, "](https://recview.example/app/#v=2&src=") || !strings.HasSuffix(l, `a\|\<b\> a…`+" |") {
			t.Fatalf("flagged row %d: %s", rows, l)
		}
	}
	t.Logf("%d flagged rows kept, %d bytes", rows, len(md))
	if tl := res.Tally(opt.Decisions); rows < 50 || rows >= tl.Flagged+tl.OtherFlagged {
		t.Errorf("%d flagged rows of %d", rows, tl.Flagged+tl.OtherFlagged)
	}
	// The other parts lose rows too: the last line counts them in.
	if !regexp.MustCompile(fmt.Sprintf("\n_%d notes cut to 80 characters and [0-9]+ rows left out to stay within GitHub's 65536 characters: `recview review --json --decisions FILE` lists every pair with its decision and note._\n$", rows)).MatchString(md) {
		t.Errorf("the last line: %q", md[strings.LastIndex(md[:len(md)-1], "\n")+1:])
	}

	// Sixty decisions (68 pairs: copies of a recording without test_id
	// share their content): their whole notes do not fit, their cut
	// notes do, every row linked; no row is left out.
	opt.Decisions = flagAll(60)
	md = res.Markdown(opt)
	checkMarkdown(t, md)
	tl := res.Tally(opt.Decisions)
	i := strings.Index(md, "| verdict | test | why | note |\n")
	flagged := md[i : i+strings.Index(md[i:], "\n\n")+1] // the table, to its blank line
	if got := strings.Count(flagged, "\n| "); got != tl.Flagged+tl.OtherFlagged || strings.Count(flagged, "](https://recview.example/app/") != got || strings.Count(flagged, `a\|\<b\> a…`) != got {
		t.Errorf("%d flagged pairs: %d rows, %d linked, %d notes cut:\n%.2000s", tl.Flagged+tl.OtherFlagged, got,
			strings.Count(flagged, "](https://recview.example/app/"), strings.Count(flagged, `a\|\<b\> a…`), flagged)
	}
	if !strings.Contains(md, fmt.Sprintf("\n_%d notes cut to 80 characters ", tl.Flagged+tl.OtherFlagged)) {
		t.Errorf("the last line does not say the notes were cut: %q", md[strings.LastIndex(md[:len(md)-1], "\n")+1:])
	}
}

// TestJSONAndFormatDecisions: --json's lines of decided pairs end with
// "decision" and "note", the keys of the contract first in their order;
// an undecided pair's line is WriteJSON's. The terminal's lines start
// with the decision.
func TestJSONAndFormatDecisions(t *testing.T) {
	res, d := decided(t)
	var plain, with bytes.Buffer
	if err := res.WriteJSON(&plain); err != nil {
		t.Fatal(err)
	}
	if err := res.WriteJSONDecisions(&with, d); err != nil {
		t.Fatal(err)
	}
	pl, wl := strings.Split(plain.String(), "\n"), strings.Split(with.String(), "\n")
	if len(pl) != len(wl) || len(pl) != len(res.Pairs)+1 {
		t.Fatalf("%d and %d lines for %d pairs", len(pl), len(wl), len(res.Pairs))
	}
	decidedLines := 0
	for i, p := range res.Pairs {
		dec, ok := d[p.Digest]
		if !ok {
			if wl[i] != pl[i] {
				t.Errorf("undecided line %d: %s, want %s", i, wl[i], pl[i])
			}
			continue
		}
		decidedLines++
		tail := `,"decision":"` + string(dec.Choice) + `"`
		if dec.Note != "" {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.Encode(dec.Note)
			tail += `,"note":` + strings.TrimSpace(b.String()) + `}`
		} else {
			tail += "}"
		}
		if wl[i] != strings.TrimSuffix(pl[i], "}")+tail {
			t.Errorf("decided line %d: %s, want %s", i, wl[i], strings.TrimSuffix(pl[i], "}")+tail)
		}
	}
	if decidedLines != 7 {
		t.Errorf("%d decided lines, want 7", decidedLines)
	}
	var out bytes.Buffer
	if err := res.FormatDecisions(&out, d); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if lines[2] != "decisions: of the 6 pairs to look at, 2 flagged, 3 accepted, 1 undecided (1 high); others: 1 flagged, 1 accepted; 1 matching no pair" {
		t.Errorf("the summary's decisions: %q", lines[2])
	}
	first := lines[len(lines)-len(res.Pairs)-1]
	if want := "flag    high    changed result   test_create_turn_response[ollama/llama3.2:3b-instruct-fp16-client_tools1]  tool call get_boiling_point_with_metadata: celcius null → false  (tests/integration/agents/recordings/214aef96107c….json)  note: celcius became false: the tool's default is wrong | see <issue>"; first != want {
		t.Errorf("the first pair's line:\n%s\nwant\n%s", first, want)
	}
	if got := lines[len(lines)-len(res.Pairs)-1+4]; !strings.HasPrefix(got, "-       high    changed result   test_openai_completion_stop_sequence") {
		t.Errorf("the undecided pair's line: %s", got)
	}
}
