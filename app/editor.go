package app

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// editorDelay is how long the editor waits after the last keystroke before
// it hands its text to the playground to run.
const editorDelay = 300 * time.Millisecond

// editorID is the id of the playground's textarea.
const editorID = "play-editor"

// editor is the playground's JSON editor: a textarea with a gutter of line
// numbers (the line of a syntax error marked). It owns its text while the
// user types, so typing redraws nothing but the gutter; 300 ms after the
// last keystroke, or at once on Ctrl/Cmd+Enter, it posts actionPlayEdit
// with the text. Ctrl/Cmd+S posts actionPlaySave. The Viewer loads a text
// into it (a recording, a reformat) by passing a new Iversion.
type editor struct {
	app.Compo

	Itext    string // the text to load when Iversion changes
	Iversion int    // the version of Itext
	IerrLine int    // the line of a syntax error, 0 for none

	loaded int // the version in the textarea
	lines  int // lines in the textarea
	seq    int // keystrokes so far: a debounced run fires only if no newer one came

	gutter    [3]string // the gutter's numbers for gutterFor (see gutterText)
	gutterFor [2]int    // lines, error line
}

// Text sets the text to load and its version.
func (e *editor) Text(text string, version int) *editor {
	e.Itext, e.Iversion = text, version
	return e
}

// ErrLine sets the line of a syntax error to mark, 0 for none.
func (e *editor) ErrLine(n int) *editor { e.IerrLine = n; return e }

// OnMount loads the text.
func (e *editor) OnMount(ctx app.Context) { e.load(ctx) }

// OnUpdate loads a new text when the Viewer passes one.
func (e *editor) OnUpdate(ctx app.Context) {
	if e.Iversion != e.loaded {
		e.load(ctx)
	}
}

func (e *editor) load(ctx app.Context) {
	e.loaded, e.lines = e.Iversion, strings.Count(e.Itext, "\n")+1
	text := e.Itext
	ctx.Defer(func(ctx app.Context) {
		browser.ElementByID(editorID).SetValue(text)
	})
}

// Render draws the gutter and the textarea.
func (e *editor) Render() app.UI {
	return app.Div().Class("editor").Body(
		app.Pre().Class("gutter").Attr("aria-hidden", "true").Body(e.renderGutter()...),
		app.Textarea().ID(editorID).Class("editor-text").DataSet("testid", "editor").
			Attr("spellcheck", "false").Attr("wrap", "off").Attr("autocomplete", "off").
			Attr("aria-label", "The recording's JSON (Ctrl/Cmd+Enter runs it, Ctrl/Cmd+S saves it)").
			OnInput(e.onInput).OnKeyDown(e.onKeyDown).OnScroll(e.onScroll),
	)
}

// renderGutter numbers the lines, the line of a syntax error marked. The
// numbers are written again only when the line count or the error line
// change: scrolling a long file redraws the component on every scroll
// event.
func (e *editor) renderGutter() []app.UI {
	if e.gutterFor != [2]int{e.lines, e.IerrLine} || e.gutter == [3]string{} {
		e.gutterFor = [2]int{e.lines, e.IerrLine}
		e.gutter = gutterText(e.lines, e.IerrLine)
	}
	out := []app.UI{app.Text(e.gutter[0])}
	if e.gutter[1] != "" {
		out = append(out, app.Mark().Class("err-line").Text(e.gutter[1]), app.Text(e.gutter[2]))
	}
	return out
}

// gutterText is the line numbers 1..lines, one a line, in three parts:
// before the error line, the error line ("" when errLine is 0 or past the
// end), and after it.
func gutterText(lines, errLine int) (parts [3]string) {
	var b strings.Builder
	part := 0
	for i := 1; i <= lines; i++ {
		if i == errLine {
			parts[0], part = b.String(), 1
			b.Reset()
		}
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
		if i == errLine {
			parts[1], part = b.String(), 2
			b.Reset()
		}
	}
	parts[part] = b.String()
	return parts
}

func (e *editor) onInput(ctx app.Context, ev app.Event) {
	ta := browser.Src(ctx)
	// Counted in JavaScript: copying a megabyte of text into Go on every
	// keystroke would slow typing.
	e.lines = ta.Lines()
	e.seq++
	seq := e.seq
	ctx.After(editorDelay, func(ctx app.Context) {
		if e.seq == seq {
			ctx.NewActionWithValue(actionPlayEdit.with(ta.Value()))
		}
	})
}

func (e *editor) onKeyDown(ctx app.Context, ev app.Event) {
	key := browser.EventOf(ev)
	if !key.Key().Ctrl {
		return
	}
	text := func() string { return browser.Src(ctx).Value() }
	switch key.Key().Name {
	case "Enter":
		ev.PreventDefault()
		e.seq++ // a pending run is superseded
		ctx.NewActionWithValue(actionPlayEdit.with(text()))
	case "s", "S":
		ev.PreventDefault()
		e.seq++
		ctx.NewActionWithValue(actionPlaySave.with(text()))
	}
}

// onScroll keeps the gutter beside the lines it numbers.
func (e *editor) onScroll(ctx app.Context, ev app.Event) {
	ta := browser.Src(ctx)
	ta.Previous().ScrollLike(ta)
}
