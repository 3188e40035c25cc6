package review

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Markdown writes r as a pull-request comment in GitHub-flavoured
// Markdown, read in a minute:
//
//   - Marker, a title, and how many pairs to look at (high and medium
//     severity) of how many recordings;
//   - the tests whose recordings multiplied (Multiplied), as one warning
//     with the added files they explain;
//   - the count of pairs per verdict, the head names, the other tests
//     whose recordings grew, the folder all paths share, the footer;
//   - a table of the high-severity pairs, then one of the medium ones,
//     in the order of r.Pairs; then folded in a <details> each, the low
//     pairs, the pairs of no severity (but files unchanged in place), and
//     the recordings added or deleted grouped by test.
//
// A row gives the verdict, the test (the test_id without its file, cut
// to about 60 bytes; the path when there is none) linked to the viewer,
// and the Why: no column of long prose, so that the table fits a
// comment's width. A link opens the viewer's review of the pull request
// at the pair (MarkdownOptions.Review), else the comparison of its two
// sides ("#v=2&src=BASE_URL&src=HEAD_URL") or the one file; links never
// carry inline data (d=), and one longer than MaxLink is left out.
//
// The comment is never longer than MaxComment bytes. Each part, in the
// order above, takes the fullest form that leaves room for the smallest
// forms of the parts after it: its rows with their links, its rows
// without links, as many rows as fit, or its count alone. So the high
// rows keep their links unless they alone pass GitHub's limit, and the
// folded groups lose their rows first. A last line says how many rows
// were left out and points to `recview review --json`. Markdown's own
// characters in texts (paths, test ids, whys) are escaped; no raw HTML
// comes from the recordings.
//
// With opt.Decisions (not nil), the comment leads with them, after its
// title: how many of the pairs to look at were flagged, accepted and left
// undecided (Result.Tally), the decided pairs of low or no severity, the
// decisions that match no pair; then a table of every flagged pair, of
// any severity, in the order of r.Pairs: verdict, test linked as above,
// why and note; then the rest. The flagged rows are the first part to
// fit: they keep their links and whole notes, else their links and
// notes cut to 80 characters, else as many of those rows as fit; the
// last line says how many notes were cut and rows left out. A note is the
// reviewer's text, untrusted: one line, cut to MaxNote characters, its
// control characters as spaces, its characters that turn the text's
// direction dropped, and escaped as every text is (and "$", GitHub's
// math).
func (r *Result) Markdown(opt MarkdownOptions) string {
	var b, summary strings.Builder
	r.titleMarkdown(&b, opt)
	dir := r.summaryMarkdown(&summary, opt)

	var high, medium, low, none, alone []*Pair
	for i := range r.Pairs {
		p := &r.Pairs[i]
		switch {
		case p.Severity == SeverityHigh:
			high = append(high, p)
		case p.Severity == SeverityMedium:
			medium = append(medium, p)
		case p.Verdict == VerdictAdded || p.Verdict == VerdictDeleted:
			alone = append(alone, p)
		case p.Severity == SeverityLow:
			low = append(low, p)
		case p.Change != Unchanged:
			none = append(none, p)
		}
	}
	row := func(p *Pair, link bool) string {
		return fmt.Sprintf("| %s | %s | %s |\n", p.Verdict, testCell(p, opt, dir, link), escape(p.Why))
	}
	groups := byTest(alone)
	var parts []part
	if opt.Decisions != nil {
		parts = r.decisionParts(opt, dir)
	}
	parts = append(parts, part{text: summary.String()})
	parts = append(parts, []part{
		{open: fmt.Sprintf("\n#### High: %d\n\n", len(high)), n: len(high), head: rowsHead, rows: rowsOf(high, row)},
		{open: fmt.Sprintf("\n#### Medium: %d\n\n", len(medium)), n: len(medium), head: rowsHead, rows: rowsOf(medium, row)},
		{open: fmt.Sprintf("\n<details><summary>Low: %d</summary>\n\n", len(low)), close: "\n</details>\n", n: len(low), head: rowsHead, rows: rowsOf(low, row)},
		{open: fmt.Sprintf("\n<details><summary>None: %d</summary>\n\n", len(none)), close: "\n</details>\n", n: len(none), head: rowsHead, rows: rowsOf(none, row)},
		{open: fmt.Sprintf("\n<details><summary>Added and deleted: %d added, %d deleted, %s</summary>\n\n",
			countVerdict(alone, VerdictAdded), countVerdict(alone, VerdictDeleted), plural(len(groups), "test")),
			close: "\n</details>\n", n: len(alone), head: "| test | added | deleted | recordings |\n|---|---:|---:|---|\n",
			rows: func(form int) []string {
				var out []string
				for _, g := range groups {
					out = append(out, fmt.Sprintf("| %s | %d | %d | %s |\n", g.title, countVerdict(g.pairs, VerdictAdded),
						countVerdict(g.pairs, VerdictDeleted), fileLinks(g.pairs, opt, form == 0)))
				}
				return out
			}},
	}...)
	var tail strings.Builder
	if (opt.URL == nil && opt.Review.Kind == "") || opt.Viewer == "" {
		tail.WriteString("\n_No links: the files' URLs were not given (recview review --repo OWNER/NAME --base-sha SHA --head-sha SHA, or --pr N)._\n")
	}
	leftNote := 160 // the line that says how many rows were left out
	if opt.Decisions != nil {
		leftNote = 260 // and how many notes were cut
	}
	budget := MaxComment - b.Len() - tail.Len() - leftNote
	left, cut := 0, 0
	for i := range parts {
		rest := 0
		for _, q := range parts[i+1:] {
			rest += q.least()
		}
		s, out, form, kept := parts[i].write(budget - rest)
		b.WriteString(s)
		budget -= len(s)
		left += out
		if parts[i].cut != nil {
			cut += parts[i].cut(form, kept)
		}
	}
	b.WriteString(tail.String())
	every := "`recview review --json` lists every pair."
	if opt.Decisions != nil {
		every = "`recview review --json --decisions FILE` lists every pair with its decision and note."
	}
	switch {
	case left > 0 && cut > 0:
		fmt.Fprintf(&b, "\n_%s cut to %d characters and %s left out to stay within GitHub's %d characters: %s_\n",
			plural(cut, "note"), shortNote, plural(left, "row"), MaxComment, every)
	case left > 0:
		fmt.Fprintf(&b, "\n_%s left out to stay within GitHub's %d characters: %s_\n", plural(left, "row"), MaxComment, every)
	case cut > 0:
		fmt.Fprintf(&b, "\n_%s cut to %d characters to stay within GitHub's %d characters: %s_\n", plural(cut, "note"), shortNote, MaxComment, every)
	}
	return b.String()
}

// shortNote is the length, in characters, a flagged row's note is cut to
// when the rows with whole notes do not fit.
const shortNote = 80

// decisionParts are the comment's decisions (opt.Decisions): their
// counts, then the table of the flagged pairs, which keeps its links and
// whole notes (form 0), else its links with notes cut to shortNote (1),
// as many rows of those as fit: a flagged row keeps its link.
func (r *Result) decisionParts(opt MarkdownOptions, dir string) []part {
	t := r.Tally(opt.Decisions)
	var b strings.Builder
	fmt.Fprintf(&b, "\n#### Decisions\n\nOf the %s to look at: **%d flagged**, %d accepted, %d left undecided", plural(t.Flagged+t.Accepted+t.Undecided, "pair"), t.Flagged, t.Accepted, t.Undecided)
	if t.UndecidedHigh > 0 {
		fmt.Fprintf(&b, " (%d of high severity)", t.UndecidedHigh)
	}
	b.WriteString(".")
	if t.OtherFlagged+t.OtherAccepted > 0 {
		fmt.Fprintf(&b, " Of the other pairs: %d flagged, %d accepted.", t.OtherFlagged, t.OtherAccepted)
	}
	if t.Stale > 0 {
		verb := "match"
		if t.Stale == 1 {
			verb = "matches"
		}
		fmt.Fprintf(&b, " %s %s no pair of this change set (made on files that changed since): not counted.", plural(t.Stale, "decision"), verb)
	}
	b.WriteString("\n")
	var flagged []*Pair
	var notes []string
	for i := range r.Pairs {
		p := &r.Pairs[i]
		if dec, ok := r.decision(p, opt.Decisions); ok && dec.Choice == Flag {
			flagged = append(flagged, p)
			notes = append(notes, plainNote(dec.Note))
		}
	}
	table := part{
		open: "\n", n: len(flagged), head: "| verdict | test | why | note |\n|---|---|---|---|\n", forms: 2,
		rows: func(form int) []string {
			out := make([]string, len(flagged))
			length := MaxNote
			if form > 0 {
				length = shortNote
			}
			for i, p := range flagged {
				out[i] = fmt.Sprintf("| %s | %s | %s | %s |\n", p.Verdict, testCell(p, opt, dir, true), escape(p.Why), noteCell(notes[i], length))
			}
			return out
		},
		cut: func(form, kept int) int {
			n := 0
			for _, s := range notes[:kept] {
				if form > 0 && utf8.RuneCountInString(s) > shortNote {
					n++
				}
			}
			return n
		},
	}
	return []part{{text: b.String()}, table}
}

// maxTestCell is the longest test a comment's row shows, in bytes.
const maxTestCell = 60

// rowsHead is the head of a table of pairs.
const rowsHead = "| verdict | test | why |\n|---|---|---|\n"

// part is a section of a comment: a table of rows under a title, or
// folded in a <details>; or a text written whole.
type part struct {
	open, close, head string
	n                 int // the pairs it holds
	// rows writes its rows in one of its forms, from 0, the fullest, to
	// forms-1; forms is 2 when 0: with links (0), without (1).
	rows  func(form int) []string
	forms int
	// cut, when not nil, counts the notes the rows of form cut, of the
	// first kept rows.
	cut func(form, kept int) int
	// text, when not "", is the part: written whole, whatever the
	// budget (the comment's summary).
	text string
}

// rowsOf is the rows of pairs, written by row, with links in form 0.
func rowsOf(pairs []*Pair, row func(*Pair, bool) string) func(int) []string {
	return func(form int) []string {
		out := make([]string, len(pairs))
		for i, p := range pairs {
			out[i] = row(p, form == 0)
		}
		return out
	}
}

// leftOut is the line of a part whose rows were left out.
const leftOut = "_Rows left out to stay within GitHub's limit: `recview review` lists them._\n"

// least is the length of the part's smallest form: its title and a line
// saying its rows were left out; 0 when it holds nothing; a text's
// length.
func (p *part) least() int {
	switch {
	case p.text != "":
		return len(p.text)
	case p.n == 0:
		return 0
	}
	return len(p.open) + len(leftOut) + len(p.close)
}

// write writes the part in the fullest form that fits in budget bytes:
// its rows in each of its forms in turn (with links, without), then as
// many rows of its last form as fit, or none; out is how many rows it
// left out, form the form written and kept how many rows it holds. A
// text is written whole.
func (p *part) write(budget int) (s string, out, form, kept int) {
	switch {
	case p.text != "":
		return p.text, 0, 0, 0
	case p.n == 0:
		return "", 0, 0, 0
	}
	last := max(p.forms, 2) - 1
	frame := len(p.open) + len(p.head) + len(p.close)
	for f := 0; f <= last; f++ {
		rows := p.rows(f)
		if frame+sumLen(rows) <= budget {
			return p.open + p.head + strings.Join(rows, "") + p.close, 0, f, len(rows)
		}
	}
	rows := p.rows(last)
	n := 0
	for size := frame + len(leftOut); n < len(rows) && size+len(rows[n]) <= budget; n++ {
		size += len(rows[n])
	}
	if n == 0 {
		return p.open + leftOut + p.close, len(rows), last, 0
	}
	return p.open + p.head + strings.Join(rows[:n], "") + "\n" + leftOut + p.close, len(rows) - n, last, n
}

func sumLen(xs []string) int {
	n := 0
	for _, x := range xs {
		n += len(x)
	}
	return n
}

// titleMarkdown writes the comment's first lines: the marker and the
// title.
func (r *Result) titleMarkdown(b *strings.Builder, opt MarkdownOptions) {
	title := opt.Title
	if title == "" {
		title = "recview: recordings in this change"
	}
	fmt.Fprintf(b, "%s\n### %s\n", Marker, escape(title))
}

// summaryMarkdown writes the comment's summary, after its title: the
// counts, the tests that multiplied, the names, the other tests that
// grew, the common folder and the footer; it returns the common folder.
func (r *Result) summaryMarkdown(b *strings.Builder, opt MarkdownOptions) string {
	b.WriteString("\n")
	look, _ := r.severityCounts()
	fmt.Fprintf(b, "**%d to look at**", r.ToLookAt())
	if len(look) > 0 {
		fmt.Fprintf(b, " (%s)", strings.Join(look, ", "))
	}
	fmt.Fprintf(b, " of %s.", escape(r.headline()))
	if len(r.Skipped) > 0 {
		fmt.Fprintf(b, " %d JSON files that are not recordings skipped.", len(r.Skipped))
	}
	b.WriteString("\n")
	grown := r.Grown(3)
	if tests, added := r.Multiplied(); len(tests) > 0 {
		fmt.Fprintf(b, "\n> [!WARNING]\n> **%s multiplied their recordings: %d of the %d added files.** "+
			"Such a test records its call under a new name on each run (something in its request changes from run to run).\n",
			plural(len(tests), "test"), added, r.count(Added))
		for _, t := range tests {
			fmt.Fprintf(b, "> - %s: %d → %d\n", code(ShortTest(t.TestID)), t.Base, t.Head)
		}
		grown = slices.DeleteFunc(grown, multiplied)
	}
	b.WriteString("\n| verdict | recordings |\n|---|---:|\n")
	for _, c := range r.Verdicts() {
		fmt.Fprintf(b, "| %s | %d |\n", c.Of, c.N)
	}
	if names := r.namesLine(); names != "" {
		b.WriteString("\nHead file names checked against their requests: " + names + ".\n")
	}
	if len(grown) > 0 {
		b.WriteString("\nTests with more recordings than before:\n")
		for _, t := range grown[:min(len(grown), 5)] {
			fmt.Fprintf(b, "- %s: %d → %d\n", code(ShortTest(t.TestID)), t.Base, t.Head)
		}
	}
	dir := commonDir(r.Pairs)
	if dir != "" {
		fmt.Fprintf(b, "\nPaths below are under %s.\n", code(dir))
	}
	if opt.Footer != "" {
		b.WriteString("\n" + escape(opt.Footer) + "\n")
	}
	return dir
}
