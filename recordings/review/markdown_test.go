package review

import (
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

// TestMarkdownEveryChangeSet: the comment of each change set of testdata,
// and of the whole sets where they are at hand, fits GitHub's limits; the
// pairs to look at come first, linked, each to the comparison of its two
// sides pinned to the two commits.
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
	if b, h, _ := readChangeSet(t, full3681); true {
		sets = append(sets, set{"test-isolation-3681 (whole, testdata)", b, h})
	}
	for _, s := range sets {
		t.Run(s.name, func(t *testing.T) {
			res := review(t, s.base, s.head)
			md := res.Markdown(testLinks())
			checkMarkdown(t, md)
			// The first row to look at: the first pair, linked to its
			// sides at their commits.
			p := res.Pairs[0]
			if !p.Verdict.Meaningful() {
				// Nothing to look at: no such table, and so no link to check.
				if strings.Contains(md, "#### To look at") {
					t.Error("a table of pairs to look at, and no pair is meaningful")
				}
				return
			}
			i := strings.Index(md, "#### To look at")
			if i < 0 || strings.Index(md, "<details>") >= 0 && strings.Index(md, "<details>") < i {
				t.Fatal("no table of pairs to look at before the folded ones")
			}
			var want []string
			if p.Base != "" {
				want = append(want, "src="+testLinks().URL(Base, p.Base))
			}
			if p.Head != "" {
				want = append(want, "src="+testLinks().URL(Head, p.Head))
			}
			lines := strings.Split(md[i:], "\n")
			if len(lines) < 5 || !strings.HasPrefix(lines[4], "| "+string(p.Verdict)+" | [") {
				t.Fatalf("no linked row of %s after the table's head: %q", p.Verdict, lines[:min(len(lines), 5)])
			}
			for _, w := range want {
				if !strings.Contains(lines[4], w) {
					t.Errorf("first row %q lacks %q", lines[4], w)
				}
			}
		})
	}
}

// TestMarkdownCut: when the rows do not fit, the folded rows lose their
// links first, then rows are left out, and the comment says how many.
func TestMarkdownCut(t *testing.T) {
	base, head, _ := synthetic(t, 3000)
	res := review(t, base, head)
	full := res.Markdown(testLinks())
	checkMarkdown(t, full)
	if !strings.Contains(full, "rows left out to stay within GitHub's 65536 characters: `recview review --json` lists every pair.") {
		t.Errorf("3,000 pairs fit in a comment? %d bytes", len(full))
	}
	// Without links, the same comment has room for more rows.
	bare := res.Markdown(MarkdownOptions{})
	if strings.Contains(bare, "](") || !strings.Contains(bare, "_No links") {
		t.Error("a comment without URLs has links, or does not say why it has none")
	}
	// A small set keeps every link, folded rows included.
	b, h := subset(t, "qwen3-rerecord-3978")
	small := review(t, b, h).Markdown(testLinks())
	// 14 pairs, none unchanged: 14 rows, each linked.
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
