package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/reqhash"
)

// docHeader is the head of an open recording: file name, API family,
// endpoint, model, streaming and chunk count, the hash status badge, the
// copyable test_id, notices, and the Recording / Raw JSON / Playground
// tabs.
type docHeader struct {
	app.Compo

	Idoc *openDoc
	Itab string // tabView, tabRaw or tabPlay
}

// Doc sets the recording shown.
func (h *docHeader) Doc(d *openDoc) *docHeader { h.Idoc = d; return h }

// Tab sets the selected tab.
func (h *docHeader) Tab(t string) *docHeader { h.Itab = t; return h }

// Render draws the header.
func (h *docHeader) Render() app.UI {
	d := h.Idoc
	r := d.rec
	return app.Header().Class("rec-head").Body(
		app.If(d.pair != nil, func() app.UI { return sharedSideLine(d.pair) }),
		app.If(d.cas != nil, func() app.UI { return cassetteList(d.cas) }),
		app.H1().DataSet("testid", "recording-title").Text(d.name),
		app.Div().Class("meta").Body(
			app.Span().Class("chip family").Text(r.Family.Title()),
			app.If(r.Endpoint != "", func() app.UI {
				return app.Code().Class("chip").Text(strings.TrimSpace(r.Method + " " + r.Endpoint))
			}),
			app.If(r.Model != "", func() app.UI { return app.Span().Class("chip").Text(r.Model) }),
			app.Span().Class("chip").Text(streamLabel(d)),
			app.If(d.cas == nil, func() app.UI { return hashBadge(d.hash) }), // a cassette's name holds no hash
			shareButton(),
		),
		app.If(r.HasTestID, h.renderTestID),
		app.If(r.Unknown, func() app.UI { return app.P().Class("notice").Text(r.Notice) }),
		app.Range(r.Duplicates).Slice(func(i int) app.UI {
			return app.P().Class("notice").DataSet("testid", "dup-key").Text(r.Duplicates[i].String())
		}),
		app.If(d.asmErr != nil, func() app.UI {
			return app.P().Class("notice").Text(fmt.Sprint(d.asmErr))
		}),
		app.Nav().Class("tabs").Attr("role", "tablist").Body(
			h.renderTab(tabView, "Recording"),
			h.renderTab(tabRaw, "Raw JSON"),
			h.renderTab(tabPlay, "Playground"),
		),
	)
}

// renderTestID shows the test_id with a button that copies it.
func (h *docHeader) renderTestID() app.UI {
	return app.Div().Class("test-id").Body(
		app.Span().Class("label").Text("test_id"),
		app.Code().Text(h.Idoc.rec.TestID),
		// The handler reads the test_id when clicked: go-app keeps the
		// handler first bound here when another recording is shown.
		app.Button().Class("link").Text("Copy").Attr("aria-label", "Copy the test_id").
			OnClick(func(ctx app.Context, e app.Event) { browser.WriteClipboard(h.Idoc.rec.TestID) }),
	)
}

// renderTab is the button of tab id (tabView, tabRaw or tabPlay).
func (h *docHeader) renderTab(id, label string) app.UI {
	return app.Button().Class("tab").Class(map[bool]string{true: "active"}[h.Itab == id]).
		Attr("role", "tab").Attr("aria-selected", fmt.Sprint(h.Itab == id)).Text(label).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionTab.with(id)) })
}

// streamLabel says whether the response is an exception, a stream (with
// its chunk count) or a single answer.
func streamLabel(d *openDoc) string {
	switch {
	case d.rec.Exception != nil:
		return "exception"
	case d.rec.Streaming:
		return "stream · " + plural(len(d.rec.Chunks), "chunk")
	}
	return "not streamed"
}

// hashBadge shows a reqhash.Check: ok with its scheme, stale with the
// older scheme and the name replay looks for, mismatch with the name the
// recorder would give the file, or unknown.
func hashBadge(h reqhash.Check) app.UI {
	status := h.Status.String()
	text, title := "hash "+status, ""
	switch h.Status {
	case reqhash.OK:
		text = "hash ok · " + h.Scheme
		title = "The file name is the recorder's hash of this request (" + h.Scheme + " scheme)."
	case reqhash.Stale:
		text = "hash stale · " + h.Scheme
		title = "The file name is an older recorder's hash of this request (" + h.Scheme +
			" scheme): replay today looks for " + h.ReplayName + " instead."
	case reqhash.NotReplayed:
		text = "not replayed"
		title = h.Note + "."
	case reqhash.Mismatch:
		text = "hash mismatch"
		title = "The request no longer hashes to the file name."
		if h.ExpectedName != "" {
			title += " The recorder would name it " + h.ExpectedName + " (" + h.Scheme + " scheme)."
		}
		if h.Note != "" {
			title += " " + h.Note
		}
	default:
		title = "The file name holds no request hash."
	}
	return app.Span().Class("badge hash-"+status).DataSet("testid", "hash-status").DataSet("status", status).
		Title(title).Text(text)
}

// shareButton opens the share panel with the view's permalink.
func shareButton() app.UI {
	return app.Button().Class("button ghost share").Text("Share link").DataSet("testid", "share-button").
		Title("Copy a link that opens this view: the recording rides in the link, nothing is uploaded").
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShare) })
}

// sharedSideLine heads a recording opened from the shared link of a
// two-folder review's added or deleted pair: which side it is, its path,
// and the review's two folders.
func sharedSideLine(p *sharedSide) app.UI {
	return app.P().Class("pair-side").DataSet("testid", "pair-side").Body(
		app.Span().Class("side "+[2]string{"a", "b"}[p.side]).Text(oneSideLabel(p.side)),
		app.Code().Text(p.path),
		app.Span().Class("muted").Text(" · a pair of the review of "+p.review.Base+" → "+p.review.Head),
	)
}

// oneSideLabel names the one side of an added or deleted pair (0 base, 1
// head), as the pair's heading says it.
func oneSideLabel(side int) string { return [2]string{"base (deleted) ", "head (added) "}[side] }
