package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/reqhash"
)

// Playground is the editing mode of a recording: the editor with its
// toolbar and errors, what the recorder would make of the request, and
// beside them the request and response panes of the last text that ran
// (marked stale while the editor holds something else).
type Playground struct {
	app.Compo

	Iplay *playState
	Iruns int // the state's runs: go-app redraws a component when a prop changes, and the state is the same pointer
}

// Play sets the state shown.
func (p *Playground) Play(st *playState) *Playground { p.Iplay, p.Iruns = st, st.runs; return p }

// Render draws the playground.
func (p *Playground) Render() app.UI {
	st := p.Iplay
	d := st.doc
	return app.Div().Class("playground").Body(
		app.Section().Class("play-edit").Attr("aria-label", "Edit the recording").Body(
			p.renderToolbar(),
			(&Editor{}).Text(st.text, st.version).ErrLine(st.errLine),
			app.If(st.err != "", func() app.UI {
				return app.P().Class("editor-error").DataSet("testid", "editor-error").Attr("role", "alert").
					Title("Click to put the cursor there").Text(st.err).OnClick(p.showError)
			}),
			(&PlayHashes{}).Play(st),
		),
		app.Section().Class("play-view").Class(map[bool]string{true: "stale"}[st.stale]).
			Attr("aria-label", "The recording as last run").Body(
			app.If(st.stale, func() app.UI {
				return app.P().Class("stale-note").DataSet("testid", "stale").Text(staleNote(st))
			}),
			app.Div().Class("columns").Body(
				(&RequestPanel{}).Doc(d),
				(&ResponsePanel{}).Doc(d).Step(d.step),
			),
		),
	)
}

// showError puts the editor's cursor on the syntax error and scrolls to
// its line. It reads the state when clicked: go-app keeps the handler
// first bound to the element.
func (p *Playground) showError(ctx app.Context, e app.Event) {
	st := p.Iplay
	ta := app.Window().GetElementByID(editorID)
	if st.errLine == 0 || !ta.Truthy() {
		return
	}
	ta.Call("focus")
	ta.Call("setSelectionRange", st.errAt, st.errAt+1)
	lineHeight := 19.5 // .editor-text: 13px at line-height 1.5
	ta.Set("scrollTop", max(0, float64(st.errLine-3))*lineHeight)
}

func staleNote(st *playState) string {
	if st.body {
		return "The editor holds a request body, not a recording: below is the last recording that ran."
	}
	return "Stale: the editor's text does not run; below is the last text that did."
}

func (p *Playground) renderToolbar() app.UI {
	return app.Div().Class("play-tools").Body(
		app.Button().Class("button ghost").Text("Run").Title("Run now (Ctrl/Cmd+Enter); edits run by themselves after a pause").
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionPlayEdit, app.Window().GetElementByID(editorID).Get("value").String())
			}),
		app.Button().Class("button ghost").Text("Pretty").Title("Indent the JSON").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionPlayFormat, "pretty") }),
		app.Button().Class("button ghost").Text("Compact").Title("Remove the whitespace").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionPlayFormat, "compact") }),
		app.Button().Class("button").Text("Save").DataSet("testid", "play-save").
			Title("Download the JSON under the name the recorder would give it (Ctrl/Cmd+S)").
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionPlaySave, app.Window().GetElementByID(editorID).Get("value").String())
			}),
	)
}

// PlayHashes shows which file the recorder would write for the request in
// the editor: the test_id hashed (editable; for a bare request body also
// the method and endpoint), the current scheme's hash and file name with a
// copy button, which schemes match the file's own name, and each scheme's
// canonical text, the Python json.dumps the hash is computed over.
type PlayHashes struct {
	app.Compo

	Iplay *playState
	Iruns int // see Playground.Iruns
}

// Play sets the state shown.
func (h *PlayHashes) Play(st *playState) *PlayHashes { h.Iplay, h.Iruns = st, st.runs; return h }

// Render draws the panel.
func (h *PlayHashes) Render() app.UI {
	st := h.Iplay
	return app.Section().Class("play-hash").Attr("aria-label", "The recorder's file name").Body(
		app.H2().Text("Which file would the recorder write?"),
		app.Div().Class("play-fields").Body(
			app.If(st.body, func() app.UI {
				return app.Div().Body(
					playField("method", "play-method", st.method, actionPlayMethod),
					playField("endpoint", "play-endpoint", st.endpoint, actionPlayEndpoint),
				)
			}),
			playField("test_id", "play-test-id", st.testID, actionPlayTestID),
		),
		app.If(st.hashErr != "", func() app.UI { return app.P().Class("notice").Text(st.hashErr) }),
		app.If(len(st.hashes) == 0 && st.err != "", func() app.UI {
			return app.P().Class("muted").Text("Fix the JSON to see the file name.")
		}),
		app.If(len(st.hashes) > 0, func() app.UI { return h.renderHashes() }),
	)
}

// playField is a labelled text input that posts action with its value
// when changed.
func playField(label, testid, value, action string) app.UI {
	return app.Label().Class("play-field").Body(
		app.Span().Class("label").Text(label),
		app.Input().Type("text").DataSet("testid", testid).Value(value).Attr("spellcheck", "false").
			OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(action, ctx.JSSrc().Get("value").String())
			}),
	)
}

func (h *PlayHashes) renderHashes() app.UI {
	st := h.Iplay
	cur := st.hashes[0]
	own, _ := reqhash.FromName(st.doc.name)
	return app.Div().Body(
		app.Dl().Class("kv").Body(
			app.Dt().Text(cur.Scheme+" scheme"),
			app.Dd().Body(app.Code().DataSet("testid", "computed-hash").Text(cur.Hash)),
			app.Dt().Text("file name"),
			app.Dd().Body(
				app.Code().DataSet("testid", "computed-filename").Text(cur.FileName),
				app.Button().Class("link").Text("Copy").Attr("aria-label", "Copy the file name").
					OnClick(func(ctx app.Context, e app.Event) { copyText(h.Iplay.hashes[0].FileName) }),
			),
		),
		app.If(!st.body && own != "", func() app.UI { return app.P().Class("muted").Text(matchNote(st.hashes, own)) }),
		app.Range(st.hashes).Slice(func(i int) app.UI {
			s := st.hashes[i]
			pre := app.Pre().Class("json canonical").Text(s.Canonical)
			if i == 0 {
				pre = pre.DataSet("testid", "canonical-string")
			}
			return app.Details().Class("fold").Open(i == 0).Body(
				app.Summary().Text("What the "+s.Scheme+" scheme hashes (Python's json.dumps, sort_keys=True)"),
				pre,
			)
		}),
	)
}

// matchNote says which schemes give the hash in the file's own name.
func matchNote(hs []reqhash.Input, own string) string {
	var match []string
	for _, s := range hs {
		if s.Hash[:len(own)] == own {
			match = append(match, s.Scheme)
		}
	}
	switch {
	case len(match) == 0:
		return "No scheme gives the hash in the file name (" + own + "): compare the canonical text with the request that was recorded."
	case match[0] == hs[0].Scheme:
		return "The file name is this hash: replay finds this recording."
	}
	return "The file name matches the older " + strings.Join(match, ", ") + " scheme, not the current one: a re-recording names it as above."
}
