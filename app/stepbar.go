package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// playSpeeds are the play speeds offered, in chunks per second.
var playSpeeds = []int{2, 10, 30, 100}

// stepBar is the stepping control of a stream: previous/next, a slider
// over steps 0..N, play with a speed, the "k / N" label, and a strip of
// marks, one per chunk (or group of chunks), coloured by what the chunk
// carried, with its legend; a click on a mark jumps there.
type stepBar struct {
	app.Compo

	Idoc     *openDoc
	Istep    int  // the step shown, 0..N
	Iplaying bool // the stream is playing
	Ispeed   int  // play speed, chunks per second
}

// Doc sets the recording stepped through.
func (s *stepBar) Doc(d *openDoc) *stepBar { s.Idoc = d; return s }

// Step sets the step shown.
func (s *stepBar) Step(k int) *stepBar { s.Istep = k; return s }

// Playing sets whether the stream is playing.
func (s *stepBar) Playing(p bool) *stepBar { s.Iplaying = p; return s }

// Speed sets the play speed in chunks per second.
func (s *stepBar) Speed(n int) *stepBar { s.Ispeed = n; return s }

// Render draws the controls and the strip.
func (s *stepBar) Render() app.UI {
	n, k := s.Idoc.stepper.Len(), s.Istep
	return app.Div().Class("stepbar").Body(
		app.Div().Class("controls").Body(
			app.Button().Class("button ghost").Text("◀").Title("Previous chunk (←, Shift+← for 10)").
				Attr("aria-label", "Previous chunk").Disabled(k == 0).OnClick(s.seekBy(-1)),
			app.Input().Type("range").Min(0).Max(n).Value(k).Class("slider").
				DataSet("testid", "step-slider").Attr("aria-label", "Step through the stream").
				OnInput(func(ctx app.Context, e app.Event) {
					k, _ := strconv.Atoi(browser.Src(ctx).Value())
					ctx.NewActionWithValue(actionSeek.with(k))
				}),
			app.Button().Class("button ghost").Text("▶").Title("Next chunk (→, Shift+→ for 10)").
				Attr("aria-label", "Next chunk").Disabled(k == n).OnClick(s.seekBy(1)),
			app.Button().Class("button").Text(map[bool]string{true: "Pause", false: "Play"}[s.Iplaying]).
				Title("Play the stream (Space)").Attr("aria-label", "Play or pause").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionPlay) }),
			app.Select().Attr("aria-label", "Play speed").OnChange(func(ctx app.Context, e app.Event) {
				n, _ := strconv.Atoi(browser.Src(ctx).Value())
				ctx.NewActionWithValue(actionSpeed.with(n))
			}).Body(
				app.Range(playSpeeds).Slice(func(i int) app.UI {
					v := playSpeeds[i]
					return app.Option().Value(v).Selected(v == s.Ispeed).Text(fmt.Sprintf("%d chunks/s", v))
				}),
			),
			app.Span().Class("step-label").DataSet("testid", "step-label").Text(fmt.Sprintf("%d / %d", k, n)),
		),
		s.renderStrip(),
	)
}

// seekBy moves n chunks from the step shown when the event fires. (go-app
// keeps the first handler it bound to an element as long as the handler's
// code is the same, so a handler must read what it needs when it runs,
// not capture it when rendered.)
func (s *stepBar) seekBy(n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSeek.with(s.Istep + n)) }
}

func (s *stepBar) renderStrip() app.UI {
	// One handler on the strip, not one per mark: go-app re-binds the
	// handlers of every mark on each render, which made scrubbing slow.
	return app.Div().Body(
		app.Div().Class("strip-box").Attr("aria-hidden", "true").Body(app.Raw(s.Idoc.strip)).
			OnClick(func(ctx app.Context, e app.Event) {
				k := browser.EventOf(e).Target().Data("k")
				if k == "" {
					return
				}
				if n, err := strconv.Atoi(k); err == nil {
					ctx.NewActionWithValue(actionSeek.with(n))
				}
			}),
		stripLegend(s.Idoc.marks),
	)
}

// OnMount marks the current step's mark once the strip is on the page.
func (s *stepBar) OnMount(ctx app.Context) { ctx.Defer(s.markCurrent) }

// OnUpdate marks the current step's mark after every drawing.
func (s *stepBar) OnUpdate(ctx app.Context) { ctx.Defer(s.markCurrent) }

// markCurrent gives the class "current" to the mark of the step shown,
// and takes it from any other: the strip is HTML go-app does not look
// into (stripHTML).
func (s *stepBar) markCurrent(ctx app.Context) {
	if !s.Mounted() || s.Idoc == nil {
		return
	}
	strip := browser.ElementOf(s.JSValue()).QueryOne(".strip")
	if !strip.Exists() {
		return
	}
	cur := -1
	for i, m := range s.Idoc.marks {
		if s.Istep >= m.first && s.Istep <= m.last {
			cur = i
			break
		}
	}
	strip.MoveClass("current", cur)
}
