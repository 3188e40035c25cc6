package app

import (
	"encoding/base64"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// responseType is the media type of the response of the cassette's
// interaction d is ("text/plain", "image/jpeg": its Content-Type
// without parameters, lower case); "" for a recording of ogx's or an
// interaction that recorded none.
func (d *openDoc) responseType() string {
	if d.cas == nil || d.cas.info == nil || d.cas.k >= len(d.cas.info.Interactions) {
		return ""
	}
	for _, h := range d.cas.info.Interactions[d.cas.k].Headers {
		if h.Side == "response" && strings.EqualFold(h.Name, "Content-Type") {
			// The media type before its parameters ("; charset=…"); the
			// mime package would add its tables to app.wasm for this.
			t, _, _ := strings.Cut(h.Value, ";")
			return strings.ToLower(strings.TrimSpace(t))
		}
	}
	return ""
}

// renderBodyText draws a response body that is not JSON, which the
// recording holds as a string s: an image (contentType image/…, s its
// base64, as a cassette keeps a body that is not text) drawn as the
// image, its base64 folded below; any other body as its text, lines
// kept; an empty one said to be. Nothing of s is left out.
func renderBodyText(s, contentType string) app.UI {
	if strings.HasPrefix(contentType, "image/") {
		img := recordings.Part{Kind: recordings.PartImage, MediaType: contentType, Data: s, Size: base64.StdEncoding.DecodedLen(len(s))}
		if thumbnailable(img) {
			return app.Div().DataSet("testid", "body-image").Body(
				partBody(img, false, false),
				app.Details().Class("as-recorded").Body(
					app.Summary().Text("The response as recorded (base64)"),
					renderText("text", s),
				),
			)
		}
	}
	if s == "" {
		return app.P().Class("muted").DataSet("testid", "body-text").Text("No body: the response is empty.")
	}
	label := "The response body, not JSON, as recorded"
	if contentType != "" {
		label += " (" + contentType + ")"
	}
	return app.Div().DataSet("testid", "body-text").Body(
		app.P().Class("muted").Text(label+":"),
		renderText("text", s),
	)
}
