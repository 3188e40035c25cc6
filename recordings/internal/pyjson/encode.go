package pyjson

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// Append appends to dst what CPython's json.dumps(obj, sort_keys=sortKeys)
// writes for the object obj that json.loads would build from the JSON text v
// was parsed from, and returns the extended buffer.
//
// The output uses the separators ", " and ": ", escapes every character
// outside 0x20..0x7e (ensure_ascii: \" \\ \n \r \t \b \f, other characters
// as lowercase \u00XX, characters beyond the BMP as surrogate pairs) and,
// with sortKeys, orders object keys by code point. A number without '.', 'e'
// or 'E' is a Python int and keeps its digits ("-0" becomes "0"); any other
// number is a float and prints as repr(float): 1.0, 0.1, 1e-05, 1e+16. A key
// that occurs twice keeps its first position and its last value, as a
// Python dict does. A nil v appends "null".
//
// Deviations from CPython, all for input its json.loads rejects or cannot
// reach through fastjson: bytes that are not UTF-8 come out as \ufffd, one
// per byte; fastjson keeps an escaped lone surrogate such as "\ud800" as
// its six characters, so it comes out as "\\ud800"; number tokens outside
// JSON's grammar that fastjson lets through ("+1", "nan", "1e999") are read
// with strconv.ParseFloat (NaN and infinities print as NaN, Infinity and
// -Infinity, as Python prints them) and tokens it cannot read print as
// they were written.
//
// v is read, not changed, except that fastjson unescapes strings and keys
// lazily on first access; do not use it from several goroutines at once.
func Append(dst []byte, v *fastjson.Value, sortKeys bool) []byte {
	e := pyEncoder{sortKeys: sortKeys}
	return e.value(dst, v, false, false)
}

// pyEncoder writes Python json.dumps output, optionally normalizing as the
// recorder does. scratch holds number tokens while they are converted.
type pyEncoder struct {
	sortKeys       bool
	normalize      bool
	fileSearch     bool
	fileSearchHit  bool // a string held a file-search pattern
	keepProject    bool // normalize without dropping extra_body.project_id
	projectDropped bool // a project_id was dropped
	scratch        []byte
}

// pyMember is one deduplicated object member; key is the key as Python
// sees it (invalid UTF-8 replaced per byte) and is what sorting compares.
type pyMember struct {
	key string
	v   *fastjson.Value
}

// byKey sorts members by key, as Python's sort_keys does: by code point,
// which is UTF-8's byte order. sort.Sort, not a generic sort: the page
// links sort's code already, and a generic one would add its own copy
// for this type (docs/dev/wasm-size.md).
type byKey []pyMember

func (m byKey) Len() int           { return len(m) }
func (m byKey) Less(i, j int) bool { return m[i].key < m[j].key }
func (m byKey) Swap(i, j int)      { m[i], m[j] = m[j], m[i] }

// value appends v. root is the recorder's _is_root for v (only meaningful
// when normalizing); dropStream drops the key "stream_options" of v.
func (e *pyEncoder) value(dst []byte, v *fastjson.Value, root, dropStream bool) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	switch v.Type() {
	case fastjson.TypeObject:
		o, _ := v.Object()
		return e.object(dst, o, root, dropStream, false)
	case fastjson.TypeArray:
		a, _ := v.Array()
		if len(a) == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i, x := range a {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			// The recorder's list branch calls itself with the defaults:
			// _is_root=True, exclude_stream_options=False.
			dst = e.value(dst, x, true, false)
		}
		return append(dst, ']')
	case fastjson.TypeString:
		b, _ := v.StringBytes()
		s := unsafeString(b) // only read, here and by the regexps
		if e.normalize {
			var hit bool
			s, hit = normalizeHashString(s, e.fileSearch)
			e.fileSearchHit = e.fileSearchHit || hit
		}
		return AppendString(dst, s)
	case fastjson.TypeNumber:
		e.scratch = v.MarshalTo(e.scratch[:0])
		return e.number(dst, e.scratch)
	case fastjson.TypeTrue:
		return append(dst, "true"...)
	case fastjson.TypeFalse:
		return append(dst, "false"...)
	default:
		return append(dst, "null"...)
	}
}

// object appends o. When normalizing and root is set, the "project_id" of
// "extra_body" and "extra_query" objects is dropped; dropProject drops o's
// own "project_id" (o is such an extra object).
func (e *pyEncoder) object(dst []byte, o *fastjson.Object, root, dropStream, dropProject bool) []byte {
	members := pyMembers(o)
	if e.sortKeys {
		sort.Sort(byKey(members))
	}
	n := 0
	dst = append(dst, '{')
	for _, m := range members {
		if dropStream && m.key == "stream_options" {
			continue
		}
		if dropProject && m.key == "project_id" {
			e.projectDropped = true
			continue
		}
		if n > 0 {
			dst = append(dst, ", "...)
		}
		n++
		dst = AppendString(dst, m.key)
		dst = append(dst, ": "...)
		if e.normalize && !e.keepProject && root && (m.key == "extra_body" || m.key == "extra_query") && m.v.Type() == fastjson.TypeObject {
			// normalized[extra_key] was normalized with _is_root=False;
			// then its "project_id" is popped.
			eo, _ := m.v.Object()
			dst = e.object(dst, eo, false, false, true)
			continue
		}
		dst = e.value(dst, m.v, false, false)
	}
	return append(dst, '}')
}

// pyMembers lists o's members as the Python dict json.loads builds: a
// repeated key keeps its first position and its last value.
func pyMembers(o *fastjson.Object) []pyMember {
	members := make([]pyMember, 0, o.Len())
	var index map[string]int // built only once a lookup would be slow
	o.Visit(func(k []byte, v *fastjson.Value) {
		key := string(k)
		if !utf8.ValidString(key) {
			key = replaceInvalidUTF8(key)
		}
		if index == nil && len(members) < 16 {
			for i := range members {
				if members[i].key == key {
					members[i].v = v
					return
				}
			}
		} else {
			if index == nil {
				index = make(map[string]int, o.Len())
				for i, m := range members {
					index[m.key] = i
				}
			}
			if i, ok := index[key]; ok {
				members[i].v = v
				return
			}
			index[key] = len(members)
		}
		members = append(members, pyMember{key: key, v: v})
	})
	return members
}

// replaceInvalidUTF8 replaces each byte of s that is not part of a valid
// UTF-8 sequence by U+FFFD, as AppendString writes it, so that keys sort
// and compare by what is written.
func replaceInvalidUTF8(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // r is utf8.RuneError for an invalid byte
		i += size
	}
	return b.String()
}

// number appends the number token tok as Python prints the int or float
// json.loads makes of it, rounded to 5 places when normalizing floats.
func (e *pyEncoder) number(dst, tok []byte) []byte {
	if isIntToken(tok) {
		neg := tok[0] == '-'
		digits := tok
		if neg {
			digits = tok[1:]
		}
		for len(digits) > 1 && digits[0] == '0' {
			digits = digits[1:]
		}
		if neg && !(len(digits) == 1 && digits[0] == '0') {
			dst = append(dst, '-')
		}
		return append(dst, digits...)
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil && !math.IsInf(f, 0) {
		// Not a number Python's json.loads would accept; keep it.
		return append(dst, tok...)
	}
	if e.normalize {
		f = pyRound5(f)
	}
	return appendPyFloat(dst, f)
}
