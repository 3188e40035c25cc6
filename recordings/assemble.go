package recordings

import (
	"errors"
	"fmt"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// ErrIncompleteStream reports a stream that ends before the provider's
// final event (no finish reason, no message_stop, no done). It is returned
// together with the partial result: recordings of cancelled streams are
// real, and the partial answer is still worth showing.
var ErrIncompleteStream = errors.New("recordings: stream ends before its final chunk")

// assembler folds the chunks of one stream, in order, into the response a
// provider's SDK builds from them. Implementations keep their text in
// textBufs so that clone is cheap: a clone shares the text's memory.
type assembler interface {
	// add folds one chunk in and appends what it added to ds.
	add(c *Chunk, ds []Delta) ([]Delta, error)
	// result builds the response assembled so far.
	result(a *arena) *fastjson.Value
	// complete reports whether the stream's final chunk has been seen.
	complete() bool
	clone() assembler
}

// assemblerFor returns a fresh assembler for the recording's stream, or
// nil when recview has none for its family.
func assemblerFor(r *Recording) assembler {
	if p := providerOf(r.Family); p != nil && p.format != nil {
		return p.format.newAssembler()
	}
	return nil
}

func chunkError(i int, c *Chunk, err error) error {
	path := fmt.Sprintf("response.body[%d]", i)
	if c.Event != "" {
		path = fmt.Sprintf("SSE event %d (%s)", i+1, c.Event)
	}
	return &ParseError{Path: path, Err: errorf("%w: %v", ErrBadChunk, err)}
}

// Assemble returns the recording's response in its final, non-streaming
// form, the way the provider's SDK builds it:
//   - a stream: its chunks folded together (see the per-family files:
//     openai.go, ollama.go, anthropic.go, gemini.go, interactions.go);
//   - a non-streaming body: unchanged, without the recorder's __type__
//     wrapper;
//   - a recorded exception: {"error": {"status", "type", "message", ...}};
//   - an unknown kind: the response body as recorded.
//
// A chunk that cannot be folded in is skipped and reported with a
// *ParseError wrapping ErrBadChunk; a stream without its final chunk gives
// ErrIncompleteStream. In both cases the value returned is still the best
// assembly of the rest, never nil.
func Assemble(r *Recording) (*fastjson.Value, error) {
	var a arena
	if r.Exception != nil {
		return exceptionValue(&a, r.Exception), nil
	}
	if !r.Streaming {
		if r.ResponseBody == nil {
			return a.NewNull(), nil
		}
		return r.ResponseBody, nil
	}
	asm := assemblerFor(r)
	if asm == nil {
		return r.Doc.Get("response", "body"), nil
	}
	var firstErr error
	var ds []Delta
	for i := range r.Chunks {
		var err error
		ds, err = asm.add(&r.Chunks[i], ds[:0])
		if err != nil && firstErr == nil {
			firstErr = chunkError(i, &r.Chunks[i], err)
		}
	}
	if firstErr == nil && !asm.complete() {
		firstErr = ErrIncompleteStream
	}
	return asm.result(&a), firstErr
}

func exceptionValue(a *arena, e *Exception) *fastjson.Value {
	o := a.NewObject()
	if e.Status != 0 {
		o.Set("status", a.NewNumberInt(e.Status))
	} else {
		o.Set("status", a.NewNull())
	}
	o.Set("type", newString(a, []byte(e.Type)))
	o.Set("message", newString(a, []byte(e.Message)))
	if e.Category != "" {
		o.Set("category", newString(a, []byte(e.Category)))
	}
	if e.Provider != "" {
		o.Set("provider", newString(a, []byte(e.Provider)))
	}
	if e.Body != nil {
		o.Set("body", e.Body)
	}
	out := a.NewObject()
	out.Set("error", o)
	return out
}

// Small helpers over fastjson used by the assemblers.

// getStr returns the string at keys, "" when absent, null or not a string.
//
// Not inlined: inlined at its hundreds of call sites it made app.wasm
// about 8 KB larger after brotli, for no speed the benchmarks can tell
// (docs/dev/wasm-size.md).
//
//go:noinline
func getStr(v *fastjson.Value, keys ...string) string { return string(strBytes(v, keys...)) }

// strBytes returns the bytes of the string value at keys, nil when there
// is none; they belong to v (string(...) to keep them).
//
// Not inlined: inlined at its hundreds of call sites it made app.wasm
// about 8 KB larger after brotli, for no speed the benchmarks can tell
// (docs/dev/wasm-size.md).
//
//go:noinline
func strBytes(v *fastjson.Value, keys ...string) []byte {
	if v = v.Get(keys...); v == nil || v.Type() != fastjson.TypeString {
		return nil
	}
	return v.GetStringBytes()
}

// setStr sets *dst to the non-empty string at key in v, copying it only
// when it differs from *dst (a stream repeats its model, fingerprint and
// role in chunk after chunk), and reports whether *dst changed.
func setStr(dst *string, v *fastjson.Value, key string) bool {
	b := strBytes(v, key)
	if len(b) == 0 || string(b) == *dst {
		return false
	}
	*dst = string(b)
	return true
}

// isNull reports whether v is absent or JSON null.
func isNull(v *fastjson.Value) bool { return v == nil || v.Type() == fastjson.TypeNull }

// strOrNull returns a JSON string, or null when set is false.
func strOrNull(a *arena, s []byte, set bool) *fastjson.Value {
	if !set {
		return a.NewNull()
	}
	return newString(a, s)
}

// setMembers sets each member of the object src on the object dst, in
// src's order, replacing a member dst already has; a src that is not an
// object sets nothing. The values are shared, not copied.
func setMembers(dst, src *fastjson.Value) {
	src.GetObject().Visit(func(k []byte, v *fastjson.Value) { dst.Set(string(k), v) })
}

// valOrNull returns v, or JSON null when v is nil.
func valOrNull(a *arena, v *fastjson.Value) *fastjson.Value {
	if v == nil {
		return a.NewNull()
	}
	return v
}

// intOf returns v as an int; ok is false when v is absent or not an
// integer that fits.
// Not inlined, as getStr is not: its copies at each call cost app.wasm
// more than the call costs (docs/dev/wasm-size.md).
//
//go:noinline
func intOf(v *fastjson.Value) (int, bool) {
	if v == nil {
		return 0, false
	}
	i, err := v.Int()
	return i, err == nil
}

// newString returns a JSON string value holding b (see jsonx.NewString).
// Not inlined, as getStr is not: its copies at each call cost app.wasm
// more than the call costs (docs/dev/wasm-size.md).
//
//go:noinline
func newString(a *arena, b []byte) *fastjson.Value { return jsonx.NewString(&a.Arena, b) }
