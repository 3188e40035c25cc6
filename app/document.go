package app

import (
	"time"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/gchold"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/permalink"
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
	noLink  bool   // the file's data would not fit a link: the address bar does without it
	rec     *recordings.Recording
	conv    recordings.Conversation
	hash    reqhash.Check   // the name against the request's hash; zero for a cassette's interaction
	final   *fastjson.Value // the assembled response
	asmErr  error           // a warning from assembly (cut stream, skipped chunk)
	stepper *recordings.Stepper
	step    int             // current step, 0..stepper.Len()
	view    *fastjson.Value // the response at the current step
	marks   []markInfo      // the step bar's strip of chunk marks
	strip   string          // the strip as HTML (stripHTML)
	// pair is the two-folder review's added or deleted pair this
	// recording is, when it was opened from that pair's shared link;
	// nil otherwise.
	pair *sharedSide
	// cas is the cassette this recording is an interaction of, nil for
	// a recording of ogx's.
	cas *cassetteDoc
	// side is "base" or "head" for a review pair's side opened as a
	// recording (Open base, Open head), "" otherwise; label is its tab's
	// text: the side and the test's short name.
	side, label string
}

// sharedSide is the one side of an added or deleted pair of a two-folder
// review, opened from its shared link: the review, the side (0 base,
// deleted; 1 head, added) and the file's path in it.
type sharedSide struct {
	review permalink.Review
	side   int
	path   string
}

// newDoc parses and prepares a recording named name, shown at its last
// step; the error is the core's, shown to the user as-is. A large stream
// is decoded and folded in slices with pauses (browser.Breather), so that
// when newDoc runs in a goroutine of the page's (ctx.Async) the page keeps
// drawing. For a file of gchold.MinSize or more the collector is held off
// meanwhile (gchold.Hold).
func newDoc(name string, data []byte) (*openDoc, error) { return prepareDoc(name, data, true) }

// prepareDoc is newDoc, the name checked against the request's hash
// (reqhash.Verify) only when named is set: a cassette's interaction is
// named by its test, never by a request hash.
func prepareDoc(name string, data []byte, named bool) (*openDoc, error) {
	pause := browser.Breather()
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
	if named {
		d.hash = reqhash.Verify(name, rec.Doc)
	}
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

// seek moves the stepper to step k (clamped to 0..stepper.Len()) and
// refreshes the view; a recording that is not a stream has no steps.
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

// drawApart is the file size, in bytes, from which newDoc also lets the
// page draw between the collection that ends its hold and the
// recording's drawing: for files that large each can take most of a
// frame, too long for one frame together. Below it, the extra frame would
// only delay the drawing.
const drawApart = 16 << 20
