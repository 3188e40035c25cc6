package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// playSpeeds are the play speeds offered, in chunks per second.
var playSpeeds = []int{2, 10, 30, 100}

// StepBar is the stepping control of a stream: previous/next, a slider
// over steps 0..N, play with a speed, the "k / N" label, and a strip of
// marks, one per chunk (or group of chunks), coloured by what the chunk
// carried; a click on a mark jumps there.
type StepBar struct {
	app.Compo

	Idoc     *openDoc
	Istep    int  // the step shown, 0..N
	Iplaying bool // the stream is playing
	Ispeed   int  // play speed, chunks per second
}

// Doc sets the recording stepped through.
func (s *StepBar) Doc(d *openDoc) *StepBar { s.Idoc = d; return s }

// Step sets the step shown.
func (s *StepBar) Step(k int) *StepBar { s.Istep = k; return s }

// Playing sets whether the stream is playing.
func (s *StepBar) Playing(p bool) *StepBar { s.Iplaying = p; return s }

// Speed sets the play speed in chunks per second.
func (s *StepBar) Speed(n int) *StepBar { s.Ispeed = n; return s }

// Render draws the controls and the strip.
func (s *StepBar) Render() app.UI {
	n, k := s.Idoc.stepper.Len(), s.Istep
	return app.Div().Class("stepbar").Body(
		app.Div().Class("controls").Body(
			app.Button().Class("button ghost").Text("◀").Title("Previous chunk (←, Shift+← for 10)").
				Attr("aria-label", "Previous chunk").Disabled(k == 0).OnClick(s.seekBy(-1)),
			app.Input().Type("range").Min(0).Max(n).Value(k).Class("slider").
				DataSet("testid", "step-slider").Attr("aria-label", "Step through the stream").
				OnInput(func(ctx app.Context, e app.Event) {
					k, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
					ctx.NewActionWithValue(actionSeek, k)
				}),
			app.Button().Class("button ghost").Text("▶").Title("Next chunk (→, Shift+→ for 10)").
				Attr("aria-label", "Next chunk").Disabled(k == n).OnClick(s.seekBy(1)),
			app.Button().Class("button").Text(map[bool]string{true: "Pause", false: "Play"}[s.Iplaying]).
				Title("Play the stream (Space)").Attr("aria-label", "Play or pause").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionPlay) }),
			app.Select().Attr("aria-label", "Play speed").OnChange(func(ctx app.Context, e app.Event) {
				n, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
				ctx.NewActionWithValue(actionSpeed, n)
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
func (s *StepBar) seekBy(n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSeek, s.Istep+n) }
}

func (s *StepBar) renderStrip() app.UI {
	infos := s.Idoc.marks
	marks := make([]app.UI, len(infos))
	for i, m := range infos {
		cls := "mark k-" + m.kind
		if s.Istep >= m.first && s.Istep <= m.last {
			cls += " current"
		}
		marks[i] = app.Span().Class(cls).Title(m.title).DataSet("k", m.last)
	}
	// One handler on the strip, not one per mark: go-app re-binds the
	// handlers of every mark on each render, which made scrubbing slow.
	return app.Div().Class("strip").Attr("aria-hidden", "true").Body(marks...).
		OnClick(func(ctx app.Context, e app.Event) {
			k := e.Get("target").Get("dataset").Get("k")
			if !k.Truthy() {
				return
			}
			if n, err := strconv.Atoi(k.String()); err == nil {
				ctx.NewActionWithValue(actionSeek, n)
			}
		})
}
