package recordings

import (
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// A Gemini function call streamed in pieces (Vertex AI's
// streamFunctionCallArguments, cloud.google.com/vertex-ai/generative-ai/
// docs/multimodal/function-calling "Stream function call arguments"): the
// first part names the function, with "willContinue": true; the parts
// after it carry "partialArgs", each {jsonPath: "$.a.b[0]", and one of
// stringValue, numberValue, boolValue, nullValue, willContinue}; a
// string whose willContinue is true goes on in the next piece of the same
// path; the call ends with a part whose functionCall has no willContinue.
// The call assembled is {name, args} with args built from the pieces, as
// the same call answered whole would hold it.

// streamedCall folds fc into the candidate's last part when that is a
// streamed call still open; false when it is not one, and fc starts a
// part of its own.
func (c *geminiCandidate) streamedCall(fc *fastjson.Value) bool {
	n := len(c.parts)
	if n == 0 || !c.parts[n-1].open || fc.Get("name") != nil && getStr(fc, "name") != "" {
		return false
	}
	p := &c.parts[n-1]
	p.pieces = append(p.pieces, fc.GetArray("partialArgs")...)
	p.open = fc.GetBool("willContinue")
	return true
}

// argPieces says what a piece of a streamed call carries, for its delta:
// "$.operations[0].action=\"add\"".
func argPieces(fc *fastjson.Value) string {
	var out []string
	for _, pa := range fc.GetArray("partialArgs") {
		out = append(out, getStr(pa, "jsonPath")+"="+string(pieceValue(pa).MarshalTo(nil)))
	}
	return strings.Join(out, ", ")
}

// pieceValue is the value a partialArgs entry carries.
func pieceValue(pa *fastjson.Value) *fastjson.Value {
	for _, k := range []string{"stringValue", "numberValue", "boolValue", "nullValue"} {
		if v := pa.Get(k); v != nil {
			if k == "nullValue" {
				return fastjson.MustParse("null")
			}
			return v
		}
	}
	return fastjson.MustParse("null")
}

// streamedCallValue is the part of a streamed call: its first part's
// fields, its functionCall's name (and id) with the args its pieces build.
func streamedCallValue(a *arena, p geminiPart, k *geminiKeys) *fastjson.Value {
	o := a.NewObject()
	first := p.first.Get(k.call)
	p.first.GetObject().Visit(func(key []byte, v *fastjson.Value) {
		if string(key) != k.call {
			o.Set(string(key), v)
		}
	})
	fc := a.NewObject()
	first.GetObject().Visit(func(key []byte, v *fastjson.Value) {
		switch string(key) {
		case "willContinue", "partialArgs", "args":
		default:
			fc.Set(string(key), v)
		}
	})
	args := a.NewObject()
	var str []byte // a string value going on, and its path
	strPath := ""
	flush := func() {
		if strPath != "" {
			setPath(a, args, strPath, newString(a, str))
			str, strPath = nil, ""
		}
	}
	for _, pa := range p.pieces {
		path := getStr(pa, "jsonPath")
		if sv := pa.Get("stringValue"); sv != nil {
			if path != strPath {
				flush()
				strPath = path
			}
			str = append(str, sv.GetStringBytes()...)
			if !pa.GetBool("willContinue") {
				flush()
			}
			continue
		}
		flush()
		setPath(a, args, path, pieceValue(pa))
	}
	flush()
	fc.Set("args", args)
	o.Set(k.call, fc)
	return o
}

// setPath sets the value at a JSON path ("$.a.b[2].c") under root, making
// the objects and arrays on the way; a path it cannot read is left out.
func setPath(a *arena, root *fastjson.Value, path string, v *fastjson.Value) {
	steps, ok := pathSteps(path)
	if !ok || len(steps) == 0 {
		return
	}
	cur := root
	for i, st := range steps {
		last := i == len(steps)-1
		var next *fastjson.Value
		if !last {
			if steps[i+1].index >= 0 {
				next = a.NewArray()
			} else {
				next = a.NewObject()
			}
		}
		if st.index >= 0 {
			if cur.Type() != fastjson.TypeArray || st.index > len(cur.GetArray())+maxToolCallGrowth {
				return
			}
			for len(cur.GetArray()) < st.index {
				cur.SetArrayItem(len(cur.GetArray()), a.NewNull())
			}
			if last {
				cur.SetArrayItem(st.index, v)
				return
			}
			if x := cur.Get(strconv.Itoa(st.index)); x != nil && x.Type() == next.Type() {
				cur = x
				continue
			}
			cur.SetArrayItem(st.index, next)
			cur = next
			continue
		}
		if cur.Type() != fastjson.TypeObject {
			return
		}
		if last {
			cur.Set(st.key, v)
			return
		}
		if x := cur.Get(st.key); x != nil && x.Type() == next.Type() {
			cur = x
			continue
		}
		cur.Set(st.key, next)
		cur = next
	}
}

// pathStep is a step of a JSON path: a member's key, or an index (-1 for
// a key).
type pathStep struct {
	key   string
	index int
}

// pathSteps reads a JSON path of dotted keys and [n] indexes after "$".
func pathSteps(path string) ([]pathStep, bool) {
	rest, ok := strings.CutPrefix(path, "$")
	if !ok {
		return nil, false
	}
	var out []pathStep
	for rest != "" {
		switch rest[0] {
		case '.':
			rest = rest[1:]
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				return nil, false
			}
			out = append(out, pathStep{key: rest[:end], index: -1})
			rest = rest[end:]
		case '[':
			end := strings.IndexByte(rest, ']')
			n, err := strconv.Atoi(rest[1:max(end, 1)])
			if end < 0 || err != nil || n < 0 {
				return nil, false
			}
			out = append(out, pathStep{index: n})
			rest = rest[end+1:]
		default:
			return nil, false
		}
	}
	return out, true
}
