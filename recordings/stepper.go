package recordings

import (
	"github.com/valyala/fastjson"
)

// checkpointEvery is how many chunks apart the Stepper keeps a snapshot of
// the assembled state. A jump costs at most this many chunk folds plus a
// snapshot copy, whatever the stream's length.
const checkpointEvery = 64

// ErrNotStream reports a Stepper asked for a recording that has no stream
// recview can assemble (not streaming, an exception, or an unknown kind).
var ErrNotStream = errorf("recordings: not a stream recview can step through")

// Stepper replays a streamed response chunk by chunk. Step k (0 <= k <=
// Len()) is the state after the first k chunks: step 0 is before any
// chunk, step Len() the assembled response. Chunk k in this numbering is
// r.Chunks[k-1]: the chunk whose arrival makes step k.
//
// NewStepper folds the whole stream once, keeping what each chunk added and
// a snapshot every 64 chunks. After that, Next costs one chunk's work and
// Seek to any step at most 64 chunks' work. A Stepper is not safe for
// concurrent use.
type Stepper struct {
	rec         *Recording
	cur         assembler
	pos         int
	checkpoints []assembler // checkpoints[i] is the state at step i*checkpointEvery
	deltas      [][]Delta   // deltas[k-1]: what chunk k added
	errs        []error     // errs[k-1]: why chunk k was skipped, or nil
	err         error       // the first chunk error, or ErrIncompleteStream
	last        assembler   // the state at step Len(), kept from folding the stream once
}

// NewStepper prepares stepping through r's stream, positioned at step 0.
// It returns ErrNotStream when r has no stream recview can assemble. Chunks
// that cannot be folded in are skipped; Err reports the first of them.
func NewStepper(r *Recording) (*Stepper, error) { return NewStepperInSlices(r, nil) }

// NewStepperInSlices is NewStepper for a caller that must not be blocked
// for long, like the browser page: it calls between, when not nil, after
// folding every 64 chunks, where the caller may let other work run.
func NewStepperInSlices(r *Recording, between func()) (*Stepper, error) {
	if !r.Streaming || r.Exception != nil {
		return nil, ErrNotStream
	}
	fresh := assemblerFor(r)
	if fresh == nil {
		return nil, ErrNotStream
	}
	f := newFolding(fresh, len(r.Chunks))
	for i := range r.Chunks {
		if between != nil && i > 0 && i%sliceChunks == 0 {
			between()
		}
		f.add(&r.Chunks[i])
	}
	return f.finish(r), nil
}

// folding is a Stepper being built, one chunk after the other.
type folding struct {
	s          *Stepper
	fresh, asm assembler
	n          int // chunks added
}

// newFolding starts folding a stream of n chunks with fresh, an
// assembler that has folded nothing.
func newFolding(fresh assembler, n int) *folding {
	return &folding{
		s: &Stepper{
			checkpoints: make([]assembler, 0, n/checkpointEvery+1),
			deltas:      make([][]Delta, n),
			errs:        make([]error, n),
		},
		fresh: fresh,
		asm:   fresh.clone(),
	}
}

// add folds in the next chunk, keeping what it added and a snapshot
// every checkpointEvery chunks. A chunk that cannot be folded in is
// skipped and its error kept.
func (f *folding) add(c *Chunk) {
	i, s := f.n, f.s
	if i%checkpointEvery == 0 {
		s.checkpoints = append(s.checkpoints, f.asm.clone())
	}
	ds, err := f.asm.add(c, nil)
	s.deltas[i] = ds
	if err != nil {
		s.errs[i] = chunkError(i, c, err)
		if s.err == nil {
			s.err = s.errs[i]
		}
	}
	f.n++
}

// finish returns the Stepper over r's chunks, all added, at step 0.
func (f *folding) finish(r *Recording) *Stepper {
	s := f.s
	if f.n%checkpointEvery == 0 {
		s.checkpoints = append(s.checkpoints, f.asm.clone())
	}
	if s.err == nil && !f.asm.complete() {
		s.err = ErrIncompleteStream
	}
	s.rec, s.cur, s.last = r, f.fresh, f.asm
	return s
}

// Len returns the number of chunks, so steps run from 0 to Len().
func (s *Stepper) Len() int { return len(s.rec.Chunks) }

// Step returns the current step.
func (s *Stepper) Step() int { return s.pos }

// Err returns the first chunk that could not be folded in (a *ParseError
// wrapping ErrBadChunk), ErrIncompleteStream when the stream lacks its
// final chunk, or nil.
func (s *Stepper) Err() error { return s.err }

// ChunkErr returns why chunk k (1-based) was skipped, or nil.
func (s *Stepper) ChunkErr(k int) error {
	if k < 1 || k > len(s.errs) {
		return nil
	}
	return s.errs[k-1]
}

// Deltas returns what chunk k (1-based) added to the response; nil for k
// out of range or a chunk that added nothing. The slice must not be
// modified.
func (s *Stepper) Deltas(k int) []Delta {
	if k < 1 || k > len(s.deltas) {
		return nil
	}
	return s.deltas[k-1]
}

// Chunk returns chunk k (1-based), or nil when k is out of range.
func (s *Stepper) Chunk(k int) *Chunk {
	if k < 1 || k > len(s.rec.Chunks) {
		return nil
	}
	return &s.rec.Chunks[k-1]
}

// Next moves one step forward, folding in one chunk; it returns false at
// the end.
func (s *Stepper) Next() bool {
	if s.pos >= len(s.rec.Chunks) {
		return false
	}
	s.cur.add(&s.rec.Chunks[s.pos], nil)
	s.pos++
	return true
}

// Seek moves to step k, clamped to 0..Len(). Moving forward by less than a
// checkpoint interval folds the chunks in between; a move to the last step
// takes the state kept from NewStepper; any other move restarts from the
// nearest checkpoint at or before k.
func (s *Stepper) Seek(k int) {
	k = max(0, min(k, len(s.rec.Chunks)))
	if k == len(s.rec.Chunks) && k != s.pos {
		// The last step without refolding up to 64 chunks into a copy of
		// the text so far (50 MB for a 50 MB stream).
		s.cur, s.pos = s.last.clone(), k
		return
	}
	if k < s.pos || k-s.pos > checkpointEvery {
		c := k / checkpointEvery
		s.cur = s.checkpoints[c].clone()
		s.pos = c * checkpointEvery
	}
	for s.pos < k {
		s.Next()
	}
}

// Result builds the response as assembled at the current step, in the same
// form Assemble returns for the whole stream.
func (s *Stepper) Result() *fastjson.Value { return s.ResultInSlices(nil) }

// ResultInSlices is Result for a caller that must not be blocked for long
// (see NewStepperInSlices): a text of 1 MB or more is escaped for its JSON
// value 256 KB at a time, with a call of between, when not nil, after
// each piece. The value is Result's.
func (s *Stepper) ResultInSlices(between func()) *fastjson.Value {
	a := arena{pace: between}
	return s.cur.result(&a)
}
