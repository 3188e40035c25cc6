package jsonx

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"

	"github.com/valyala/fastjson"
)

// Dedupe makes every object in v hold each of its keys once, the way
// Python's json.loads reads JSON: a repeated key keeps its first position
// and takes its last value. fastjson keeps every member and its Get
// returns the first, so without this a file could show one value and
// replay (the recorder reads files with json.loads) use another. Keys
// compare after unescaping ("\u0061" is "a"). It reports whether any
// object held a repeated key; objects without one are left as they are.
func Dedupe(v *fastjson.Value) bool {
	if v == nil {
		return false
	}
	switch v.Type() {
	case fastjson.TypeArray:
		found := false
		for _, x := range v.GetArray() {
			found = Dedupe(x) || found
		}
		return found
	case fastjson.TypeObject:
		return dedupeObject(v.GetObject())
	}
	return false
}

// dedupeObject dedupes o's values and then o itself, rebuilding it when a
// key repeats in it, and reports whether a key repeated in either. One
// pass both checks o's keys (pairwise while there are few, then with a
// map) and walks its values.
func dedupeObject(o *fastjson.Object) bool {
	var few [16][]byte
	var many map[string]struct{}
	n, dup, found := 0, false, false
	o.Visit(func(k []byte, x *fastjson.Value) {
		if t := x.Type(); t == fastjson.TypeObject || t == fastjson.TypeArray {
			found = Dedupe(x) || found
		}
		switch {
		case n < len(few):
			for _, s := range few[:n] {
				if string(s) == string(k) {
					dup = true
				}
			}
			few[n] = k
		default:
			if many == nil {
				many = make(map[string]struct{}, 2*len(few))
				for _, s := range few {
					many[string(s)] = struct{}{}
				}
			}
			if _, ok := many[string(k)]; ok {
				dup = true
			}
			many[string(k)] = struct{}{}
		}
		n++
	})
	if dup {
		rebuild(o)
	}
	return dup || found
}

// rebuild makes o hold each key once: at its first position, with its
// last value.
func rebuild(o *fastjson.Object) {
	type member struct {
		key string
		v   *fastjson.Value
	}
	var keys []string // every key, in order
	var members []member
	at := map[string]int{}
	o.Visit(func(k []byte, x *fastjson.Value) {
		key := string(k)
		keys = append(keys, key)
		if i, ok := at[key]; ok {
			members[i].v = x // the last value, at the first position
			return
		}
		at[key] = len(members)
		members = append(members, member{key, x})
	})
	for _, k := range keys {
		o.Del(k) // each call removes the first member with that key
	}
	for _, m := range members {
		o.Set(m.key, m.v) // o is empty: each Set appends
	}
}

// Duplicate is a key that occurs more than once in one object of a JSON
// text.
type Duplicate struct {
	// Path is the JSON path of the object, as recview writes paths:
	// "request.body.messages[1]"; "" for the top-level object.
	Path string
	// Key is the repeated key, unescaped.
	Key string
	// Offset is the byte offset of the '"' opening the key's last
	// occurrence (the one whose value json.loads keeps); Line and Col are
	// its 1-based line and column (Col counts bytes).
	Offset    int64
	Line, Col int
}

// DuplicateKeys lists the repeated keys of the JSON text data, once per
// object and key, in the order of their last occurrence. It reads data
// with encoding/json's tokenizer, which gives the offsets fastjson does
// not, and builds a path for every object: call it only once Dedupe has
// found a repeat. Data that is not JSON gives the repeats found before the
// fault.
func DuplicateKeys(data []byte) []Duplicate {
	type frame struct {
		object  bool
		path    string // the container's own path
		wantKey bool   // object: a key comes next
		key     string // object: the member being read
		index   int    // array: the element being read
		last    map[string]int64
		twice   []string // keys seen again, in order
	}
	var out []Duplicate
	var stack []*frame
	child := func() string { // the path of the value about to be read
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if !f.object {
			return f.path + "[" + strconv.Itoa(f.index) + "]"
		}
		if f.path == "" {
			return f.key
		}
		return f.path + "." + f.key
	}
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if f := stack[len(stack)-1]; f.object {
			f.wantKey = true
		} else {
			f.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		before := dec.InputOffset() // past the previous token
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
			f := stack[n-1]
			if tok == json.Delim('}') {
				stack = stack[:n-1]
				for _, k := range f.twice {
					line, col := LineCol(data, f.last[k])
					out = append(out, Duplicate{Path: f.path, Key: k, Offset: f.last[k], Line: line, Col: col})
				}
				valueDone()
				continue
			}
			key, _ := tok.(string)
			if _, seen := f.last[key]; seen && !slices.Contains(f.twice, key) {
				f.twice = append(f.twice, key)
			}
			f.last[key], f.key, f.wantKey = keyStart(data, before), key, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, path: child(), wantKey: true, last: map[string]int64{}})
		case json.Delim('['):
			stack = append(stack, &frame{path: child()})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out
}

// keyStart returns the offset of the '"' opening the key that follows
// offset i in data, past whitespace and a comma.
func keyStart(data []byte, i int64) int64 {
	j := SkipWS(data, int(i))
	if j < len(data) && data[j] == ',' {
		j = SkipWS(data, j+1)
	}
	return int64(j)
}
