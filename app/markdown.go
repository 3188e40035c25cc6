package app

import (
	"net/url"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown renders LLM output, which is untrusted: goldmark's safe mode
// (raw HTML is dropped, never passed through), links kept only for http,
// https and mailto, images turned into plain links so that the page never
// fetches what a model wrote, and table alignment written as classes
// (align-left, align-center, align-right) rather than style attributes,
// which the Content-Security-Policy (style-src 'self') refuses.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Linkify, extension.Strikethrough, extension.TaskList,
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignNone))),
	goldmark.WithParserOptions(parser.WithASTTransformers(
		util.Prioritized(linkPolicy{}, 100), util.Prioritized(alignClasses{}, 101))),
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
