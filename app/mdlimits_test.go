package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// hostileMarkdown are texts whose Markdown costs the page far more than
// their size: the reports that set the limits, and their neighbours.
var hostileMarkdown = []struct {
	name, src, limit string // limit: what the notice must say
}{
	{"table 1,000 × 1,000", "|" + strings.Repeat("a|", 1000) + "\n|" + strings.Repeat("-|", 1000) + "\n" + strings.Repeat("b\n", 1000), "tables of 1,001,000 cells"},
	{"table 40 × 40", "|" + strings.Repeat("a|", 40) + "\n|" + strings.Repeat(":-:|", 40) + "\n" + strings.Repeat("b\n", 40), "tables of 1,640 cells"},
	{"block quote 20,000 deep", strings.Repeat(">", 20000) + " deep", "nested 20,000 deep"},
	{"list 6,000 deep", strings.Repeat("- ", 6000) + "x", "nested 6,000 deep"},
	{"ordered list 40 deep", strings.Repeat("1. ", 40) + "x", "nested 40 deep"},
	{"lists nested by indentation", func() string {
		var b strings.Builder
		for i := range 40 {
			b.WriteString(strings.Repeat("  ", i) + "- x\n")
		}
		return b.String()
	}(), "nested 40 deep"},
	{"5,000 reference links", strings.Repeat("[a] ", 5000) + "\n\n[a]: https://example.com\n", "about 5,001 links"},
	{"600 links", strings.Repeat("<https://example.com> ", 600), "600 links"},
	{"20,000 reference links", strings.Repeat("[a] ", 20000) + "\n\n[a]: https://example.com\n", "about 20,001 links"},
	{"too long", strings.Repeat("word ", 30000), "146.5 KB of text"},
	{"many elements", strings.Repeat("*a* ", 25000), "elements"},
}

// TestMarkdownLimits: each hostile text is shown as text, with a notice
// naming the limit it passes.
func TestMarkdownLimits(t *testing.T) {
	for _, tc := range hostileMarkdown {
		t.Run(tc.name, func(t *testing.T) {
			r := convertMarkdown(tc.src)
			if r.over == "" || len(r.pieces) != 0 {
				t.Fatalf("rendered as Markdown (%d pieces), want a limit", len(r.pieces))
			}
			if !strings.Contains(r.over, tc.limit) {
				t.Errorf("notice %q does not say %q", r.over, tc.limit)
			}
		})
	}
}

// TestMarkdownWithinLimits: texts at the limits, and every text of the
// corpus of real recordings, render as Markdown.
func TestMarkdownWithinLimits(t *testing.T) {
	within := []string{
		"|" + strings.Repeat("a|", 30) + "\n|" + strings.Repeat("-|", 30) + "\n" + strings.Repeat("b\n", 32), // 990 cells
		strings.Repeat(">", 32) + " deep",
		strings.Repeat("- ", 32) + "x",
		strings.Repeat("[a] ", 200) + "\n\n[a]: https://example.com\n",
		"```\n" + strings.Repeat("> ", 100) + "\n|-|-|\n```\n", // markers inside fenced code are text
		"a --- b\n\n---\n\nc | d\n",                            // a thematic break and a pipe are no table
	}
	for _, src := range within {
		if r := convertMarkdown(src); r.over != "" || r.failed != "" || len(r.pieces) == 0 {
			t.Errorf("%.40q: %+v", src, r)
		}
	}
	texts := 0
	for _, name := range corpustest.Files(t) {
		rec, err := recordings.Parse(name, corpustest.Read(t, name))
		if err != nil {
			t.Fatal(err)
		}
		check := func(s string) {
			if s == "" || len(s) > maxShownText {
				return
			}
			texts++
			if r := convertMarkdown(s); r.over != "" || r.failed != "" {
				t.Errorf("%s: a text of %d bytes is not rendered: %s%s", name, len(s), r.over, r.failed)
			}
		}
		for _, m := range rec.Conversation().Messages {
			for _, p := range m.Parts {
				if p.Kind == recordings.PartText {
					check(p.Text)
				}
			}
		}
		if v, _ := recordings.Assemble(rec); v != nil {
			for _, c := range recordings.ReadAnswer(rec.Family, v).Choices {
				check(c.Text())
			}
		}
	}
	if texts < 400 {
		t.Errorf("only %d corpus texts checked", texts)
	}
}

// TestMarkdownSegments: a long text is rendered in segments of whole
// blocks that together are the whole; a reference defined at the end
// resolves in every segment; fenced code and lists are not cut.
func TestMarkdownSegments(t *testing.T) {
	src := strings.Repeat("A paragraph of *text* and `code`, with a [ref][r], that goes on for a while.\n\n", 150) +
		strings.Repeat("A paragraph of *text* and `code`, without a link, that goes on for a while.\n\n", 850) +
		"```\n" + strings.Repeat("code line\n\n", 2000) + "```\n\n" +
		strings.Repeat("- an item\n\n  its second paragraph\n\n", 300) +
		"[r]: https://example.com/ref\n"
	segs, _ := mdSegments(src)
	if len(segs) < 8 {
		t.Fatalf("%d segments, want many", len(segs))
	}
	r := convertMarkdown(src)
	if r.over != "" || r.failed != "" {
		t.Fatalf("not rendered: %s%s", r.over, r.failed)
	}
	whole := strings.Join(r.pieces, "")
	for what, want := range map[string]int{
		"<p>A paragraph":                    1000,
		`<a href="https://example.com/ref"`: 150,
		"<pre><code>":                       1,
		"<li>":                              300,
	} {
		if n := strings.Count(whole, what); n != want {
			t.Errorf("%d × %s in the pieces, want %d", n, what, want)
		}
	}
	if n := strings.Count(whole, `<div class="md-part">`); n != len(segs) {
		t.Errorf("%d pieces for %d segments", n, len(segs))
	}
}

// TestTableAlignment: aligned columns get classes, never a style
// attribute (the Content-Security-Policy refuses inline style).
func TestTableAlignment(t *testing.T) {
	r := convertMarkdown("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
	out := strings.Join(r.pieces, "")
	for _, want := range []string{`<th class="align-left">a</th>`, `<td class="align-center">2</td>`, `<td class="align-right">3</td>`, `<td>4</td>`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "style") {
		t.Errorf("output has a style attribute:\n%s", out)
	}
}

// panicky is an AST transformer that panics, standing in for a goldmark
// bug.
type panicky struct{}

func (panicky) Transform(*ast.Document, text.Reader, parser.Context) { panic("a bug in goldmark") }

// TestMarkdownFailure: goldmark panicking on a text is that text's
// failure, described for its error card, not the page's.
func TestMarkdownFailure(t *testing.T) {
	md := goldmark.New(goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(panicky{}, 1))))
	r := convertWith(md, "*hello*")
	if r.failed != "a bug in goldmark" || len(r.pieces) != 0 {
		t.Errorf("got %+v, want the panic as the failure", r)
	}
}

// TestMarkdownTextRender: the component draws a notice and the text for
// a text past a limit, and for a text within the limits an empty
// <div class="md"> (its pieces are written into it in the page, frame by
// frame; e2e's TestLongMarkdown checks them).
func TestMarkdownTextRender(t *testing.T) {
	html := app.HTMLString(&markdownText{Isrc: strings.Repeat(">", 100) + " deep"})
	if !strings.Contains(html, `data-testid="md-limit"`) || !strings.Contains(html, "nested 100 deep") || strings.Contains(html, "<blockquote") {
		t.Errorf("a text past the depth limit draws:\n%.600s", html)
	}
	html = app.HTMLString(&markdownText{Isrc: "*hello*"})
	if !strings.Contains(html, `<div class="md"></div>`) || strings.Contains(html, "md-limit") {
		t.Errorf("a text within the limits draws:\n%s", html)
	}
}
