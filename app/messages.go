package app

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings"
)

// The parts of message cards, shared by the request and response panels.

// rawToggle is a message card's "Raw" / "Markdown" switch; flip changes
// the panel's state.
func rawToggle(raw bool, flip func()) app.UI {
	return app.Button().Class("link small toggle").Text(map[bool]string{true: "Markdown", false: "Raw"}[raw]).
		Attr("aria-label", "Toggle raw text").Attr("aria-pressed", fmt.Sprint(raw)).
		OnClick(func(ctx app.Context, e app.Event) { flip() })
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "… (" + plural(len(s)-n, "more byte") + ")"
}

// renderPart draws one part of a message; partial is true while stepping
// through a stream, when reasoning is shown open and incomplete tool-call
// arguments are not an error. The block's members recview does not read
// (p.Other) follow it, as recorded.
func renderPart(p recordings.Part, raw, partial bool) app.UI {
	return withBlockOthers(p, partBody(p, raw, partial))
}

// withBlockOthers follows ui, the part p drawn, with its block's members
// recview does not read (p.Other), as recorded; ui alone when it has
// none.
func withBlockOthers(p recordings.Part, ui app.UI) app.UI {
	if len(p.Other) == 0 {
		return ui
	}
	return app.Div().Class("part-with-other").Body(ui, app.Raw(otherMembersHTML("content block", p.Other, nil)))
}

// partBody draws the part itself (renderPart).
func partBody(p recordings.Part, raw, partial bool) app.UI {
	switch p.Kind {
	case recordings.PartText, recordings.PartToolResult:
		switch {
		case p.Text == "":
			return withCitations(p, app.Text(""))
		case raw || p.Kind == recordings.PartToolResult:
			return withCitations(p, renderText("text", p.Text))
		}
		return withCitations(p, &markdownText{Isrc: p.Text})
	case recordings.PartThinking:
		return app.Details().Class("thinking").Open(partial).Body(
			app.Summary().Text("thinking"),
			renderText("text", p.Text),
		)
	case recordings.PartImage:
		label := p.URL
		switch {
		case p.ImageUnrecorded():
			label = "no URL or data recorded"
		case label == "":
			label = fmt.Sprintf("%s · %s", p.MediaType, byteSize(p.Size))
		}
		return app.Div().Class("image").DataSet("testid", "image-part").Body(
			app.If(thumbnailable(p), func() app.UI {
				return app.Img().Class("thumb").Src("data:" + p.MediaType + ";base64," + p.Data).Alt("image from the recording")
			}).Else(func() app.UI { return app.Span().Class("icon").Text("🖼") }),
			app.Span().Text("image: "+label),
			// A generated image's revised prompt.
			app.If(p.Text != "", func() app.UI { return app.P().Class("muted image-prompt").Text("prompt: " + p.Text) }),
		)
	case recordings.PartToolCall:
		return renderToolCall(p.ToolCall, partial, nil)
	}
	return app.Raw(otherPartHTML(&p))
}

// byteSize is n bytes for people ("1.2 KB").
func byteSize(n int) string { return recordings.ByteSize(n) }

// renderToolCall draws a tool call with its arguments indented
// (argsHTML: JSON text in a member read as JSON, or flagged when it does
// not parse), the argument paths in marked marked as differing from the
// other side of a comparison, the whole call when marked holds ""; or
// its arguments flagged when they are not valid JSON (shown as they
// are, unflagged, while the stream is still sending them).
func renderToolCall(tc *recordings.ToolCall, partial bool, marked map[string]bool) app.UI {
	class := "tool-call"
	if marked[""] {
		class += " differs"
	}
	return app.Div().Class(class).ID(callElementID(tc.ID)).DataSet("testid", "tool-call").DataSet("name", tc.Name).Body(
		app.Div().Class("tc-head").Body(
			app.Span().Class("label").Text("tool call"),
			app.Code().Class("tc-name").Text(tc.Name),
			app.If(tc.ID != "", func() app.UI { return app.Span().Class("call-id").Text(tc.ID) }),
		),
		app.If(tc.Parsed != nil, func() app.UI {
			return app.Raw(argsHTML(tc.Parsed, marked))
		}).ElseIf(tc.ParseErr != nil && partial, func() app.UI {
			return app.Div().Body(
				app.P().Class("muted").Text("arguments so far"),
				renderText("json", tc.Arguments),
			)
		}).ElseIf(tc.ParseErr != nil, func() app.UI {
			return app.Div().Body(
				app.P().Class("warn").Text("arguments are not valid JSON: "+tc.ParseErr.Error()),
				renderText("json", tc.Arguments),
			)
		}),
	)
}

// callElementID is the element id of a tool call's card.
func callElementID(callID string) string { return "call-" + callID }

// scrollToCall brings the card of a tool call into view and flashes it
// (the URL fragment holds the view state, so no #anchor is used).
func scrollToCall(callID string) {
	browser.ElementByID(callElementID(callID)).Flash("flash", 1200*time.Millisecond)
}

// thumbnailable reports an inline raster image whose data is plain base64,
// shown as a thumbnail from a data: URL (the page's CSP allows img-src
// data:); images given by URL are never fetched.
func thumbnailable(p recordings.Part) bool {
	switch p.MediaType {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
	default:
		return false
	}
	if p.Data == "" {
		return false
	}
	for i := 0; i < len(p.Data); i++ {
		c := p.Data[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}
