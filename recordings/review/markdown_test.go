package review

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// testLinks links rows as `recview review --repo` does, to
// raw.githubusercontent.com at two commits of 40 hex digits.
func testLinks() MarkdownOptions {
	return MarkdownOptions{
		Viewer: "https://recview.example/app/",
		URL: func(side Side, p string) string {
			sha := strings.Repeat("b", 40)
			if side == Base {
				sha = strings.Repeat("a", 40)
			}
			return "https://raw.githubusercontent.com/ogx-ai/ogx/" + sha + "/" + p
		},
	}
}

var mdLink = regexp.MustCompile(`\]\(([^)]*)\)`)

// checkMarkdown checks a comment against GitHub's limits: at most
// MaxComment bytes, the marker first, and every link under MaxLink, a
// viewer link whose fragment names one or two src= sources and no d=
// data.
func checkMarkdown(t *testing.T, md string) {
	t.Helper()
	if len(md) > MaxComment {
		t.Errorf("comment is %d bytes, more than %d", len(md), MaxComment)
	}
	if !strings.HasPrefix(md, Marker+"\n") {
		t.Errorf("comment does not start with the marker: %.40q", md)
	}
	links := mdLink.FindAllStringSubmatch(md, -1)
	for _, m := range links {
		u := m[1]
		if len(u) >= MaxLink {
			t.Errorf("link of %d characters", len(u))
		}
		base, frag, ok := strings.Cut(u, "#")
		if !ok || base != "https://recview.example/app/" {
			t.Errorf("link %q does not open the viewer", u)
			continue
		}
		f, err := permalink.Parse(frag)
		if err != nil {
			t.Errorf("link %q: %v", u, err)
			continue
		}
		if len(f.Sources) < 1 || len(f.Sources) > 2 {
			t.Errorf("link %q has %d sources", u, len(f.Sources))
		}
		for _, s := range f.Sources {
			if s.Kind != permalink.SourceURL || !strings.HasPrefix(s.Value, "https://raw.githubusercontent.com/ogx-ai/ogx/") {
				t.Errorf("link %q: source %+v, want a src= raw URL", u, s)
			}
		}
	}
	if strings.Contains(md, "&d=") || strings.Contains(md, "#v=2&d") {
		t.Error("comment holds inline data")
	}
}

// TestMarkdownEveryChangeSet: the comment of each change set of
// testdata, and of the whole sets where they are at hand, fits GitHub's
// limits; the high-severity pairs come first, then the medium ones, each
// in the order of the review and linked to the comparison of its two
// sides pinned to the two commits; the low ones, those of no severity and
// the added and deleted recordings are folded.
func TestMarkdownEveryChangeSet(t *testing.T) {
	type set struct {
		name       string
		base, head []File
	}
	var sets []set
	for _, name := range subsets {
		b, h := subset(t, name)
		sets = append(sets, set{name, b, h})
		if b, h, ok := sharedSet(t, name); ok {
			sets = append(sets, set{name + " (whole)", b, h})
		}
	}
	for _, name := range []string{full3681, full3737, full4103} {
		b, h, _ := readChangeSet(t, name)
		sets = append(sets, set{name, b, h})
	}
	for _, s := range sets {
		t.Run(s.name, func(t *testing.T) {
			res := review(t, s.base, s.head)
			md := res.Markdown(testLinks())
			checkMarkdown(t, md)
			if strings.Contains(md, "left out") {
				t.Errorf("rows left out of a real change set's comment (%d bytes)", len(md))
			}
			details := strings.Index(md, "<details>")
			if details < 0 {
				details = len(md)
			}
			for _, sev := range []Severity{SeverityHigh, SeverityMedium} {
				var group []Pair
				for _, p := range res.Pairs {
					if p.Severity == sev {
						group = append(group, p)
					}
				}
				title := fmt.Sprintf("\n#### %s: %d\n", upperFirst(string(sev)), len(group))
				i := strings.Index(md, title)
				if len(group) == 0 {
					if i >= 0 {
						t.Errorf("a table of %s pairs, and there is none", sev)
					}
					continue
				}
				if i < 0 || i > details {
					t.Fatalf("no table %q before the folded groups", title)
				}
				rows := strings.Split(md[i+len(title):], "\n")[3:] // the blank line and the table's head
				for k, p := range group {
					if k >= len(rows) || !strings.HasPrefix(rows[k], "| "+string(p.Verdict)+" | [") {
						t.Fatalf("%s row %d: %q, want the linked row of %s", sev, k, rows[min(k, len(rows)-1)], p.Label())
					}
					for side, path := range map[Side]string{Base: p.Base, Head: p.Head} {
						if path != "" && !strings.Contains(rows[k], "src="+testLinks().URL(side, path)) {
							t.Errorf("%s row %d lacks the link to its %s file %s", sev, k, side, path)
						}
					}
					if !strings.Contains(rows[k], escape(p.Why)) {
						t.Errorf("%s row %d lacks its why %q", sev, k, p.Why)
					}
				}
			}
			for _, c := range res.Severities() {
				if c.Of == SeverityLow || c.Of == SeverityNone {
					n := 0
					for _, p := range res.Pairs {
						if p.Severity == c.Of && p.Verdict != VerdictAdded && p.Verdict != VerdictDeleted && p.Change != Unchanged {
							n++
						}
					}
					if n > 0 && !strings.Contains(md, fmt.Sprintf("<details><summary>%s: %d</summary>", upperFirst(string(c.Of)), n)) {
						t.Errorf("no folded group of the %d %s pairs", n, c.Of)
					}
				}
			}
			if added, deleted := res.count(Added), res.count(Deleted); added+deleted > 0 && !strings.Contains(md, "<details><summary>Added and deleted: ") {
				t.Errorf("%d added and %d deleted, and no folded group of them", added, deleted)
			}
		})
	}
}

// TestMarkdownCut: when the rows do not fit, the folded groups lose their
// links, then their rows, before the pairs to look at lose anything; the
// comment says how many rows it left out.
func TestMarkdownCut(t *testing.T) {
	base, head, _ := synthetic(t, 3000)
	res := review(t, base, head)
	full := res.Markdown(testLinks())
	checkMarkdown(t, full)
	if !strings.Contains(full, "rows left out to stay within GitHub's 65536 characters: `recview review --json` lists every pair.") {
		t.Errorf("3,000 pairs fit in a comment? %d bytes", len(full))
	}
	high := 0
	for _, p := range res.Pairs {
		if p.Severity == SeverityHigh {
			high++
		}
	}
	// Every high pair has its row, before anything else loses fewer.
	i := strings.Index(full, fmt.Sprintf("\n#### High: %d\n\n", high))
	if i < 0 {
		t.Fatalf("no table of the %d high pairs", high)
	}
	if rows := strings.Split(full[i:], "\n")[5:]; len(rows) < high || !strings.HasPrefix(rows[high-1], "| changed ") || strings.HasPrefix(rows[high], "| ") {
		t.Errorf("the high table does not hold its %d rows", high)
	}
	for _, g := range []string{"<details><summary>None: ", "<details><summary>Added and deleted: "} {
		j := strings.Index(full, g)
		if j < 0 || !strings.Contains(full[j:j+200], "_Rows left out") {
			t.Errorf("the folded group %q keeps rows while the comment is full", g)
		}
	}
	// Without links, the same comment has room for more rows.
	bare := res.Markdown(MarkdownOptions{})
	if strings.Contains(bare, "](") || !strings.Contains(bare, "_No links") {
		t.Error("a comment without URLs has links, or does not say why it has none")
	}
	// A small set keeps every link, folded rows included: 14 pairs,
	// none unchanged, each linked once (an added file by its group's
	// row).
	b, h := subset(t, "qwen3-rerecord-3978")
	small := review(t, b, h).Markdown(testLinks())
	if n := strings.Count(small, "](https://recview.example/app/#v=2&src="); n != 14 {
		t.Errorf("%d links, want 14", n)
	}
	if strings.Contains(small, "left out") {
		t.Error("a small set leaves rows out")
	}
}

// TestEscape: texts in a comment cannot make links, HTML, mentions or
// table cells.
func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a|b":              `a\|b`,
		"<script>":         `\<script\>`,
		"[x](javascript:)": `\[x\](javascript:)`,
		"@user #12":        `\@user \#12`,
		"*em* _em_ `c`":    "\\*em\\* \\_em\\_ \\`c\\`",
		"line\nbreak":      "line break",
	} {
		if got := escape(in); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
	}
	if got := code("a`b|c"); got != "`a'b\\|c`" {
		t.Errorf("code = %q", got)
	}
}

func TestCommonDir(t *testing.T) {
	for _, tc := range []struct {
		pairs []Pair
		want  string
	}{
		{[]Pair{{Base: "a/b/x.json", Head: "a/b/y.json"}, {Head: "a/c/z.json"}}, "a/"},
		{[]Pair{{Base: "a/b/x.json"}, {Head: "a/b/c/z.json"}}, "a/b/"},
		{[]Pair{{Base: "x.json", Head: "a/x.json"}}, ""},
		{[]Pair{{Base: "ab/x.json"}, {Head: "a/x.json"}}, ""},
		{nil, ""},
	} {
		if got := commonDir(tc.pairs); got != tc.want {
			t.Errorf("commonDir(%v) = %q, want %q", tc.pairs, got, tc.want)
		}
	}
}
