package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// renderModeration draws a moderation's verdicts, one row per input
// (recordings.ReadModeration): whether it was flagged, the categories
// marked true, the highest score. The response as recorded follows,
// folded, in renderData.
func renderModeration(results []recordings.ModerationResult) app.UI {
	return app.Table().Class("moderation").DataSet("testid", "moderation-verdicts").Body(
		app.THead().Body(app.Tr().Body(app.Th().Text("input"), app.Th().Text("verdict"), app.Th().Text("categories"), app.Th().Text("highest score"))),
		app.TBody().Body(app.Range(results).Slice(func(i int) app.UI {
			r := results[i]
			verdict, class := "not flagged", "badge not-flagged"
			if r.Flagged {
				verdict, class = "flagged", "badge flagged"
			}
			highest := ""
			if r.Highest != "" {
				highest = r.Highest + " " + r.HighestScore
			}
			return app.Tr().Body(
				app.Td().Text("results["+strconv.Itoa(i)+"]"),
				app.Td().Body(app.Span().Class(class).Text(verdict)),
				app.Td().Text(strings.Join(r.Categories, ", ")),
				app.Td().Body(app.Code().Text(highest)),
			)
		})),
	)
}
