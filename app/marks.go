package app

import (
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// maxMarks caps the marks of a step bar's strip; longer streams get one
// mark per group of chunks.
const maxMarks = 600

// markInfo is one mark of the strip: chunks first..last (1-based), the
// group's strongest delta kind, and its tooltip.
type markInfo struct {
	first, last int
	kind, title string
}

// stripMarks computes a stream's strip, once, when the recording opens:
// it does not change with the step. It calls between, when not nil, after
// every 1,000 chunks looked at, so a stream of tens of thousands of chunks
// lets the page draw meanwhile.
func stripMarks(s *recordings.Stepper, between func()) []markInfo {
	n := s.Len()
	per := (n + maxMarks - 1) / maxMarks
	var marks []markInfo
	for start := 1; start <= n; start += per {
		k := min(start+per-1, n)
		kind := ""
		for j := start; j <= k; j++ {
			kind = strongerKind(kind, s.Deltas(j))
			if between != nil && j%1000 == 0 {
				between()
			}
		}
		marks = append(marks, markInfo{start, k, kind, fmt.Sprintf("chunk %d: %s", k, recordings.FormatDeltas(s.Deltas(k)))})
	}
	return marks
}

// stripHTML writes the strip's marks as one piece of HTML, drawn as it is
// (app.Raw) and written once per recording: as up to 600 go-app elements
// the strip was most of the page's drawing of a recording. Each mark is a <span class="mark k-KIND"
// title=TITLE data-k=LAST>; the titles quote the model's text and are
// escaped with html.EscapeString.
func stripHTML(marks []markInfo) string {
	var b strings.Builder
	b.WriteString(`<div class="strip">`)
	for _, m := range marks {
		fmt.Fprintf(&b, `<span class="mark k-%s" title="%s" data-k="%d"></span>`, html.EscapeString(m.kind), html.EscapeString(m.title), m.last)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// kindRank orders delta kinds by how much they matter on the strip.
func kindRank(k recordings.DeltaKind) int {
	switch k {
	case recordings.KindMeta:
		return 1
	case recordings.KindRole:
		return 2
	case recordings.KindUsage:
		return 3
	case recordings.KindThinking:
		return 4
	case recordings.KindContent:
		return 5
	case recordings.KindToolCall:
		return 6
	case recordings.KindFinish:
		return 7
	}
	return 0
}

func strongerKind(cur string, ds []recordings.Delta) string {
	best := cur
	for _, d := range ds {
		if kindRank(d.Kind) > kindRank(recordings.DeltaKind(best)) {
			best = string(d.Kind)
		}
	}
	if best == "" {
		return "none"
	}
	return best
}

// legendKinds are the strip's colours in the legend's order: each mark
// kind (a recordings.DeltaKind, or "none") with its name and what it
// means.
var legendKinds = [][3]string{
	{"content", "content", "text was added"},
	{"tool_call", "tool call", "a tool call started or its arguments grew"},
	{"thinking", "reasoning", "reasoning text or a signature was added"},
	{"role", "role", "the speaker's role was set"},
	{"usage", "usage", "token usage was reported"},
	{"finish", "finish", "a finish reason was set"},
	{"meta", "other", "ids, status, a block opening or closing"},
	{"none", "nothing", "the chunk changed nothing"},
}

// stripLegend says what the strip's colours mean: one swatch per kind
// among its marks (data-kind=KIND), in legendKinds' order.
func stripLegend(marks []markInfo) app.UI {
	seen := map[string]bool{}
	for _, m := range marks {
		seen[m.kind] = true
	}
	var items []app.UI
	for _, k := range legendKinds {
		if seen[k[0]] {
			items = append(items, app.Span().Class("legend-item").DataSet("kind", k[0]).Title(k[2]).Body(
				app.Span().Class("swatch k-"+k[0]),
				app.Text(k[1]),
			))
		}
	}
	return app.Div().Class("strip-legend").DataSet("testid", "strip-legend").Attr("aria-label", "What the strip's colours mean").Body(items...)
}
