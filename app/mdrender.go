package app

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
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
	starts []int    // where each segment starts in the text
	size   int      // the text's length
	mark   int      // the text from this offset to its end is marked (the delta); size for none
	next   int      // the first segment not rendered yet
	counts mdCounts // what the segments rendered so far hold
}

// complete reports whether the whole text is rendered, or refused.
func (r *mdRendering) complete() bool {
	return r.over != "" || r.failed != "" || r.next >= len(r.segs)
}

// mdCache keeps renderings by source: a page re-renders on every step,
// and the request's messages do not change between steps. stepCache
// keeps the renderings of a stream's steps (a text and its delta) apart,
// so that stepping, which makes one a step, never clears the messages'
// renderings. segCache keeps rendered segments without a mark, so that a
// stream's growing answer renders only its last segment again at each
// step (the one its delta is in, marked).
var (
	mdCache   = map[mdKey]*mdRendering{}
	stepCache = map[mdKey]*mdRendering{}
	segCache  = map[string]*mdSegment{}
)

// mdKey is a rendering's text and where its delta starts (its length
// for none).
type mdKey struct {
	src  string
	mark int
}

// maxMDCache bounds each cache; past it the cache starts over.
const maxMDCache = 512

// mdSegment is one rendered segment.
type mdSegment struct {
	html   string
	counts mdCounts
	failed string
}

// mdStepBytes is how much source a rendering with a delta renders at
// once, past the segments already rendered: a step's answer is drawn
// whole in one frame, unless a long text has to be rendered anew.
const mdStepBytes = 32 << 10

// renderMarkdown returns the rendering of src, with its first segment
// rendered (all of it for a short text), and the segments after it that
// are cached: call renderNext for the rest. Results are cached; it is
// meant for the UI goroutine only.
func renderMarkdown(src string) *mdRendering { return renderMarked(src, len(src)) }

// renderMarked is renderMarkdown with the text from mark to its end (the
// delta a stream's step added) marked. Past the first segment it renders
// those cached, those the delta is in, and others up to mdStepBytes.
func renderMarked(src string, mark int) *mdRendering {
	k, cache := mdKey{src, mark}, mdCache
	if mark < len(src) {
		cache = stepCache
	}
	if r, ok := cache[k]; ok {
		return r
	}
	r := startMarkdown(src, mark)
	budget := 0
	if mark < len(src) {
		budget = mdStepBytes
	}
	renderNext(markdown, r)
	for !r.complete() && r.takes(r.next, &budget) {
		renderNext(markdown, r)
	}
	if len(cache) >= maxMDCache {
		clear(cache)
	}
	cache[k] = r
	return r
}

// takes reports whether renderMarked renders segment i at once: it is
// cached, the delta is in it, or it fits in what is left of budget,
// which it then spends.
func (r *mdRendering) takes(i int, budget *int) bool {
	if r.cached(i) || r.markIn(i) != [2]int{} {
		return true
	}
	if len(r.segs[i]) > *budget {
		return false
	}
	*budget -= len(r.segs[i])
	return true
}

// cached reports whether segment i is rendered already, in segCache.
func (r *mdRendering) cached(i int) bool {
	_, ok := segCache[r.segs[i]]
	return ok && r.markIn(i) == [2]int{}
}

// markIn is the part of the delta in segment i, in the segment's
// offsets; empty when the delta is not in it.
func (r *mdRendering) markIn(i int) [2]int {
	end := r.size - r.starts[i] // before the definitions added to it
	if i+1 < len(r.starts) {
		end = r.starts[i+1] - r.starts[i]
	}
	from := max(0, r.mark-r.starts[i])
	if from >= end {
		return [2]int{}
	}
	return [2]int{from, end}
}

// convertMarkdown renders the whole of src with md, uncached.
func convertMarkdown(src string) *mdRendering { return convertWith(markdown, src) }

// convertWith is convertMarkdown with the goldmark md.
func convertWith(md goldmark.Markdown, src string) *mdRendering {
	r := startMarkdown(src, len(src))
	for !r.complete() {
		renderNext(md, r)
	}
	return r
}

// startMarkdown checks src against the limits it can tell without
// parsing (prescanMarkdown) and cuts it into segments; the text from
// mark to its end is to be marked.
func startMarkdown(src string, mark int) *mdRendering {
	if over := prescanMarkdown(src); over != "" {
		return &mdRendering{over: over, size: len(src), mark: mark}
	}
	segs, starts := mdSegments(src)
	return &mdRendering{segs: segs, starts: starts, size: len(src), mark: mark}
}

// renderNext renders the next segment of r with md, and refuses the text
// once what it holds passes a limit. A segment without the delta is
// cached.
func renderNext(md goldmark.Markdown, r *mdRendering) {
	if r.complete() {
		return
	}
	i := r.next
	seg, m := r.segs[i], r.markIn(i)
	r.next++
	s := segCache[seg]
	if m != [2]int{} || s == nil || md != markdown {
		s = renderSegment(md, seg, m)
		if md == markdown && m == [2]int{} {
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

// renderSegment parses and renders one segment, the range mark of it
// marked (none when empty). A panic in goldmark is the segment's
// failure, not the page's.
func renderSegment(md goldmark.Markdown, src string, mark [2]int) (s *mdSegment) {
	defer func() {
		if p := recover(); p != nil {
			s = &mdSegment{failed: fmt.Sprint(p)}
		}
	}()
	source := []byte(src)
	pc := parser.NewContext()
	if mark != [2]int{} {
		pc.Set(markKey, mark)
	}
	doc := md.Parser().Parse(text.NewReader(source), parser.WithContext(pc))
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
// outside fenced code, each followed by the text's reference definitions,
// and gives where each starts in src.
func mdSegments(src string) (segs []string, starts []int) {
	var defs []string
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
			segs, starts = append(segs, src[start:at]), append(starts, start)
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
	segs, starts = append(segs, src[start:]), append(starts, start)
	if len(segs) > 1 && len(defs) > 0 {
		d := "\n\n" + strings.Join(defs, "\n") + "\n"
		for i := range segs {
			segs[i] += d
		}
	}
	return segs, starts
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
