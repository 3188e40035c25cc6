package recordings

import (
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// sliceMin is the size from which ParseInSlices decodes a stream chunk by
// chunk; smaller inputs are parsed in one go, which is faster. A variable
// so that tests can slice every corpus file.
var sliceMin = 1 << 20

// lazyMin is the size from which ParseInSlices keeps the chunks of any
// stream as bytes rather than trees (an OpenAI stream's always, see
// ParseInSlices). Folding chunks kept as bytes parses each again, in many
// small allocations, which is slower; trees take several times the
// stream's size in memory (docs/dev/performance-notes.md). A variable so
// that tests can keep every corpus stream as bytes.
var lazyMin = 16 << 20

// sliceBytes is about how many bytes of stream chunks ParseInSlices
// decodes between two calls of its between function (a few milliseconds
// in the browser), and sliceChunks how many chunks NewStepperInSlices
// folds.
const (
	sliceBytes  = 64 << 10
	sliceChunks = 64
)

// ParseInSlices is Parse for a caller that must not be blocked for long,
// like the browser page: it decodes a large stream's chunks about 64 KB
// at a time and calls between after each run, where the caller may let
// other work run. The errors are Parse's. The one difference: in an
// OpenAI stream, and in any stream of 16 MB or more, each chunk keeps
// only its bytes in data (Chunk.Data parses them again when asked), so
// data must not be modified while the Recording is in use. For an OpenAI
// stream of 1 MB or more it also returns the Stepper it folded as it went,
// at step 0; s is nil otherwise (use NewStepperInSlices). Inputs under
// 1 MB, or with a nil between, are handed to Parse whole.
func ParseInSlices(name string, data []byte, between func()) (r *Recording, s *Stepper, err error) {
	if len(data) < sliceMin || len(data) > MaxSize || between == nil {
		r, err = Parse(name, data)
		return r, nil, err
	}
	doc, chunks, f, dup, ok := parseSliced(data, between)
	if !ok {
		r, err = Parse(name, data) // it reports the error exactly
		return r, nil, err
	}
	r, err = newRecording(name, doc, len(data), &pacer{between: between}, chunks)
	if err == nil && dup {
		r.Duplicates = duplicateKeys(data)
	}
	if err == nil && f != nil && f.family == r.Family && r.Streaming && r.Exception == nil {
		s = f.finish(r)
	}
	return r, s, err
}

// preFolding is the folding of a stream parseSliced does as it checks its
// chunks, for a family it predicted from the request.
type preFolding struct {
	*folding
	family Family
}

// foldsAsChecked returns the family of a recording whose stream
// parseSliced can fold as it checks the chunks, from the request alone
// (as classify reads it), or FamilyUnknown. Only families whose provider
// says foldsAsChecked qualify, OpenAI chat and completions: their
// assembler keeps nothing of a chunk's tree (jsonx.Kept), so each run of
// chunks can be parsed with one parser reused for the next, and each
// chunk parsed once. Other assemblers keep parts of the chunks' trees.
func foldsAsChecked(doc *fastjson.Value) Family {
	r := &Recording{Request: doc.Get("request")}
	if r.Request == nil || r.Request.Type() != fastjson.TypeObject || r.decodeRequest() != nil {
		return FamilyUnknown
	}
	if r.Shape != ShapeInference && r.Shape != ShapeHTTP {
		return FamilyUnknown
	}
	f := familyOfEndpoint(r.Endpoint)
	if p := providerOf(f); p != nil && p.foldsAsChecked {
		return f
	}
	return FamilyUnknown
}

// span is where one element of the response body lies in the input.
type span struct{ from, to int }

// parseSliced parses a recording whose response body is a list: it scans
// the list's elements, parses the document around it with an empty list
// in the body's place, then parses the elements in runs of about
// sliceBytes, each run as a list of its own, calling between after each.
//
// When the document is a stream (is_streaming true, no exception), every
// element an object, and the input lazyMin or more or its request an
// OpenAI one (foldsAsChecked), the runs are parsed only to check them and
// to build chunks that keep their bytes (see ParseInSlices), and, for an
// OpenAI request, to fold them (f); the body in doc stays empty.
// Otherwise chunks and f are nil and the elements' trees go into the
// body, giving a tree equal to the one Parse builds. It returns false when
// the input is not shaped so, or does not parse, or has a chunk
// decodeStream would refuse, for the caller to parse it whole instead.
func parseSliced(data []byte, between func()) (doc *fastjson.Value, chunks []Chunk, f *preFolding, dup, ok bool) {
	open, ok := findBody(data)
	if !ok {
		return nil, nil, nil, false, false
	}
	spans, closing, objects, ok := scanBody(data, open, between)
	if !ok {
		return nil, nil, nil, false, false
	}
	// The document with "[]" for the body: data before the list's '[',
	// then from its ']' on.
	rest := make([]byte, 0, open+1+len(data)-closing)
	rest = append(append(rest, data[:open+1]...), data[closing:]...)
	var p fastjson.Parser
	doc, err := p.ParseBytes(rest)
	if err != nil || jsonx.CheckStrict(rest) != nil {
		return nil, nil, nil, false, false
	}
	dup = jsonx.Dedupe(doc)
	resp := doc.Get("response")
	body := resp.Get("body")
	if body == nil || body.Type() != fastjson.TypeArray || len(body.GetArray()) != 0 {
		return nil, nil, nil, false, false
	}
	streaming := resp.Get("is_streaming")
	lazy := objects && streaming != nil && streaming.Type() == fastjson.TypeTrue
	if e := resp.Get("is_exception"); e != nil && e.Type() != fastjson.TypeFalse && e.Type() != fastjson.TypeNull {
		lazy = false
	}
	if lazy {
		if fam := foldsAsChecked(doc); fam != FamilyUnknown {
			f = &preFolding{newFolding(assemblerFor(&Recording{Family: fam}), len(spans)), fam}
		}
	}
	lazy = lazy && (len(data) >= lazyMin || f != nil)
	if lazy {
		chunks = make([]Chunk, 0, len(spans))
	}
	types := map[string]string{} // one copy of each __type__
	var scratch []byte
	var check fastjson.Parser // reused: the lazy route keeps none of its values
	for from := 0; from < len(spans); {
		to := from + 1
		for to < len(spans) && spans[to-1].to-spans[from].from < sliceBytes {
			to++
		}
		// scanBody checked the elements' tokens.
		scratch = append(append(append(scratch[:0], '['), data[spans[from].from:spans[to-1].to]...), ']')
		if lazy {
			v, err := check.ParseBytes(scratch)
			if err != nil || len(v.GetArray()) != to-from {
				return nil, nil, nil, false, false
			}
			for k, it := range v.GetArray() {
				sp := spans[from+k]
				kept := false // a chunk with a repeated key keeps its tree
				if jsonx.Dedupe(it) {
					// Parsed again from its bytes, Data would read the
					// first of the values: keep the deduplicated tree,
					// in a parser of its own.
					var own fastjson.Parser
					if it, err = own.ParseBytes(data[sp.from:sp.to]); err != nil {
						return nil, nil, nil, false, false
					}
					jsonx.Dedupe(it)
					dup, kept = true, true
				}
				d, t := unwrap(it)
				if it.Type() != fastjson.TypeObject || d.Type() != fastjson.TypeObject {
					return nil, nil, nil, false, false // decodeStream's error, from Parse
				}
				if u, seen := types[t]; seen {
					t = u
				} else {
					types[t] = t
				}
				if kept {
					chunks = append(chunks, Chunk{Type: t, data: d, elem: it})
				} else {
					chunks = append(chunks, Chunk{Type: t, raw: data[sp.from:sp.to:sp.to]})
				}
				if f != nil {
					// Folded while its tree lives: check's next run
					// overwrites it.
					f.add(&Chunk{Type: t, data: d, elem: it})
				}
			}
		} else {
			var p fastjson.Parser // copies scratch; its values are kept
			v, err := p.ParseBytes(scratch)
			if err != nil || len(v.GetArray()) != to-from {
				return nil, nil, nil, false, false
			}
			for k, it := range v.GetArray() {
				dup = jsonx.Dedupe(it) || dup
				body.SetArrayItem(from+k, it)
			}
		}
		between()
		from = to
	}
	return doc, chunks, f, dup, true
}

// scanBody finds the elements of the list whose '[' is at data[open]: their
// spans, the offset of the list's ']', and whether every element is an
// object. It checks their tokens as jsonx.CheckStrict does, so that their runs
// need only be parsed. It calls between after every 4*sliceBytes scanned,
// and returns false for an empty list, one the plain scan cannot follow,
// or a token outside JSON's grammar (for Parse to report).
func scanBody(data []byte, open int, between func()) (spans []span, closing int, objects, ok bool) {
	i := jsonx.SkipWS(data, open+1)
	if i < len(data) && data[i] == ']' {
		return nil, 0, false, false // nothing to slice
	}
	objects = true
	paced := i
	for {
		end, depth, ok := jsonx.SkipValue(data, i)
		// In the whole document an element sits 3 levels deep (document,
		// response, body), plus one for the values inside its deepest
		// container: past fastjson's limit there, Parse refuses it.
		if !ok || depth+4 > fastjson.MaxDepth {
			return nil, 0, false, false
		}
		spans = append(spans, span{i, end})
		objects = objects && data[i] == '{'
		if end-paced >= 4*sliceBytes {
			between()
			paced = end
		}
		i = jsonx.SkipWS(data, end)
		if i >= len(data) {
			return nil, 0, false, false
		}
		if data[i] == ']' {
			return spans, i, objects, true
		}
		if data[i] != ',' {
			return nil, 0, false, false
		}
		i = jsonx.SkipWS(data, i+1)
	}
}

// findBody returns the offset of the '[' opening the response body in a
// recording, or false when the input does not begin with an object whose
// "response" object has a "body" list. Like fastjson's Object.Get, it
// takes the first key spelled exactly so (a key with escapes is read as
// different, and the whole parse decides those).
func findBody(data []byte) (int, bool) {
	resp, ok := jsonx.FindMember(data, jsonx.SkipWS(data, 0), "response")
	if !ok || data[resp] != '{' {
		return 0, false
	}
	body, ok := jsonx.FindMember(data, resp, "body")
	if !ok || data[body] != '[' {
		return 0, false
	}
	return body, true
}

// pacer calls between after about sliceBytes of decoding work.
type pacer struct {
	between func()
	done    int
}

// add counts n bytes of work done.
func (p *pacer) add(n int) {
	if p == nil {
		return
	}
	if p.done += n; p.done >= sliceBytes {
		p.between()
		p.done = 0
	}
}
