package app

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/permalink"
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

	index *folderIndex // the index of the last folder or many files, nil before
	cmp   *comparison  // the last comparison, nil before
	view  string       // what the main area shows: viewDoc, viewIndex or viewDiff

	sharing *shareState // the share panel, nil when closed
	play    *playState  // the playground of the current recording, nil before it is opened

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
	v.openFragment(ctx, app.Window().Get("location").Get("hash").String())
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
	ctx.Handle(actionOpenSample, func(ctx app.Context, a app.Action) {
		v.openSources([]permalink.Source{{Kind: permalink.SourceSample, Value: a.Value.(string)}}, permalink.Fragment{})
	})
	ctx.Handle(actionOpenText, func(ctx app.Context, a app.Action) { v.openText(ctx, a.Value.(string)) })
	ctx.Handle(actionOpenURL, func(ctx app.Context, a app.Action) {
		v.openSources([]permalink.Source{{Kind: permalink.SourceURL, Value: a.Value.(string)}}, permalink.Fragment{})
	})
	ctx.Handle(actionOpenFolder, func(ctx app.Context, a app.Action) { v.listFiles(a.Value.(app.Value), true) })
	ctx.Handle(actionOpenRow, func(ctx app.Context, a app.Action) { v.openRow(a.Value.(int)) })
	ctx.Handle(actionShowIndex, func(ctx app.Context, a app.Action) { v.show(viewIndex) })
	ctx.Handle(actionShowDiff, func(ctx app.Context, a app.Action) { v.show(viewDiff) })
	ctx.Handle(actionCompareRows, func(ctx app.Context, a app.Action) { v.compareRows(a.Value.([2]int)) })
	ctx.Handle(actionCompareDocs, func(ctx app.Context, a app.Action) {
		ij := a.Value.([2]int)
		v.compareDocs(ij[0], ij[1])
	})
	ctx.Handle(actionShare, func(ctx app.Context, a app.Action) { v.share(ctx) })
	ctx.Handle(actionShareURL, func(ctx app.Context, a app.Action) { v.shareURL(ctx, a.Value.(string)) })
	ctx.Handle(actionCloseShare, func(ctx app.Context, a app.Action) { v.sharing = nil })
	ctx.Handle(actionOpenFiles, func(ctx app.Context, a app.Action) { v.readFiles(a.Value.(app.Value)) })
	ctx.Handle(actionSelectDoc, func(ctx app.Context, a app.Action) {
		v.cur, v.playing, v.view = a.Value.(int), false, viewDoc
		if v.tab == tabPlay {
			v.startPlay()
		}
		v.syncFragment()
	})
	ctx.Handle(actionHome, func(ctx app.Context, a app.Action) {
		v.docs, v.cur, v.playing = nil, 0, false
		v.index, v.cmp, v.view = nil, nil, viewDoc
		v.syncFragment()
	})
	ctx.Handle(actionTab, func(ctx app.Context, a app.Action) {
		v.tab = a.Value.(string)
		if v.tab == tabPlay {
			v.playing = false
			v.startPlay()
		}
	})
	v.handlePlayActions(ctx)
	ctx.Handle(actionTheme, func(ctx app.Context, a app.Action) {
		v.theme = nextTheme(v.theme)
		ctx.LocalStorage().Set(stateTheme, v.theme)
		applyTheme(v.theme)
	})
	ctx.Handle(actionDismiss, func(ctx app.Context, a app.Action) { v.err = "" })
	ctx.Handle(actionFail, func(ctx app.Context, a app.Action) { v.fail(errors.New(a.Value.(string))) })
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
	v.tab, v.view = tabView, viewDoc
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
		app.If(v.sharing != nil, func() app.UI { return (&SharePanel{}).Share(v.sharing) }),
		app.If(v.loading != "", func() app.UI {
			return app.Div().Class("loading").Attr("role", "status").Text("Loading " + v.loading + "…")
		}),
		app.If(len(v.docs) == 0 && v.index == nil, func() app.UI { return &Gallery{} }).Else(v.renderOpen),
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
	view := v.view
	if d == nil && view == viewDoc {
		view = viewIndex
	}
	return app.Main().Class("doc").Body(
		app.If(len(v.docs) > 1 || v.index != nil || v.cmp != nil, func() app.UI {
			return app.Nav().Class("doc-tabs").Attr("aria-label", "Open recordings").Body(
				app.If(v.index != nil, func() app.UI {
					return app.Button().Class("doc-tab index-tab").Class(map[bool]string{true: "active"}[view == viewIndex]).
						DataSet("testid", "index-tab").Text(fmt.Sprintf("☰ Index (%d)", len(v.index.files))).
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShowIndex) })
				}),
				app.If(v.cmp != nil, func() app.UI {
					return app.Button().Class("doc-tab index-tab").Class(map[bool]string{true: "active"}[view == viewDiff]).
						DataSet("testid", "diff-tab").Text("⇄ Comparison").
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionShowDiff) })
				}),
				app.Range(v.docs).Slice(func(i int) app.UI {
					return app.Button().Class("doc-tab").Class(map[bool]string{true: "active"}[i == v.cur && view == viewDoc]).
						Title(v.docs[i].name).Text(shortName(v.docs[i].name)).
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSelectDoc, i) })
				}),
				app.If(len(v.docs) > 1 && d != nil, v.renderCompareWith),
			)
		}),
		app.If(view == viewIndex && v.index != nil, func() app.UI { return (&Index{}).Index(v.index) }).
			ElseIf(view == viewDiff && v.cmp != nil, func() app.UI { return (&DiffView{}).Comparison(v.cmp) }).
			ElseIf(d != nil, func() app.UI { return v.renderDoc(d) }),
	)
}

// renderCompareWith is the "Compare with…" menu of the open recordings.
func (v *Viewer) renderCompareWith() app.UI {
	return app.Select().Class("compare-with").DataSet("testid", "compare-with").
		Attr("aria-label", "Compare the current recording with another open one").
		OnChange(func(ctx app.Context, e app.Event) {
			j, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
			ctx.JSSrc().Set("value", "")
			if err == nil {
				ctx.NewActionWithValue(actionCompareDocs, [2]int{v.cur, j})
			}
		}).Body(
		app.Option().Value("").Text("Compare with…"),
		app.Range(v.docs).Slice(func(i int) app.UI {
			return app.If(i != v.cur, func() app.UI {
				return app.Option().Value(strconv.Itoa(i)).Text(shortName(v.docs[i].name))
			})
		}),
	)
}

// show switches the main area to view, when there is something to show.
func (v *Viewer) show(view string) {
	if view == viewIndex && v.index == nil || view == viewDiff && v.cmp == nil {
		return
	}
	v.view, v.playing = view, false
	v.syncFragment()
}

// renderDoc shows one recording: its header, then either the step bar over
// the request and response panels, or the raw file.
func (v *Viewer) renderDoc(d *openDoc) app.UI {
	return app.Article().Class("recording").Body(
		(&DocHeader{}).Doc(d).Tab(v.tab),
		app.If(v.tab == tabRaw, func() app.UI { return (&RawView{}).Doc(d) }).
			ElseIf(v.tab == tabPlay && v.play != nil, func() app.UI { return (&Playground{}).Play(v.play) }).
			ElseIf(v.tab == tabPlay && d.rec.Size > maxPlaySize, func() app.UI {
				return app.P().Class("notice").DataSet("testid", "play-too-big").Text(fmt.Sprintf(
					"The playground edits files up to %d MB, and this one is %.1f MB: the Recording and Raw JSON tabs show it, and a text editor edits it.",
					maxPlaySize>>20, float64(d.rec.Size)/(1<<20)))
			}).Else(func() app.UI {
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
