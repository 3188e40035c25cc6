package app

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

// A long text is rendered a segment at a time, one segment per frame
// (markdownText), since goldmark cannot stop half way: its source is cut
// into segments of about mdSegmentBytes at blank lines that end every
// open block (the next line starts a paragraph, a heading or a fence at
// the left margin), and each segment is parsed and rendered alone.
// Reference definitions ("[a]: https://...") anywhere in the text are
// added to every segment, so references resolve across them.

// mdSegmentBytes is about how much source one segment holds.
const mdSegmentBytes = 4 << 10

// mdRendering is a text rendered as Markdown, or being rendered: its HTML
// so far, one piece per segment, each an element (<div class="md-part">);
// or, when the text passes a limit (mdlimits.go) or goldmark fails, why
// it is shown as text instead.
type mdRendering struct {
	pieces []string
	over   string // the limit the text passes, for a notice
	failed string // goldmark's error, for an error card

	segs   []string // the text's segments, each with the reference definitions
	next   int      // the first segment not rendered yet
	counts mdCounts // what the segments rendered so far hold
}

// complete reports whether the whole text is rendered, or refused.
func (r *mdRendering) complete() bool {
	return r.over != "" || r.failed != "" || r.next >= len(r.segs)
}

// mdCache keeps renderings by source: a page re-renders on every step,
// and the request's messages do not change between steps. segCache keeps
// rendered segments, so that a stream's growing answer renders only its
// last segment again at each step.
var (
	mdCache  = map[string]*mdRendering{}
	segCache = map[string]*mdSegment{}
)

// maxMDCache bounds each cache; past it the cache starts over.
const maxMDCache = 512

// mdSegment is one rendered segment.
type mdSegment struct {
	html   string
	counts mdCounts
	failed string
}

// renderMarkdown returns the rendering of src, with its first segment
// rendered (all of it for a short text): call renderNext for the rest.
// Results are cached; it is meant for the UI goroutine only.
func renderMarkdown(src string) *mdRendering {
	if r, ok := mdCache[src]; ok {
		return r
	}
	r := startMarkdown(src)
	renderNext(markdown, r)
	if len(mdCache) >= maxMDCache {
		clear(mdCache)
	}
	mdCache[src] = r
	return r
}

// convertMarkdown renders the whole of src with md, uncached.
func convertMarkdown(src string) *mdRendering { return convertWith(markdown, src) }

// convertWith is convertMarkdown with the goldmark md.
func convertWith(md goldmark.Markdown, src string) *mdRendering {
	r := startMarkdown(src)
	for !r.complete() {
		renderNext(md, r)
	}
	return r
}

// startMarkdown checks src against the limits it can tell without
// parsing (prescanMarkdown) and cuts it into segments.
func startMarkdown(src string) *mdRendering {
	if over := prescanMarkdown(src); over != "" {
		return &mdRendering{over: over}
	}
	return &mdRendering{segs: mdSegments(src)}
}

// renderNext renders the next segment of r with md, and refuses the text
// once what it holds passes a limit.
func renderNext(md goldmark.Markdown, r *mdRendering) {
	if r.complete() {
		return
	}
	seg := r.segs[r.next]
	r.next++
	s := segCache[seg]
	if s == nil || md != markdown {
		s = renderSegment(md, seg)
		if md == markdown {
			if len(segCache) >= maxMDCache {
				clear(segCache)
			}
			segCache[seg] = s
		}
	}
	if s.failed != "" {
		r.pieces, r.failed = nil, s.failed
		return
	}
	r.counts.add(s.counts)
	if over := r.counts.limit(); over != "" {
		r.pieces, r.over = nil, over
		return
	}
	r.pieces = append(r.pieces, s.html)
}

// renderSegment parses and renders one segment. A panic in goldmark is
// the segment's failure, not the page's.
func renderSegment(md goldmark.Markdown, src string) (s *mdSegment) {
	defer func() {
		if p := recover(); p != nil {
			s = &mdSegment{failed: fmt.Sprint(p)}
		}
	}()
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	s = &mdSegment{counts: countMarkdown(doc)}
	if s.counts.limit() != "" {
		return s // refused: not worth rendering
	}
	var b bytes.Buffer
	b.WriteString(`<div class="md-part">`)
	if err := md.Renderer().Render(&b, source, doc); err != nil {
		return &mdSegment{failed: err.Error()}
	}
	b.WriteString(`</div>`)
	s.html = b.String()
	return s
}

// refDefinition matches a line that defines a reference link.
var refDefinition = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:`)

// mdSegments cuts src into segments of about mdSegmentBytes (see above),
// outside fenced code, each followed by the text's reference definitions.
func mdSegments(src string) []string {
	var segs, defs []string
	start, fence, blank := 0, "", false
	off := 0
	for line := range strings.Lines(src) {
		at := off
		off += len(line)
		trimmed := strings.TrimLeft(strings.TrimRight(line, "\r\n"), " \t")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			blank = false
			continue
		}
		if blank && at-start >= mdSegmentBytes && startsBlock(line) {
			segs = append(segs, src[start:at])
			start = at
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
		}
		if refDefinition.MatchString(line) {
			defs = append(defs, strings.TrimRight(line, "\r\n"))
		}
		blank = trimmed == ""
	}
	segs = append(segs, src[start:])
	if len(segs) > 1 && len(defs) > 0 {
		d := "\n\n" + strings.Join(defs, "\n") + "\n"
		for i := range segs {
			segs[i] += d
		}
	}
	return segs
}

// startsBlock reports whether line, after a blank line, starts a block at
// the left margin that ends every block before it: not indented, and not
// a list item, a block quote or a table row, which could continue one.
func startsBlock(line string) bool {
	if line == "" {
		return false
	}
	switch c := line[0]; {
	case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '>' || c == '|' || c == '[':
		return false
	case c == '-' || c == '*' || c == '+' || c >= '0' && c <= '9':
		return markerDepth(line) == 0 && !strings.HasPrefix(line, "---") && !strings.HasPrefix(line, "***")
	}
	return true
}
