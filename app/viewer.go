package app

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Viewer is the whole page: the header with the ways to open recordings,
// the error banner, and either the sample gallery or the open recordings.
type Viewer struct {
	app.Compo

	docs    []*openDoc
	cur     int
	err     string // the last error, shown until the next success
	loading string // what is being loaded, "" when idle
	tab     string // "view" or "raw"
	playing bool
	speed   int    // play speed in chunks per second
	theme   string // "", "light" or "dark"
	drag    bool   // a file is being dragged over the page

	// ctx is the context of the mounted Viewer. Asynchronous work
	// dispatches through it: the context of the element that started the
	// work (a sample card, the paste box) may be unmounted by then, and
	// go-app drops dispatches to unmounted elements.
	ctx app.Context
}

// OnMount handles the components' actions, wires the page-wide listeners
// (keys, paste, drag and drop, the URL fragment) and opens what the
// fragment names.
func (v *Viewer) OnMount(ctx app.Context) {
	v.ctx = ctx
	v.speed, v.tab = 10, tabView
	ctx.LocalStorage().Get(stateTheme, &v.theme)
	applyTheme(v.theme)
	v.handleActions(ctx)
	v.listen(ctx)
	v.openFragment(ctx)
}

// handleActions routes the components' actions (actions.go) to the
// Viewer's methods; go-app runs them on the UI goroutine and renders the
// page after each.
func (v *Viewer) handleActions(ctx app.Context) {
	ctx.Handle(actionSeek, func(ctx app.Context, a app.Action) {
		v.playing = false
		v.seek(a.Value.(int))
	})
	ctx.Handle(actionPlay, func(ctx app.Context, a app.Action) { v.togglePlay(ctx) })
	ctx.Handle(actionSpeed, func(ctx app.Context, a app.Action) { v.speed = max(1, a.Value.(int)) })
	ctx.Handle(actionOpenSample, func(ctx app.Context, a app.Action) { v.loadSample(ctx, a.Value.(string), -1) })
	ctx.Handle(actionOpenText, func(ctx app.Context, a app.Action) { v.openText(ctx, a.Value.(string)) })
	ctx.Handle(actionOpenURL, func(ctx app.Context, a app.Action) { v.loadURL(ctx, a.Value.(string), -1) })
	ctx.Handle(actionOpenFiles, func(ctx app.Context, a app.Action) { v.readFiles(ctx, a.Value.([]app.Value)) })
	ctx.Handle(actionSelectDoc, func(ctx app.Context, a app.Action) {
		v.cur, v.playing = a.Value.(int), false
		v.syncFragment()
	})
	ctx.Handle(actionHome, func(ctx app.Context, a app.Action) {
		v.docs, v.cur, v.playing = nil, 0, false
		v.syncFragment()
	})
	ctx.Handle(actionTab, func(ctx app.Context, a app.Action) { v.tab = a.Value.(string) })
	ctx.Handle(actionTheme, func(ctx app.Context, a app.Action) {
		v.theme = nextTheme(v.theme)
		ctx.LocalStorage().Set(stateTheme, v.theme)
		applyTheme(v.theme)
	})
	ctx.Handle(actionDismiss, func(ctx app.Context, a app.Action) { v.err = "" })
}

func (v *Viewer) current() *openDoc {
	if v.cur < 0 || v.cur >= len(v.docs) {
		return nil
	}
	return v.docs[v.cur]
}

// fail shows an error; whatever was open stays open.
func (v *Viewer) fail(err error) {
	v.loading = ""
	v.err = err.Error()
}

// open adds parsed documents and shows the first of them.
func (v *Viewer) open(ctx app.Context, docs []*openDoc) {
	v.loading, v.err = "", ""
	v.docs = append(v.docs, docs...)
	v.cur = len(v.docs) - len(docs)
	v.playing = false
	v.tab = "view"
	v.syncFragment()
}

// seek moves the current stream to step k and records it in the URL.
func (v *Viewer) seek(k int) {
	d := v.current()
	if d == nil || d.stepper == nil {
		return
	}
	d.seek(k)
	v.syncFragment()
}

// togglePlay starts or stops playing the stream from the current step.
func (v *Viewer) togglePlay(ctx app.Context) {
	d := v.current()
	if d == nil || d.stepper == nil {
		return
	}
	if v.playing {
		v.playing = false
		return
	}
	if d.step >= d.stepper.Len() {
		d.seek(0)
	}
	v.playing = true
	v.tick(ctx)
}

func (v *Viewer) tick(ctx app.Context) {
	ctx.After(time.Second/time.Duration(max(1, v.speed)), func(ctx app.Context) {
		d := v.current()
		if !v.playing || d == nil || d.stepper == nil {
			return
		}
		v.seek(d.step + 1)
		if d.step >= d.stepper.Len() {
			v.playing = false
			return
		}
		v.tick(ctx)
	})
}

// Render draws the page.
func (v *Viewer) Render() app.UI {
	return app.Div().Class("page").Class(map[bool]string{true: "dragging"}[v.drag]).Body(
		(&TopBar{}).Theme(v.theme),
		app.If(v.err != "", v.renderError),
		app.If(v.loading != "", func() app.UI {
			return app.Div().Class("loading").Attr("role", "status").Text("Loading " + v.loading + "…")
		}),
		app.If(len(v.docs) == 0, func() app.UI { return &Gallery{} }).Else(v.renderOpen),
		app.Div().Class("drop-target").Attr("aria-hidden", "true").Text("Drop recordings to open them"),
	)
}

func (v *Viewer) renderError() app.UI {
	return app.Div().Class("error").DataSet("testid", "error").Attr("role", "alert").Body(
		app.Span().Text(v.err),
		app.Button().Class("link").Text("Dismiss").Attr("aria-label", "Dismiss the error").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionDismiss) }),
	)
}

// renderOpen shows the open recordings: tabs to switch between them when
// there are several, then the current one.
func (v *Viewer) renderOpen() app.UI {
	d := v.current()
	return app.Main().Class("doc").Body(
		app.If(len(v.docs) > 1, func() app.UI {
			return app.Nav().Class("doc-tabs").Attr("aria-label", "Open recordings").Body(
				app.Range(v.docs).Slice(func(i int) app.UI {
					return app.Button().Class("doc-tab").Class(map[bool]string{true: "active"}[i == v.cur]).
						Title(v.docs[i].name).Text(shortName(v.docs[i].name)).
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSelectDoc, i) })
				}),
			)
		}),
		app.If(d != nil, func() app.UI { return v.renderDoc(d) }),
	)
}

// renderDoc shows one recording: its header, then either the step bar over
// the request and response panels, or the raw file.
func (v *Viewer) renderDoc(d *openDoc) app.UI {
	return app.Article().Class("recording").Body(
		(&DocHeader{}).Doc(d).Tab(v.tab),
		app.If(v.tab == tabRaw, func() app.UI { return (&RawView{}).Doc(d) }).Else(func() app.UI {
			return app.Div().Body(
				app.If(d.stepper != nil, func() app.UI {
					return (&StepBar{}).Doc(d).Step(d.step).Playing(v.playing).Speed(v.speed)
				}),
				app.Div().Class("columns").Body(
					(&RequestPanel{}).Doc(d),
					(&ResponsePanel{}).Doc(d).Step(d.step),
				),
			)
		}),
	)
}

// shortName shortens a corpus-style file name for a tab.
func shortName(n string) string {
	if len(n) <= 28 {
		return n
	}
	return n[:12] + "…" + n[len(n)-14:]
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
