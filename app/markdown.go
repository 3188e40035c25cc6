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
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Linkify, extension.Strikethrough, extension.TaskList,
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignNone))),
	goldmark.WithParserOptions(parser.WithASTTransformers(
		util.Prioritized(linkPolicy{}, 100), util.Prioritized(alignClasses{}, 101))),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(rawHTMLText{}, 100))),
)

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
				l.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
				l.SetAttributeString("target", []byte("_blank"))
				continue
			}
			for c := l.FirstChild(); c != nil; {
				next := c.NextSibling()
				parent.InsertBefore(parent, l, c)
				c = next
			}
			parent.RemoveChild(parent, l)
		case *ast.Image:
			// An image becomes a link to it (or its alt text).
			alt := ast.NewString([]byte("[image: " + string(l.Text(reader.Source())) + "]")) //nolint:staticcheck
			if safeURL(string(l.Destination)) {
				link := ast.NewLink()
				link.Destination = l.Destination
				link.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
				link.SetAttributeString("target", []byte("_blank"))
				link.AppendChild(link, alt)
				parent.ReplaceChild(parent, l, link)
			} else {
				parent.ReplaceChild(parent, l, alt)
			}
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

// rawHTMLText renders what CommonMark parses as raw HTML as text,
// escaped: an inline tag (ast.RawHTML) where it stands, an HTML block
// (ast.HTMLBlock, which runs to the next blank line) as
// <div class="md-html"> keeping its line breaks (web/app.css). It takes
// the place of goldmark's own renderer of the two kinds, which in safe
// mode writes "<!-- raw HTML omitted -->" for them.
type rawHTMLText struct{}

// RegisterFuncs implements goldmark's renderer.NodeRenderer.
func (rawHTMLText) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(ast.KindRawHTML, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			segs := n.(*ast.RawHTML).Segments
			for i := range segs.Len() {
				s := segs.At(i)
				_, _ = w.Write(util.EscapeHTML(s.Value(source)))
			}
		}
		return ast.WalkSkipChildren, nil
	})
	r.Register(ast.KindHTMLBlock, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		b := n.(*ast.HTMLBlock)
		if entering {
			_, _ = w.WriteString(`<div class="md-html">`)
			lines := b.Lines()
			for i := range lines.Len() {
				l := lines.At(i)
				_, _ = w.Write(util.EscapeHTML(l.Value(source)))
			}
			return ast.WalkContinue, nil
		}
		if b.HasClosure() {
			_, _ = w.Write(util.EscapeHTML(b.ClosureLine.Value(source)))
		}
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	})
}
