package recordings

import (
	"bytes"
	"strings"

	"github.com/valyala/fastjson"
)

// sliceMin is the size from which ParseInSlices decodes a stream chunk by
// chunk; smaller inputs are parsed in one go, which is faster. A variable
// so that tests can slice every corpus file.
var sliceMin = 1 << 20

// sliceBytes is about how many bytes of stream chunks ParseInSlices
// decodes between two calls of its between function (a few milliseconds
// in the browser), and sliceChunks how many chunks NewStepperInSlices
// folds.
const (
	sliceBytes  = 64 << 10
	sliceChunks = 64
)

// ParseInSlices is Parse for a caller that must not be blocked for long,
// like the browser page, whose one thread also draws: it decodes the
// response body of a large stream 64 KB of chunks at a time and calls
// between after each, where the caller may let other work run (the viewer
// sleeps a millisecond every 10 ms so the page can paint).
//
// The result and the errors are exactly Parse's. Inputs under 1 MB, and
// inputs whose response body is not a list found by a plain scan, are
// handed to Parse whole. Each run of chunks gets its own fastjson tree,
// which also spares a large stream fastjson's habit of keeping every
// outgrown copy of its value cache (valyala/fastjson#109): a 50 MB
// stream's values take about half the memory they take under Parse. On
// the 1.1 MB corpus stream it is 10 to 20% slower than Parse (the scan
// for chunk boundaries).
func ParseInSlices(name string, data []byte, between func()) (*Recording, error) {
	if len(data) < sliceMin || len(data) > MaxSize || between == nil {
		return Parse(name, data)
	}
	doc, ok := parseSliced(data, between)
	if !ok {
		return Parse(name, data) // it reports the error exactly
	}
	return newRecording(name, doc, len(data), &pacer{between: between})
}

// parseSliced parses a recording whose response body is a list: the
// list's elements in runs of about sliceBytes, each run as a list of its
// own, calling between after each, then the rest of the document with an
// empty list in the body's place. It returns false when the input is not
// shaped so or does not parse, for the caller to parse it whole instead; a
// tree it returns equals the one Parse builds.
func parseSliced(data []byte, between func()) (*fastjson.Value, bool) {
	open, ok := findBody(data)
	if !ok {
		return nil, false
	}
	var elems []*fastjson.Value
	var scratch []byte
	// parse parses the elements in data[from:to] as one list.
	parse := func(from, to int) bool {
		scratch = append(append(append(scratch[:0], '['), data[from:to]...), ']')
		var p fastjson.Parser // copies scratch
		v, err := p.ParseBytes(scratch)
		if err != nil {
			return false
		}
		elems = append(elems, v.GetArray()...)
		return true
	}
	i := skipWS(data, open+1)
	if i < len(data) && data[i] == ']' {
		return nil, false // nothing to slice
	}
	from := i
	for {
		end, depth, ok := skipValue(data, i)
		// In the whole document an element sits 3 levels deep (document,
		// response, body), plus one for the values inside its deepest
		// container: past fastjson's limit there, Parse refuses it.
		if !ok || depth+4 > fastjson.MaxDepth {
			return nil, false
		}
		if end-from >= sliceBytes {
			if !parse(from, end) {
				return nil, false
			}
			between()
			from = -1
		}
		i = skipWS(data, end)
		if i >= len(data) {
			return nil, false
		}
		if data[i] == ']' {
			if from >= 0 && !parse(from, end) {
				return nil, false
			}
			break
		}
		if data[i] != ',' {
			return nil, false
		}
		i = skipWS(data, i+1)
		if from < 0 {
			from = i
		}
	}
	// The document with "[]" for the body: data before the list's '[',
	// then from its ']' on.
	rest := make([]byte, 0, open+1+len(data)-i)
	rest = append(append(rest, data[:open+1]...), data[i:]...)
	var p fastjson.Parser
	doc, err := p.ParseBytes(rest)
	if err != nil {
		return nil, false
	}
	body := doc.Get("response", "body")
	if body == nil || body.Type() != fastjson.TypeArray || len(body.GetArray()) != 0 {
		return nil, false
	}
	for k, v := range elems {
		body.SetArrayItem(k, v)
	}
	return doc, true
}

// findBody returns the offset of the '[' opening the response body in a
// recording, or false when the input does not begin with an object whose
// "response" object has a "body" list. Like fastjson's Object.Get, it
// takes the first key spelled exactly so (a key with escapes is read as
// different, and the whole parse decides those).
func findBody(data []byte) (int, bool) {
	resp, ok := findMember(data, skipWS(data, 0), "response")
	if !ok || data[resp] != '{' {
		return 0, false
	}
	body, ok := findMember(data, resp, "body")
	if !ok || data[body] != '[' {
		return 0, false
	}
	return body, true
}

// findMember scans the object at data[i] for the first key spelled key and
// returns the offset of its value.
func findMember(data []byte, i int, key string) (int, bool) {
	if i >= len(data) || data[i] != '{' {
		return 0, false
	}
	i = skipWS(data, i+1)
	for i < len(data) && data[i] == '"' {
		end, ok := skipString(data, i)
		if !ok {
			return 0, false
		}
		k := data[i+1 : end-1]
		i = skipWS(data, end)
		if i >= len(data) || data[i] != ':' {
			return 0, false
		}
		i = skipWS(data, i+1)
		if string(k) == key {
			return i, i < len(data)
		}
		if i, _, ok = skipValue(data, i); !ok {
			return 0, false
		}
		i = skipWS(data, i)
		if i >= len(data) || data[i] != ',' {
			return 0, false
		}
		i = skipWS(data, i+1)
	}
	return 0, false
}

// skipWS returns the offset of the first byte at or after i that is not
// JSON whitespace.
func skipWS(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the offset just past the JSON string starting at
// data[i] (a '"'), without checking what is inside.
func skipString(data []byte, i int) (int, bool) {
	j := i + 1
	for {
		k := bytes.IndexByte(data[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		bs := 0 // backslashes right before the quote
		for bs < j-i-1 && data[j-1-bs] == '\\' {
			bs++
		}
		if bs%2 == 0 {
			return j + 1, true
		}
		j++
	}
}

// skipValue returns the offset just past the JSON value starting at
// data[i] and its deepest container nesting (0 for a scalar). It matches
// brackets by count only and leaves checking the value to the parser.
func skipValue(data []byte, i int) (end, maxDepth int, ok bool) {
	if i >= len(data) {
		return 0, 0, false
	}
	switch data[i] {
	case '"':
		end, ok = skipString(data, i)
		return end, 0, ok
	case '{', '[':
	default:
		j := i
		for j < len(data) && strings.IndexByte(",]} \t\r\n", data[j]) < 0 {
			j++
		}
		return j, 0, j > i
	}
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			e, ok := skipString(data, j)
			if !ok {
				return 0, 0, false
			}
			j = e - 1
		case '{', '[':
			depth++
			maxDepth = max(maxDepth, depth)
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1, maxDepth, true
			}
		}
	}
	return 0, 0, false
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
