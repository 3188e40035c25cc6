// Package app is the recview web viewer: go-app components over the
// recordings core. Components never parse or fetch inside Render: the
// loading actions (loading.go) do the I/O and set the state.
package app

import (
	"time"

	"github.com/recview/recview/internal/gchold"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// openDoc is one opened recording and the view state that belongs to it.
type openDoc struct {
	name    string // file name, shown as the title
	sample  string // the gallery file it came from, "" for a user's file
	src     string // the URL it was fetched from (raw form), "" for a file
	data    []byte // the file as read
	link    string // the file as permalink data (permalink.EncodeData), once encoded
	rec     *recordings.Recording
	conv    recordings.Conversation
	hash    reqhash.Check
	final   *fastjson.Value // the assembled response
	asmErr  error           // a warning from assembly (cut stream, skipped chunk)
	stepper *recordings.Stepper
	step    int             // current step, 0..stepper.Len()
	view    *fastjson.Value // the response at the current step
	marks   []markInfo      // the step bar's strip of chunk marks
	strip   string          // the strip as HTML (stripHTML)
}

// newDoc parses and prepares a recording; the error is the core's, shown
// to the user as-is. A large stream is decoded and folded in slices with
// pauses (breather), so that when newDoc runs in a goroutine of the page's
// (ctx.Async) the page keeps drawing.
func newDoc(name string, data []byte) (*openDoc, error) {
	pause := breather()
	if len(data) >= gchold.MinSize {
		release := gchold.Hold()
		defer func() {
			// Let the page draw before the collection that ends the hold,
			// so that it and the last piece of work are two freezes, not
			// one twice as long.
			time.Sleep(time.Millisecond)
			release()
			if len(data) >= drawApart {
				// And again before the recording is drawn.
				time.Sleep(time.Millisecond)
			}
		}()
	}
	rec, folded, err := recordings.ParseInSlices(name, data, pause)
	if err != nil {
		return nil, err
	}
	d := &openDoc{name: name, data: data, rec: rec, conv: rec.Conversation()}
	d.hash = reqhash.Verify(name, rec.Doc)
	s := folded // an OpenAI stream of 1 MB or more, folded as it was read
	if s == nil {
		s, err = recordings.NewStepperInSlices(rec, pause)
	}
	if err == nil {
		// The stepper has folded the whole stream once already: its last
		// step is what Assemble would return (FuzzAssemble checks that).
		d.stepper, d.step, d.marks = s, s.Len(), stripMarks(s, pause)
		d.strip = stripHTML(d.marks)
		s.Seek(d.step)
		d.final, d.asmErr = s.ResultInSlices(pause), s.Err()
	} else {
		d.final, d.asmErr = recordings.Assemble(rec)
	}
	d.view = d.final
	return d, nil
}

// seek moves the stepper to step k (clamped) and refreshes the view.
func (d *openDoc) seek(k int) {
	if d.stepper == nil {
		return
	}
	k = max(0, min(k, d.stepper.Len()))
	d.step = k
	d.stepper.Seek(k)
	if k == d.stepper.Len() {
		d.view = d.final
		return
	}
	d.view = d.stepper.Result()
}

// drawApart is the file size from which newDoc also lets the page draw
// between the collection that ends its hold and the recording's drawing:
// for a 50 MB stream each took 20 to 60 ms (make bench), too long for one
// frame together. Below it, the extra frame would only delay the drawing.
const drawApart = 16 << 20

// breathEvery is how long newDoc works before it lets the page draw: the
// browser runs Go and paints on one thread, and a frame is 16 ms.
const breathEvery = 10 * time.Millisecond

// breather returns a function for the core's ...InSlices calls: after
// breathEvery of work since the last pause, it hands the thread back to
// the browser until a message brings Go back (yieldToPage). Each
// call also lets a held collector collect once 16 MB of garbage has piled
// up (gchold.Collect): a stream of 16 MB or more parses each chunk again
// as it is folded.
func breather() func() {
	last := time.Now()
	return func() {
		gchold.Collect()
		if time.Since(last) >= breathEvery {
			yieldToPage()
			last = time.Now()
		}
	}
}
