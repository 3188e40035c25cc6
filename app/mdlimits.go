package app

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// Model output is untrusted, and Markdown can make a few kilobytes cost
// the page seconds or its life: a GFM table pads every row to its header's
// columns (6 KB of source can make a million cells), and block quotes and
// lists nested thousands deep overflowed the browser's stack while it drew
// them. Past these limits a text is shown as text, with a notice naming
// the limit. They sit far above anything in the corpus of real recordings
// (docs/dev/markdown-limits.md has its measurements: a longest message of
// 15 KB, nesting 9 deep, no table, 3 links, 2,022 nodes).
const (
	// maxMarkdownBytes is the longest text rendered as Markdown, in
	// bytes: the most a message shows (maxShownText).
	maxMarkdownBytes = maxShownText
	// maxMarkdownDepth is the deepest nesting of block quotes and list
	// items.
	maxMarkdownDepth = 32
	// maxTableCells is the most cells of all the text's tables together.
	maxTableCells = 1000
	// maxMarkdownLinks is the most links (and autolinks and images).
	maxMarkdownLinks = 200
	// maxMarkdownNodes is the most elements of the parsed text.
	maxMarkdownNodes = 20000
)

// prescanMarkdown checks what goldmark would spend too long on before
// parsing src, reading it line by line: its size, the nesting that block
// quote and list markers at the start of a line make ("> > >", "- - -"),
// the cells a table's delimiter row promises for the rows after it, and
// the links its '[' could open (twice the limit: brackets are not all
// links).
// It returns the limit src passes, described for people, or "". Fenced
// code is skipped. Its counts are upper bounds: a text it lets through
// may still pass a limit, which countMarkdown finds in the parsed text.
func prescanMarkdown(src string) string {
	if len(src) > maxMarkdownBytes {
		return fmt.Sprintf("%s of text; the viewer renders Markdown of up to %s", byteSize(len(src)), byteSize(maxMarkdownBytes))
	}
	fence := ""
	deepest, cols, rows, cells, brackets := 0, 0, 0, 0, 0
	for line := range strings.Lines(src) {
		line = strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimLeft(line, " \t")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		deepest = max(deepest, markerDepth(line))
		brackets += strings.Count(line, "[")
		switch {
		case cols > 0 && trimmed == "":
			cells += cols * rows
			cols, rows = 0, 0
		case cols > 0:
			rows++
		default:
			cols, rows = delimiterCells(trimmed), 1 // the header row
		}
	}
	cells += cols * rows
	switch {
	case deepest > maxMarkdownDepth:
		return depthLimit(deepest)
	case cells > maxTableCells:
		return cellsLimit(cells)
	case brackets > 2*maxMarkdownLinks:
		return linksLimit(brackets, "about ")
	}
	return ""
}

// markerDepth counts the block quote and list markers that start line:
// each opens one more level of nesting.
func markerDepth(line string) int {
	d := 0
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '>':
			d++
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			d++
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				d++
				i = j + 2
				continue
			}
			return d
		default:
			return d
		}
	}
	return d
}

// delimiterCells returns the cells of a GFM table's delimiter row
// ("| --- | :-: |"), or 0 when line is not one.
func delimiterCells(line string) int {
	if !strings.Contains(line, "-") || !strings.Contains(line, "|") || strings.Trim(line, "|-: \t") != "" {
		return 0 // not a delimiter row (without a '|', a thematic break or a setext underline)
	}
	inner := strings.Trim(strings.TrimSpace(line), "|")
	return strings.Count(inner, "|") + 1
}

// mdCounts is what parsed Markdown holds, to hold against the limits.
type mdCounts struct {
	depth, cells, links, nodes int // depth: the deepest; the others: how many
}

// add counts o too.
func (c *mdCounts) add(o mdCounts) {
	c.depth = max(c.depth, o.depth)
	c.cells += o.cells
	c.links += o.links
	c.nodes += o.nodes
}

// countMarkdown counts what the parsed text doc holds.
func countMarkdown(doc ast.Node) mdCounts {
	var c mdCounts
	depth := 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		nested := false
		switch n.(type) {
		case *ast.Blockquote, *ast.ListItem:
			nested = true
		}
		if !entering {
			if nested {
				depth--
			}
			return ast.WalkContinue, nil
		}
		c.nodes++
		if nested {
			depth++
			c.depth = max(c.depth, depth)
		}
		switch n.(type) {
		case *extast.TableCell:
			c.cells++
		case *ast.Link, *ast.AutoLink, *ast.Image:
			c.links++
		}
		return ast.WalkContinue, nil
	})
	return c
}

// limit returns the limit c passes, described for people, or "".
func (c mdCounts) limit() string {
	switch {
	case c.depth > maxMarkdownDepth:
		return depthLimit(c.depth)
	case c.cells > maxTableCells:
		return cellsLimit(c.cells)
	case c.links > maxMarkdownLinks:
		return linksLimit(c.links, "")
	case c.nodes > maxMarkdownNodes:
		return fmt.Sprintf("%s elements; the viewer renders Markdown of up to %s", count(c.nodes), count(maxMarkdownNodes))
	}
	return ""
}

func linksLimit(n int, about string) string {
	return fmt.Sprintf("%s%s links; the viewer renders Markdown with up to %s", about, count(n), count(maxMarkdownLinks))
}

func depthLimit(d int) string {
	return fmt.Sprintf("nested %s deep; the viewer renders Markdown nested up to %d deep", count(d), maxMarkdownDepth)
}

func cellsLimit(n int) string {
	return fmt.Sprintf("tables of %s cells; the viewer renders Markdown tables of up to %s cells", count(n), count(maxTableCells))
}

// count writes n with thousands separators: 20,000.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
