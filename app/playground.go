package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// playground is the editing mode of a recording: the editor with its
// toolbar and errors, what the recorder would make of the request, and
// beside them the request and response panes of the last text that ran
// (marked stale while the editor holds something else).
type playground struct {
	app.Compo

	Iplay *playState
	Iruns int // the state's runs: go-app redraws a component when a prop changes, and the state is the same pointer
}

// Play sets the state shown.
func (p *playground) Play(st *playState) *playground { p.Iplay, p.Iruns = st, st.runs; return p }

// Render draws the playground.
func (p *playground) Render() app.UI {
	st := p.Iplay
	d := st.doc
	return app.Div().Class("playground").Body(
		app.Section().Class("play-edit").Attr("aria-label", "Edit the recording").Body(
			p.renderToolbar(),
			(&editor{}).Text(st.text, st.version).ErrLine(st.errLine),
			app.If(st.err != "", func() app.UI {
				return app.P().Class("editor-error").DataSet("testid", "editor-error").Attr("role", "alert").
					Title("Click to put the cursor there").Text(st.err).OnClick(p.showError)
			}),
			app.If(st.unsaved != "", p.renderSavePrompt),
			(&playHashes{}).Play(st),
			app.If(st.notFound != "", func() app.UI {
				return app.Div().Class("replay").OnClick(p.onLookupClick).Body(app.Raw(st.notFound))
			}),
		),
		app.Section().Class("play-view").Class(map[bool]string{true: "stale"}[st.stale]).
			Attr("aria-label", "The recording as last run").Body(
			app.If(st.stale, func() app.UI {
				return app.P().Class("stale-note").DataSet("testid", "stale").Text(staleNote(st))
			}),
			app.Div().Class("columns").Body(
				(&requestPanel{}).Doc(d),
				(&responsePanel{}).Doc(d).Step(d.step),
			),
		),
	)
}

// showError puts the editor's cursor on the syntax error and scrolls to
// its line. It reads the state when clicked: go-app keeps the handler
// first bound to the element.
func (p *playground) showError(ctx app.Context, e app.Event) {
	st := p.Iplay
	ta := browser.ElementByID(editorID)
	if st.errLine == 0 || !ta.Exists() {
		return
	}
	ta.Focus()
	ta.SelectRange(int(st.errAt), int(st.errAt+1))
	lineHeight := 19.5 // .editor-text: 13px at line-height 1.5
	ta.SetScrollTop(max(0, float64(st.errLine-3)) * lineHeight)
}

// saveCancelID is the id of the save prompt's Cancel button, which has
// the focus while the prompt is open.
const saveCancelID = "play-save-cancel"

// renderSavePrompt asks before saving a text that is not JSON: where its
// syntax error is, Save anyway or Cancel (the focus; Escape too).
func (p *playground) renderSavePrompt() app.UI {
	at := " at " + p.Iplay.unsavedAt
	if p.Iplay.unsavedAt == "" {
		at = ""
	}
	return app.Div().Class("play-prompt").Attr("role", "alertdialog").Attr("aria-label", "Save JSON with a syntax error?").
		DataSet("testid", "play-save-prompt").OnClick(p.onPromptClick).OnKeyDown(onPromptKey).Body(app.Raw(
		`<p><span>The JSON has a syntax error` + at + `. Save anyway?</span> ` +
			`<button class="button" data-act="save" data-testid="play-save-anyway">Save anyway</button> ` +
			`<button class="button ghost" data-act="cancel" data-testid="play-save-cancel" id="` + saveCancelID + `">Cancel</button></p>`))
}

// onPromptClick handles the save prompt's buttons.
func (p *playground) onPromptClick(ctx app.Context, e app.Event) { promptRoutes.handle(ctx, e) }

// promptRoutes are the save prompt's buttons.
var promptRoutes = clickRoutes{
	"save":   func(ctx app.Context, el browser.Element) { ctx.NewAction(actionPlaySaveAnyway) },
	"cancel": func(ctx app.Context, el browser.Element) { ctx.NewAction(actionPlaySaveCancel) },
}

// onPromptKey cancels the save prompt on Escape.
func onPromptKey(ctx app.Context, e app.Event) {
	if browser.EventOf(e).Key().Name == "Escape" {
		e.PreventDefault()
		ctx.NewAction(actionPlaySaveCancel)
	}
}

// onLookupClick handles a click in the lookup panel of a pasted replay
// error (replayhtml).
func (p *playground) onLookupClick(ctx app.Context, e app.Event) { lookupRoutes.handle(ctx, e) }

// lookupRoutes are the lookup panel's clicks: open a file of the folder
// by its path, close the panel.
var lookupRoutes = clickRoutes{
	pageworker.ActOpen: func(ctx app.Context, el browser.Element) {
		ctx.NewActionWithValue(actionOpenPath.with(el.Data("path")))
	},
	pageworker.ActCloseNotFound: func(ctx app.Context, el browser.Element) { ctx.NewAction(actionCloseNotFound) },
}

// staleNote says why the panes show an earlier text than the editor's.
func staleNote(st *playState) string {
	if st.notFound != "" {
		return "The editor holds replay's \"Recording not found\" error: below it, what the open folder holds; below here, the last recording that ran."
	}
	if st.body {
		return "The editor holds a request body, not a recording: below is the last recording that ran."
	}
	return "Stale: the editor's text does not run; below is the last text that did."
}

// renderToolbar is the editor's buttons: run, indent, compact, save.
func (p *playground) renderToolbar() app.UI {
	return app.Div().Class("play-tools").Body(
		app.Button().Class("button ghost").Text("Run").Title("Run now (Ctrl/Cmd+Enter); edits run by themselves after a pause").
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionPlayEdit.with(browser.ElementByID(editorID).Value()))
			}),
		app.Button().Class("button ghost").Text("Pretty").Title("Indent the JSON").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionPlayFormat.with("pretty")) }),
		app.Button().Class("button ghost").Text("Compact").Title("Remove the whitespace").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionPlayFormat.with("compact")) }),
		app.Button().Class("button").Text("Save").DataSet("testid", "play-save").
			Title("Download the JSON under the name the recorder would give it (Ctrl/Cmd+S)").
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionPlaySave.with(browser.ElementByID(editorID).Value()))
			}),
	)
}
