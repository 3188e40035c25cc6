package main

import (
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// moderationLines prints a moderation's verdicts, a "verdict" line per
// input, as the viewer's table draws them: "results[0] flagged:
// violence (highest score violence 0.2)", "results[0] not flagged
// (highest score sexual 0.00003)". The response as recorded follows.
func moderationLines(w *printer, v *fastjson.Value) {
	for i, r := range recordings.ReadModeration(v) {
		s := "results[" + strconv.Itoa(i) + "] not flagged"
		if r.Flagged {
			s = "results[" + strconv.Itoa(i) + "] flagged"
		}
		if len(r.Categories) > 0 {
			s += ": " + strings.Join(r.Categories, ", ")
		}
		if r.Highest != "" {
			s += " (highest score " + r.Highest + " " + r.HighestScore + ")"
		}
		w.field("verdict", s)
	}
}

// tokenCountLine prints a token count's counts on a "counts" line, as
// show prints an answer's usage: "counts   input_tokens=671". The
// response as recorded follows.
func tokenCountLine(w *printer, v *fastjson.Value) {
	if counts := recordings.ReadTokenCount(v); len(counts) > 0 {
		w.field("counts", usageText(counts))
	}
}

// usageText writes usage items as show prints them, name=value
// separated by spaces: "input_tokens=671 output_tokens=12".
func usageText(items []recordings.UsageItem) string {
	parts := make([]string, len(items))
	for i, u := range items {
		parts[i] = u.Name + "=" + u.Value
	}
	return strings.Join(parts, " ")
}
