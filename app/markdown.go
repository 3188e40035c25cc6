package app

import (
	"net/url"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown renders LLM output, which is untrusted: goldmark's safe mode
// (raw HTML is never passed through), with raw HTML and tag-like text
// shown as the text it is (rawHTMLText: prompts are full of tags like
// <document> and llama-guard's <BEGIN CONVERSATION>, which goldmark's
// safe mode would drop), links kept only for http,
// https and mailto, images turned into plain links so that the page never
// fetches what a model wrote, and table alignment written as classes
// (align-left, align-center, align-right) rather than style attributes,
// which the Content-Security-Policy (style-src 'self') refuses.
var markdown = newMarkdown(rawHTMLText{}, util.Prioritized(deltaMarks{}, 102))

// newMarkdown is the viewer's goldmark, its extensions and its link and
// table policies, with raw HTML written by rawHTML and the AST
// transformers more run after the policies (markdown's delta marks).
func newMarkdown(rawHTML renderer.NodeRenderer, more ...util.PrioritizedValue) goldmark.Markdown {
	transformers := append([]util.PrioritizedValue{util.Prioritized(linkPolicy{}, 100), util.Prioritized(alignClasses{}, 101)}, more...)
	return goldmark.New(
		goldmark.WithExtensions(extension.Linkify, extension.Strikethrough, extension.TaskList,
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignNone))),
		goldmark.WithParserOptions(parser.WithASTTransformers(transformers...)),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(rawHTML, 100))),
	)
}

// safeURL reports whether a link may stay a link.
func safeURL(dest string) bool {
	u, err := url.Parse(strings.TrimSpace(dest))
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// unfollowed says where a link or an image that is not followed
// pointed, so that its destination is not dropped without a word: a
// relative one as it is written (" (/wiki/page#3.2)"), one of another
// scheme by its scheme alone (" (a javascript link, not followed)"),
// whose text could be long (a data URL) or hostile; "" for none.
func unfollowed(dest string) string {
	dest = strings.TrimSpace(dest)
	u, err := url.Parse(dest)
	switch {
	case dest == "":
		return ""
	case err != nil:
		return " (a link that does not parse, not followed)"
	case u.Scheme != "":
		return " (a " + strings.ToLower(u.Scheme) + " link, not followed)"
	}
	return " (" + dest + ")"
}

// linkPolicy rewrites links and images after parsing.
type linkPolicy struct{}

// Transform implements goldmark's parser.ASTTransformer: it walks the
// parsed document and applies the link policy to every link and image.
func (linkPolicy) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var links []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch n.(type) {
			case *ast.Link, *ast.Image, *ast.AutoLink:
				links = append(links, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range links {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		switch l := n.(type) {
		case *ast.Link:
			if safeURL(string(l.Destination)) {
				harden(l)
				continue
			}
			for c := l.FirstChild(); c != nil; {
				next := c.NextSibling()
				parent.InsertBefore(parent, l, c)
				c = next
			}
			if note := unfollowed(string(l.Destination)); note != "" {
				parent.InsertBefore(parent, l, ast.NewString([]byte(note)))
			}
			parent.RemoveChild(parent, l)
		case *ast.Image:
			// An image becomes a link to it, or its alt text and where
			// it pointed.
			text := "[image: " + string(l.Text(reader.Source())) //nolint:staticcheck
			if !safeURL(string(l.Destination)) {
				parent.ReplaceChild(parent, l, ast.NewString([]byte(text+unfollowed(string(l.Destination))+"]")))
				continue
			}
			link := ast.NewLink()
			link.Destination = l.Destination
			harden(link)
			link.AppendChild(link, ast.NewString([]byte(text+"]")))
			parent.ReplaceChild(parent, l, link)
		case *ast.AutoLink:
			if !safeURL(string(l.URL(reader.Source()))) {
				parent.ReplaceChild(parent, l, ast.NewString(l.URL(reader.Source())))
			}
		}
	}
}

// alignClasses gives each aligned table cell the class align-left,
// align-center or align-right (web/app.css aligns them), in place of the
// style attribute goldmark would write.
type alignClasses struct{}

// Transform implements goldmark's parser.ASTTransformer.
func (alignClasses) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*extast.TableCell); ok && entering && c.Alignment != extast.AlignNone {
			c.SetAttributeString("class", []byte("align-"+c.Alignment.String()))
		}
		return ast.WalkContinue, nil
	})
}

// A stream's answer, while stepping, is rendered with the text its last
// chunk added (the delta, the source from an offset to its end) inside
// <mark> elements: the parse is given the delta's range under markKey,
// deltaMarks puts <mark> and </mark> around the inline nodes it reaches
// (text split at the delta's start), and the code and HTML blocks'
// renderers (rawHTMLText) mark the part of their lines in it. Without
// the <mark> tags the HTML is the same as without a range
// (TestDeltaMarks, TestStepMarkdown).

// markKey is the parser.Context key of the range to mark, a [2]int of
// source offsets [from, to).
var markKey = parser.NewContextKey()

// markMeta is the document's metadata key of the range, for the
// renderers.
const markMeta = "recview-mark"

// deltaMarks marks the range under markKey, if any: it splits the text
// nodes it cuts and puts what is inside between two ast.String nodes of
// code (written as they are): <mark> and </mark>. A code span, inline
// HTML or an autolink it reaches is marked whole (their renderers write
// their text as it is). It leaves the range in the document's metadata
// for the block renderers.
type deltaMarks struct{}

// Transform implements goldmark's parser.ASTTransformer.
func (deltaMarks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	m, ok := pc.Get(markKey).([2]int)
	if !ok || m[0] >= m[1] {
		return
	}
	doc.AddMeta(markMeta, m)
	src := reader.Source()
	var marked []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var seg text.Segment
		switch n := n.(type) {
		case *ast.Text:
			seg = n.Segment
		case *ast.CodeSpan, *ast.RawHTML, *ast.AutoLink:
			// Each ends where its last text, segment or label does.
			seg = text.NewSegment(n.Pos(), lastByte(n, src))
		default:
			return ast.WalkContinue, nil
		}
		if seg.Start < m[1] && seg.Stop > m[0] {
			marked = append(marked, n)
		}
		return ast.WalkSkipChildren, nil
	})
	for _, n := range marked {
		if t, ok := n.(*ast.Text); ok {
			n = splitText(t, src, m)
		}
		p := n.Parent()
		p.InsertBefore(p, n, codeString("<mark>"))
		p.InsertAfter(p, n, codeString("</mark>"))
	}
}

// codeString is a node written as it is.
func codeString(s string) *ast.String {
	n := ast.NewString([]byte(s))
	n.SetCode(true)
	return n
}

// lastByte is the end of the source a code span, inline HTML or autolink
// stands for: that of its last text, segment or label (a label is a
// slice of the source, whose capacity tells where it starts).
func lastByte(n ast.Node, src []byte) int {
	switch n := n.(type) {
	case *ast.RawHTML:
		if k := n.Segments.Len(); k > 0 {
			return n.Segments.At(k - 1).Stop
		}
	case *ast.AutoLink:
		if l := n.Label(src); len(l) > 0 {
			return cap(src) - cap(l) + len(l)
		}
	default:
		if t, ok := n.LastChild().(*ast.Text); ok {
			return t.Segment.Stop
		}
	}
	return n.Pos()
}

// splitText cuts t so that the part of it in the range m is a text node
// of its own, which it returns. The line break t ends with stays on the
// last piece. The cut never splits a character, a backslash escape or a
// character reference (textCut), which the renderer reads as a whole.
func splitText(t *ast.Text, src []byte, m [2]int) *ast.Text {
	s, p := t.Segment, t.Parent()
	if s.Padding != 0 {
		return t
	}
	a, b := textCut(src, s.Start, max(s.Start, m[0])), min(s.Stop, m[1])
	piece := func(from, to int) *ast.Text {
		x := ast.NewTextSegment(text.NewSegment(from, to))
		x.SetRaw(t.IsRaw())
		p.InsertBefore(p, t, x)
		return x
	}
	if a > s.Start {
		piece(s.Start, a)
	}
	mid := piece(a, b)
	last := mid
	if b < s.Stop {
		last = piece(b, s.Stop)
	}
	last.SetSoftLineBreak(t.SoftLineBreak())
	last.SetHardLineBreak(t.HardLineBreak())
	p.RemoveChild(p, t)
	return mid
}

// textCut moves the cut i (lo <= i) back to the start of the character,
// backslash escape or character reference (&name;, &#n;) it falls in,
// not before lo.
func textCut(src []byte, lo, i int) int {
	for i > lo && src[i]&0xC0 == 0x80 {
		i--
	}
	refByte := func(c byte) bool { return c == '#' || util.IsAlphaNumeric(c) }
	for j := i - 1; j >= lo && i-j <= 32; j-- {
		if src[j] == '&' {
			k := i
			for k < len(src) && k-j <= 40 && refByte(src[k]) {
				k++
			}
			if k < len(src) && src[k] == ';' {
				i = j
			}
			break
		}
		if !refByte(src[j]) {
			break
		}
	}
	n := 0
	for j := i - 1; j >= lo && src[j] == '\\'; j-- {
		n++
	}
	if n%2 == 1 {
		i--
	}
	return i
}

// markOf is the range the document of n marks, or an empty one.
func markOf(n ast.Node) [2]int {
	if d := n.OwnerDocument(); d != nil {
		m, _ := d.Meta()[markMeta].([2]int)
		return m
	}
	return [2]int{}
}

// writeLine writes a block's line as goldmark does (the segment's
// Value: its padding, its bytes, the newline it is forced to end with),
// each piece through write, the part of it in m inside <mark>.
func writeLine(w util.BufWriter, src []byte, l text.Segment, m [2]int, write func(util.BufWriter, []byte)) {
	for range l.Padding {
		_ = w.WriteByte(' ')
	}
	a, b := min(max(m[0], l.Start), l.Stop), min(max(m[1], l.Start), l.Stop)
	for a > l.Start && src[a]&0xC0 == 0x80 {
		a--
	}
	write(w, src[l.Start:a])
	if a < b {
		_, _ = w.WriteString("<mark>")
		write(w, src[a:b])
		_, _ = w.WriteString("</mark>")
	}
	write(w, src[b:l.Stop])
	if l.ForceNewline && (l.Stop > l.Start && src[l.Stop-1] != '\n' || l.Stop == l.Start && l.Padding > 0) {
		_ = w.WriteByte('\n')
	}
}

// escaped writes b with HTML's special characters escaped.
func escaped(w util.BufWriter, b []byte) { _, _ = w.Write(util.EscapeHTML(b)) }

// rawHTMLText renders what CommonMark parses as raw HTML as text,
// escaped: an inline tag (ast.RawHTML) where it stands, an HTML block
// (ast.HTMLBlock, which runs to the next blank line) as
// <div class="md-html"> keeping its line breaks (web/app.css). It takes
// the place of goldmark's own renderer of the two kinds, which in safe
// mode writes "<!-- raw HTML omitted -->" for them. It also writes code
// blocks, as goldmark does: with the HTML block's lines, theirs are where
// a step's delta is marked (deltaMarks).
type rawHTMLText struct{}

// RegisterFuncs implements goldmark's renderer.NodeRenderer.
func (rawHTMLText) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(ast.KindRawHTML, renderRawHTML)
	r.Register(ast.KindHTMLBlock, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		b, m := n.(*ast.HTMLBlock), markOf(n)
		if entering {
			_, _ = w.WriteString(`<div class="md-html">`)
			lines := b.Lines()
			for i := range lines.Len() {
				writeLine(w, source, lines.At(i), m, escaped)
			}
			return ast.WalkContinue, nil
		}
		if b.HasClosure() {
			writeLine(w, source, b.ClosureLine, m, escaped)
		}
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	})
	// Code blocks written as goldmark writes them (renderCodeBlock,
	// renderFencedCodeBlock), their lines in the delta marked.
	code := func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			_, _ = w.WriteString("</code></pre>\n")
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString("<pre><code")
		if f, ok := n.(*ast.FencedCodeBlock); ok {
			if lang := f.Language(source); lang != nil {
				_, _ = w.WriteString(` class="language-`)
				html.DefaultWriter.Write(w, lang)
				_ = w.WriteByte('"')
			}
		}
		_ = w.WriteByte('>')
		m, lines := markOf(n), n.Lines()
		for i := range lines.Len() {
			writeLine(w, source, lines.At(i), m, html.DefaultWriter.RawWrite)
		}
		return ast.WalkContinue, nil
	}
	r.Register(ast.KindCodeBlock, code)
	r.Register(ast.KindFencedCodeBlock, code)
}

// renderRawHTML writes inline raw HTML (an ast.RawHTML) as the text it
// is, escaped: a goldmark renderer.NodeRendererFunc.
func renderRawHTML(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := n.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			s := segs.At(i)
			_, _ = w.Write(util.EscapeHTML(s.Value(source)))
		}
	}
	return ast.WalkSkipChildren, nil
}

// harden makes a link that is followed open in a new tab, with no
// referrer and no opener: the page's address (a permalink holding the
// recording) never reaches the site an answer links to.
func harden(link *ast.Link) {
	link.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
	link.SetAttributeString("target", []byte("_blank"))
}
