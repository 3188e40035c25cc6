package recordings

import (
	"fmt"
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"

	"github.com/valyala/fastjson"
)

// otherPart is v as a part recview does not read, shown as recorded.
func otherPart(v *fastjson.Value) Part {
	return Part{Kind: PartOther, Raw: v, Text: string(jsonx.Compact(v))}
}

// minBlob is the shortest string Describe calls base64 data.
const minBlob = 256

// Describe says what a part recview does not read (PartOther) holds, for
// a notice beside it: its "type" (or its JSON type), its size as
// recorded, and the longest base64 text inside it with its path, as in
// `web_search_call, 1.2 KB` or `input_audio, 48.3 KB (base64 at
// input_audio.data, 48.2 KB)`; a part of text alone (Raw nil: a request
// body that is not JSON) is `text, 79 bytes` or `text, 119.2 KB in
// base64`. A string of minBlob bytes or more of the base64 alphabet
// counts as base64.
func (p *Part) Describe() string {
	what := "text" // a string as recorded: a request body that is not JSON
	if p.Raw != nil {
		what = p.Raw.Type().String()
		if t := getStr(p.Raw, "type"); t != "" {
			what = t
		}
	}
	s := what + ", " + ByteSize(len(p.Text))
	if p.Raw == nil {
		if len(p.Text) >= minBlob && isBase64([]byte(p.Text)) {
			s += " in base64"
		}
		return s
	}
	if path, n := longestBlob(p.Raw, "", "", 0); n > 0 {
		s += " (base64 at " + path + ", " + ByteSize(n) + ")"
	}
	return s
}

// longestBlob is the path and length of the longest base64 string in v,
// if longer than n (found and n otherwise).
func longestBlob(v *fastjson.Value, at, found string, n int) (string, int) {
	switch v.Type() {
	case fastjson.TypeString:
		if b := v.GetStringBytes(); len(b) > max(n, minBlob-1) && isBase64(b) {
			return at, len(b)
		}
	case fastjson.TypeObject:
		v.GetObject().Visit(func(k []byte, x *fastjson.Value) {
			key := string(k)
			if at != "" {
				key = at + "." + key
			}
			found, n = longestBlob(x, key, found, n)
		})
	case fastjson.TypeArray:
		for i, x := range v.GetArray() {
			found, n = longestBlob(x, at+"["+strconv.Itoa(i)+"]", found, n)
		}
	}
	return found, n
}

// isBase64 reports text of the standard or URL-safe base64 alphabet,
// padding included.
func isBase64(b []byte) bool {
	for _, c := range b {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ByteSize is n bytes for people: "512 bytes", "1.2 KB", "3.4 MB".
func ByteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	case n == 1:
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}
