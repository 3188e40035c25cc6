package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// renderStepBar draws the stepping controls: previous/next, a slider over
// steps 0..N, play with a speed, the "k / N" label and a strip of marks,
// one per chunk, coloured by what the chunk carried.
func (v *Viewer) renderStepBar(d *openDoc) app.UI {
	n := d.stepper.Len()
	return app.Div().Class("stepbar").Body(
		app.Div().Class("controls").Body(
			app.Button().Class("button ghost").Text("◀").Title("Previous chunk (←, Shift+← for 10)").
				Attr("aria-label", "Previous chunk").Disabled(d.step == 0).
				OnClick(func(ctx app.Context, e app.Event) { v.playing = false; v.seek(d.step - 1) }),
			app.Input().Type("range").Min(0).Max(n).Value(d.step).Class("slider").
				DataSet("testid", "step-slider").Attr("aria-label", "Step through the stream").
				OnInput(func(ctx app.Context, e app.Event) {
					k, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
					v.playing = false
					v.seek(k)
				}),
			app.Button().Class("button ghost").Text("▶").Title("Next chunk (→, Shift+→ for 10)").
				Attr("aria-label", "Next chunk").Disabled(d.step == n).
				OnClick(func(ctx app.Context, e app.Event) { v.playing = false; v.seek(d.step + 1) }),
			app.Button().Class("button").Text(map[bool]string{true: "Pause", false: "Play"}[v.playing]).
				Title("Play the stream (Space)").Attr("aria-label", "Play or pause").
				OnClick(func(ctx app.Context, e app.Event) { v.togglePlay(ctx) }),
			app.Select().Attr("aria-label", "Play speed").OnChange(func(ctx app.Context, e app.Event) {
				v.speed, _ = strconv.Atoi(ctx.JSSrc().Get("value").String())
			}).Body(
				app.Range([]int{2, 10, 30, 100}).Slice(func(i int) app.UI {
					s := []int{2, 10, 30, 100}[i]
					return app.Option().Value(s).Selected(s == v.speed).Text(fmt.Sprintf("%d chunks/s", s))
				}),
			),
			app.Span().Class("step-label").DataSet("testid", "step-label").Text(fmt.Sprintf("%d / %d", d.step, n)),
		),
		renderStrip(d, v),
	)
}

// maxMarks caps the marks drawn; longer streams get one mark per group.
const maxMarks = 600

// markInfo is one mark of the strip: the last chunk of its group, the
// group's strongest delta kind, and its tooltip.
type markInfo struct {
	first, last int
	kind, title string
}

// stripMarks computes the strip once per recording: it does not change
// with the step.
func stripMarks(d *openDoc) []markInfo {
	if d.marks != nil {
		return d.marks
	}
	n := d.stepper.Len()
	per := (n + maxMarks - 1) / maxMarks
	for start := 1; start <= n; start += per {
		k := min(start+per-1, n)
		kind := ""
		for j := start; j <= k; j++ {
			kind = strongerKind(kind, d.stepper.Deltas(j))
		}
		d.marks = append(d.marks, markInfo{start, k, kind, fmt.Sprintf("chunk %d: %s", k, recordings.FormatDeltas(d.stepper.Deltas(k)))})
	}
	return d.marks
}

func renderStrip(d *openDoc, v *Viewer) app.UI {
	infos := stripMarks(d)
	marks := make([]app.UI, len(infos))
	for i, m := range infos {
		cls := "mark k-" + m.kind
		if d.step >= m.first && d.step <= m.last {
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
			n, err := strconv.Atoi(k.String())
			if err == nil {
				v.playing = false
				v.seek(n)
			}
		})
}

// kindRank orders delta kinds by how much they matter on the strip.
var kindRank = map[recordings.DeltaKind]int{
	recordings.KindMeta: 1, recordings.KindRole: 2, recordings.KindUsage: 3, recordings.KindThinking: 4,
	recordings.KindContent: 5, recordings.KindToolCall: 6, recordings.KindFinish: 7,
}

func strongerKind(cur string, ds []recordings.Delta) string {
	best := cur
	for _, d := range ds {
		if kindRank[d.Kind] > kindRank[recordings.DeltaKind(best)] {
			best = string(d.Kind)
		}
	}
	if best == "" {
		return "none"
	}
	return best
}
