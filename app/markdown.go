package app

import (
	"bytes"
	"html"
	"net/url"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown renders LLM output, which is untrusted: goldmark's safe mode
// (raw HTML is dropped, never passed through), links kept only for http,
// https and mailto, and images turned into plain links so that the page
// never fetches what a model wrote.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linkPolicy{}, 100))),
)

// mdCache keeps rendered Markdown by source: a page re-renders on every
// step, and the request's messages do not change between steps.
var mdCache = map[string]string{}

// maxMDCache bounds mdCache; past it the cache starts over.
const maxMDCache = 512

// renderMarkdown returns src as HTML wrapped in one <div class="md">.
// Results are cached; it is meant for the UI goroutine only.
func renderMarkdown(src string) string {
	if html, ok := mdCache[src]; ok {
		return html
	}
	html := convertMarkdown(src)
	if len(mdCache) >= maxMDCache {
		clear(mdCache)
	}
	mdCache[src] = html
	return html
}

// convertMarkdown is renderMarkdown without the cache: goldmark's HTML,
// or src escaped in a <pre> should goldmark fail.
func convertMarkdown(src string) string {
	var b bytes.Buffer
	b.WriteString(`<div class="md">`)
	if err := markdown.Convert([]byte(src), &b); err != nil {
		return `<div class="md"><pre>` + html.EscapeString(src) + `</pre></div>`
	}
	b.WriteString(`</div>`)
	return b.String()
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
