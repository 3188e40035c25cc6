package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// renderTokenCounts draws a token count's counts
// (recordings.ReadTokenCount) as an answer's usage is drawn, under the
// label "token counts". The response as recorded follows, folded, in
// renderData.
func renderTokenCounts(counts []recordings.UsageItem) app.UI {
	return app.Div().DataSet("testid", "token-counts").Body(
		app.H3().Class("label").Text("token counts"),
		renderUsage(counts),
	)
}
