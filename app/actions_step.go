package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Stepping and playing the current stream: the step bar posts these; the
// keyboard (listen) calls onKey.
const (
	actionSeek  action[int] = "recview/seek"  // the step: show the stream after that many chunks
	actionPlay              = "recview/play"  // no value: play or pause the stream
	actionSpeed action[int] = "recview/speed" // the play speed, in chunks per second
)

// seekTo stops playing and shows the current stream after step chunks.
func (v *Viewer) seekTo(step int) {
	v.playing = false
	v.seek(step)
}

// setSpeed sets the play speed, in chunks per second, at least 1.
func (v *Viewer) setSpeed(perSecond int) { v.speed = max(1, perSecond) }

// seek moves the current stream to step k and records it in the URL once
// stepping pauses (syncFragmentSoon).
func (v *Viewer) seek(k int) {
	d := v.current()
	if d == nil || d.stepper == nil {
		return
	}
	d.seek(k)
	v.syncFragmentSoon()
}

// fragmentPause is how long the view must stay as it is before
// syncFragmentSoon writes it into the address bar.
const fragmentPause = 250 * time.Millisecond

// syncFragmentSoon writes the view into the address bar (syncFragment)
// once it has not changed for fragmentPause: a held key, a dragged
// slider or play write it once, when they pause, not at every step (the
// address of a local file holds the file, up to permalink.MaxLinkLen
// characters, read back and written again at each write). One check is
// pending at a time, and looks again if the view changed meanwhile. A
// move that pushes a history entry (willPush) writes its own address: a
// pending write then does nothing.
func (v *Viewer) syncFragmentSoon() {
	v.fragDue = time.Now().Add(fragmentPause)
	if !v.fragWaiting {
		v.fragWaiting = true
		v.ctx.After(fragmentPause, v.syncFragmentDue)
	}
}

// syncFragmentDue writes the address once syncFragmentSoon's time has
// come, or waits for it.
func (v *Viewer) syncFragmentDue(ctx app.Context) {
	ctx.PreventUpdate() // the page shows the view already
	if wait := time.Until(v.fragDue); wait > 0 {
		ctx.After(wait, v.syncFragmentDue)
		return
	}
	v.fragWaiting = false
	if !v.hist.push {
		v.syncFragment()
	}
}

// togglePlay starts or stops playing the stream from the current step.
func (v *Viewer) togglePlay() {
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
	v.tick()
}

// tick shows the next step after 1/speed seconds, and again, until the
// end of the stream or until playing stops.
func (v *Viewer) tick() {
	v.ctx.After(time.Second/time.Duration(max(1, v.speed)), func(ctx app.Context) {
		d := v.current()
		if !v.playing || d == nil || d.stepper == nil {
			return
		}
		v.seek(d.step + 1)
		if d.step >= d.stepper.Len() {
			v.playing = false
			return
		}
		v.tick()
	})
}

// onKey handles the stepping shortcuts: Left/Right one chunk, with Shift
// ten, Home/End the ends, Space play/pause.
func (v *Viewer) onKey(key string, shift bool) {
	d := v.current()
	if d == nil || d.stepper == nil {
		return
	}
	n := 1
	if shift {
		n = 10
	}
	v.playing = v.playing && key == " "
	switch key {
	case "ArrowLeft":
		v.seek(d.step - n)
	case "ArrowRight":
		v.seek(d.step + n)
	case "Home":
		v.seek(0)
	case "End":
		v.seek(d.stepper.Len())
	case " ":
		v.togglePlay()
	}
}
