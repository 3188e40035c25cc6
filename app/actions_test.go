package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// probe is a component that keeps the context go-app gives it (natively,
// in OnPreRender), so that a test can post actions and handle them as the
// page does.
type probe struct {
	app.Compo
	ctx app.Context
}

func (p *probe) OnPreRender(ctx app.Context) { p.ctx = ctx }

func (p *probe) Render() app.UI { return app.Div() }

// mountViewer returns a Viewer showing d, its actions handled in a go-app
// test engine, and the engine.
func mountViewer(t *testing.T, d *openDoc) (*Viewer, *probe, app.TestEngine) {
	t.Helper()
	e := app.NewTestEngine()
	p := &probe{}
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	v := &Viewer{docs: []*openDoc{d}, speed: 10, tab: tabView, ctx: p.ctx}
	v.handleActions(p.ctx)
	return v, p, e
}

// TestStepBarPostsSeek: the step bar's next and previous buttons post a
// seek to one chunk from the step shown, which the Viewer handles: it
// moves the stream there and stops playing.
func TestStepBarPostsSeek(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, by int
	}{{"next", 5, 1}, {"previous", 5, -1}} {
		t.Run(tc.name, func(t *testing.T) {
			d := openSample(t, seedToolCall)
			v, p, e := mountViewer(t, d)
			d.seek(tc.from)
			v.playing = true
			bar := (&stepBar{}).Doc(d).Step(tc.from)
			bar.seekBy(tc.by)(p.ctx, app.Event{Value: app.Null()})
			e.ConsumeAll()
			if want := tc.from + tc.by; d.step != want {
				t.Errorf("step %d after the %s button at %d, want %d", d.step, tc.name, tc.from, want)
			}
			if v.playing {
				t.Error("still playing after a seek")
			}
			if v.err != "" {
				t.Errorf("error %q", v.err)
			}
		})
	}
}

// TestPlayToEnd: play from the start shows each step in turn and stops at
// the last.
func TestPlayToEnd(t *testing.T) {
	d := openSample(t, seedToolCall)
	v, p, e := mountViewer(t, d)
	d.seek(0)
	p.ctx.NewActionWithValue(actionSpeed.with(1000)) // 1 ms a step
	p.ctx.NewAction(actionPlay)
	e.ConsumeAll()
	if d.step != seedToolCallChunks || v.playing {
		t.Errorf("after play: step %d, playing %v; want %d, false", d.step, v.playing, seedToolCallChunks)
	}
	if v.speed != 1000 {
		t.Errorf("speed %d, want 1000", v.speed)
	}
}

// TestWrongValueShown: an action whose value is not of its handler's type
// is not handled, and the page's error banner says which action and
// which types, instead of a panic.
func TestWrongValueShown(t *testing.T) {
	d := openSample(t, seedToolCall)
	v, p, e := mountViewer(t, d)
	d.seek(3)
	p.ctx.NewActionWithValue(string(actionSeek), "7") // a string, not an int
	e.ConsumeAll()
	if d.step != 3 {
		t.Errorf("step %d, want 3: a value of the wrong type moved the stream", d.step)
	}
	for _, want := range []string{"recview/seek", "string", "int"} {
		if !strings.Contains(v.err, want) {
			t.Errorf("error %q does not name %q", v.err, want)
		}
	}
}
