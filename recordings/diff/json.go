package diff

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// minVector is the length above which an array of numbers is compared as
// one vector (an embedding) rather than element by element.
const minVector = 8

// value compares two JSON values at path; nil stands for an absent value.
func (c *comparer) value(path string, a, b *fastjson.Value) {
	switch {
	case a == nil && b == nil:
		return
	case c.nullIsAbsent && (a == nil || b == nil) && isNull(a) && isNull(b):
		return
	case a == nil:
		if !c.skipped(path, OpAdded) {
			c.add(Change{Path: path, Op: OpAdded, New: jsonText(b)})
		}
		return
	case b == nil:
		if !c.skipped(path, OpRemoved) {
			c.add(Change{Path: path, Op: OpRemoved, Old: jsonText(a)})
		}
		return
	}
	if c.skipped(path, OpChanged) {
		return
	}
	ta, tb := a.Type(), b.Type()
	switch {
	case ta == fastjson.TypeObject && tb == fastjson.TypeObject:
		c.object(path, a, b, nil)
		return
	case ta == fastjson.TypeArray && tb == fastjson.TypeArray:
		xa, xb := a.GetArray(), b.GetArray()
		if (len(xa) > minVector || len(xb) > minVector) && isVector(xa) && isVector(xb) {
			c.vector(path, a, b)
			return
		}
		for i := range max(len(xa), len(xb)) {
			var x, y *fastjson.Value
			if i < len(xa) {
				x = xa[i]
			}
			if i < len(xb) {
				y = xb[i]
			}
			c.value(indexPath(path, i), x, y)
		}
		return
	case ta == fastjson.TypeString && tb == fastjson.TypeString:
		if c.jsonText && c.embedded(path, a, b) {
			return
		}
		c.str(path, string(a.GetStringBytes()), string(b.GetStringBytes()))
		return
	case ta == fastjson.TypeNumber && tb == fastjson.TypeNumber:
		if sameNumber(a, b) {
			return
		}
	case ta == tb: // true, false, null
		return
	}
	c.add(Change{Path: path, Op: OpChanged, Old: jsonText(a), New: jsonText(b)})
}

// embedded compares two strings of which one or both hold a JSON object
// or array as JSON: by path when both parse, else as one change whose
// Note says which side's text is not valid JSON. It reports false when
// neither looks like JSON, for a comparison as text.
func (c *comparer) embedded(path string, a, b *fastjson.Value) bool {
	sa, sb := a.GetStringBytes(), b.GetStringBytes()
	if !looksJSON(sa) && !looksJSON(sb) {
		return false
	}
	var pa, pb fastjson.Parser
	va, errA := pa.ParseBytes(sa)
	vb, errB := pb.ParseBytes(sb)
	switch {
	case errA == nil && errB == nil:
		c.value(path, va, vb)
		return true
	case errA != nil && errB != nil:
		return false
	}
	if bytes.Equal(sa, sb) {
		return true
	}
	ch := Change{Path: path, Op: OpChanged, Old: quote(string(sa)), New: quote(string(sb))}
	if errA != nil {
		ch.Note = NoteInvalidA + ": " + errA.Error()
	} else {
		ch.Note = NoteInvalidB + ": " + errB.Error()
	}
	c.add(ch)
	return true
}

// The notes of a change whose side is text that is not valid JSON where
// the other side's is (followed by ": " and the parser's error).
const (
	NoteInvalidA = "A's text is not valid JSON"
	NoteInvalidB = "B's text is not valid JSON"
)

// looksJSON reports text that starts as a JSON object or array does.
func looksJSON(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 1 && (b[0] == '{' || b[0] == '[')
}

// str compares two strings, with a word diff when they are long.
func (c *comparer) str(path, a, b string) {
	if a == b {
		return
	}
	ch := Change{Path: path, Op: OpChanged, Old: quote(a), New: quote(b)}
	if !c.quick && (isLong(a) || isLong(b)) {
		ch.Text = Words(a, b)
	}
	c.add(ch)
}

func (c *comparer) skipped(path string, op Op) bool {
	return c.skip != nil && c.skip(path, op)
}

// isNull reports whether v is absent or JSON null.
func isNull(v *fastjson.Value) bool { return v == nil || v.Type() == fastjson.TypeNull }

// isLong reports whether s gets a word diff rather than old → new.
func isLong(s string) bool { return len(s) > LongText || strings.Contains(s, "\n") }

// equal reports whether a and b mean the same JSON, leaving out the paths
// skip selects.
func equal(a, b *fastjson.Value, skip func(path string) bool) bool {
	c := &comparer{quick: true}
	if skip != nil {
		c.skip = func(path string, _ Op) bool { return skip(path) }
	}
	c.value("", a, b)
	return len(c.changes) == 0
}

// sameNumber compares two JSON numbers by value; integers (no fraction, no
// exponent) by their digits, so that ids past 2^53 stay distinct.
func sameNumber(a, b *fastjson.Value) bool {
	ra, rb := a.MarshalTo(nil), b.MarshalTo(nil)
	if bytes.Equal(ra, rb) {
		return true
	}
	if isInt(ra) && isInt(rb) {
		return false
	}
	fa, errA := a.Float64()
	fb, errB := b.Float64()
	return errA == nil && errB == nil && fa == fb
}

func isInt(tok []byte) bool { return !bytes.ContainsAny(tok, ".eE") }

func isVector(xs []*fastjson.Value) bool {
	for _, x := range xs {
		if x.Type() != fastjson.TypeNumber {
			return false
		}
	}
	return true
}

// vector compares two arrays of numbers as a whole; in responses it keeps
// how they compare in c.vectors, for the judgement.
func (c *comparer) vector(path string, a, b *fastjson.Value) {
	xa, xb := a.GetArray(), b.GetArray()
	ch := Change{Path: path, Op: OpChanged, Old: jsonText(a), New: jsonText(b)}
	v := vector{lenA: len(xa), lenB: len(xb)}
	if v.lenA != v.lenB {
		ch.Note = fmt.Sprintf("%d → %d numbers", len(xa), len(xb))
		c.addVector(ch, v)
		return
	}
	n := 0
	var dot, na, nb float64
	for i := range xa {
		fa, _ := xa[i].Float64()
		fb, _ := xb[i].Float64()
		dot, na, nb = dot+fa*fb, na+fa*fa, nb+fb*fb
		if sameNumber(xa[i], xb[i]) {
			continue
		}
		n++
		v.delta = max(v.delta, math.Abs(fa-fb))
	}
	if n == 0 {
		return
	}
	if na > 0 && nb > 0 {
		v.cosine = dot / math.Sqrt(na*nb)
	}
	ch.Note = fmt.Sprintf("%d of %d numbers differ, by at most %s", n, len(xa), strconv.FormatFloat(v.delta, 'g', 3, 64))
	c.addVector(ch, v)
}

// addVector adds the change of a vector, and keeps how it compares when
// the comparer reads responses.
func (c *comparer) addVector(ch Change, v vector) {
	if c.kind == KindResponse && !c.quick {
		if c.vectors == nil {
			c.vectors = map[string]vector{}
		}
		c.vectors[ch.Path] = v
	}
	c.add(ch)
}

// jsonText is v as compact JSON.
func jsonText(v *fastjson.Value) string { return string(jsonx.Compact(v)) }

// quote is s as a JSON string literal.
func quote(s string) string { return string(jsonx.AppendQuote(nil, []byte(s))) }

// keyPath appends an object key to a path: ".key" for plain keys (letters,
// digits, "_", "-"), `["key"]` for the others.
// KeyPath is the path of member key of the value at path, as Change.Path
// writes it: "a.b", or `a["x y"]` for a key that is not a plain word.
func KeyPath(path, key string) string { return keyPath(path, key) }

// IndexPath is the path of element i of the array at path: "a[2]".
func IndexPath(path string, i int) string { return indexPath(path, i) }

func keyPath(path, key string) string {
	plain := key != ""
	for i := 0; i < len(key) && plain; i++ {
		ch := key[i]
		plain = ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_' || ch == '-'
	}
	if !plain {
		return path + "[" + quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// indexPath appends an array index to a path.
func indexPath(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }
