package recordings

// Python-compatible JSON output, the half of the recorder's request hash
// that is not SHA-256. The recorder (src/ogx/testing/api_recorder.py in the
// ogx repository) hashes json.dumps(obj, sort_keys=True) of Python objects
// that json.loads made from the recording's JSON text, so reproducing its
// hashes needs CPython's exact bytes: ", " and ": " separators, ensure_ascii
// escapes, ints as written, floats as repr(float).

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/recview/recview/internal/jsonx"
	"github.com/valyala/fastjson"
)

// AppendPyJSON appends to dst what CPython's json.dumps(obj, sort_keys=sortKeys)
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
func AppendPyJSON(dst []byte, v *fastjson.Value, sortKeys bool) []byte {
	e := pyEncoder{sortKeys: sortKeys}
	return e.value(dst, v, false, false)
}

// NormalizeOptions selects the steps of the recorder's body normalization
// (_normalize_body_for_hash in api_recorder.py) that AppendPyJSONNormalized
// and NormalizeForHash apply.
type NormalizeOptions struct {
	// FileSearch applies _normalize_file_search_metadata to strings:
	// "score: 0.87" becomes "score: __NORMALIZED__", "attributes: {...}"
	// goes, and document ids and <|uuid|> citations become __NORMALIZED__.
	// The recorder does this since file-search replay was made stable;
	// leave it false for the "legacy-no-filesearch-norm" scheme.
	FileSearch bool
	// ExcludeStreamOptions drops the key "stream_options" of the root
	// object, as the recorder does for hosts whose name contains
	// "bedrock".
	ExcludeStreamOptions bool
}

// AppendPyJSONNormalized appends json.dumps(_normalize_body_for_hash(obj),
// sort_keys=True) for the object obj that v stands for (see AppendPyJSON),
// the way api_recorder.py normalizes a request body before hashing it:
//
//   - every float becomes round(x, 5), a correctly rounded float;
//   - with opt.FileSearch, strings first go through the file-search rewrite
//     described at NormalizeOptions.FileSearch;
//   - then every run like -?\d+\.\d{4,} inside a string becomes
//     f"{float(run):.5f}" ("0.123456" -> "0.12346");
//   - the root object, and every object that is directly an element of an
//     array (the recorder's list branch calls it with _is_root left True),
//     loses the key "project_id" of its "extra_body" and "extra_query"
//     objects;
//   - with opt.ExcludeStreamOptions the root object loses "stream_options".
//
// Keys are never rewritten. \d and \s follow Python's str patterns: \d is
// any Unicode decimal digit (category Nd, converted by its digit value as
// float() does) and \s is any character str.isspace accepts, including
// 0x1c..0x1f; Go's Unicode tables may be a version newer than CPython
// 3.11's Unicode 14.0, which matters only for digits added since.
func AppendPyJSONNormalized(dst []byte, v *fastjson.Value, opt NormalizeOptions) []byte {
	dst, _ = appendPyJSONNormalized(dst, v, opt)
	return dst
}

// appendPyJSONNormalized is AppendPyJSONNormalized, also reporting whether
// a string held one of the file-search patterns (with opt.FileSearch):
// when none did, the output is the same without opt.FileSearch.
func appendPyJSONNormalized(dst []byte, v *fastjson.Value, opt NormalizeOptions) ([]byte, bool) {
	e := pyEncoder{sortKeys: true, normalize: true, fileSearch: opt.FileSearch}
	dst = e.value(dst, v, true, opt.ExcludeStreamOptions)
	return dst, e.fileSearchHit
}

// NormalizeForHash returns the normalized body as a value tree: it parses
// AppendPyJSONNormalized's output with p, so the result belongs to p and is
// valid until p's next Parse. The error is p's; it happens only when the
// output holds NaN or Infinity, which fastjson cannot read back (a float
// beyond float64's range such as 1e400, or a nan token).
func NormalizeForHash(p *fastjson.Parser, v *fastjson.Value, opt NormalizeOptions) (*fastjson.Value, error) {
	return p.ParseBytes(AppendPyJSONNormalized(nil, v, opt))
}

// pyEncoder writes Python json.dumps output, optionally normalizing as the
// recorder does. scratch holds number tokens while they are converted.
type pyEncoder struct {
	sortKeys      bool
	normalize     bool
	fileSearch    bool
	fileSearchHit bool // a string held a file-search pattern
	scratch       []byte
}

// pyMember is one deduplicated object member; key is the key as Python
// sees it (invalid UTF-8 replaced per byte) and is what sorting compares.
type pyMember struct {
	key string
	v   *fastjson.Value
}

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
		s := noCopyString(b) // only read, here and by the regexps
		if e.normalize {
			var hit bool
			s, hit = normalizeHashString(s, e.fileSearch)
			e.fileSearchHit = e.fileSearchHit || hit
		}
		return appendPyString(dst, s)
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
		slices.SortFunc(members, func(a, b pyMember) int { return strings.Compare(a.key, b.key) })
	}
	n := 0
	dst = append(dst, '{')
	for _, m := range members {
		if (dropStream && m.key == "stream_options") || (dropProject && m.key == "project_id") {
			continue
		}
		if n > 0 {
			dst = append(dst, ", "...)
		}
		n++
		dst = appendPyString(dst, m.key)
		dst = append(dst, ": "...)
		if e.normalize && root && (m.key == "extra_body" || m.key == "extra_query") && m.v.Type() == fastjson.TypeObject {
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
// UTF-8 sequence by U+FFFD, as appendPyString writes it, so that keys sort
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

// isIntToken reports whether tok is -?[0-9]+, a JSON number that
// json.loads turns into a Python int.
func isIntToken(tok []byte) bool {
	if len(tok) > 0 && tok[0] == '-' {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pyRound5 is Python's round(f, 5): the float nearest to f rounded to 5
// decimal places, exact halfway cases to even; strconv's 'f' formatting
// rounds the exact binary value the same way.
func pyRound5(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	var buf [64]byte
	r, err := strconv.ParseFloat(string(strconv.AppendFloat(buf[:0], f, 'f', 5, 64)), 64)
	if err != nil {
		return f
	}
	return r
}

// appendPyFloat appends repr(f): the shortest digits that read back as f,
// in positional form when the decimal exponent is in [-4, 16) (with ".0"
// when there is no fraction), else as d.ddde+XX with at least two exponent
// digits. NaN and the infinities print as json.dumps prints them.
func appendPyFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	if math.Signbit(f) {
		dst = append(dst, '-')
		f = -f
	}
	if f == 0 {
		return append(dst, "0.0"...)
	}
	// Shortest round-trip digits as d.ddde±X.
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	ePos := slices.Index(s, 'e')
	mant, expPart := s[:ePos], s[ePos+1:]
	exp, _ := strconv.Atoi(string(expPart))
	var digitBuf [24]byte
	digits := append(digitBuf[:0], mant[0])
	if len(mant) > 2 {
		digits = append(digits, mant[2:]...)
	}
	decpt := exp + 1 // digits are 0.DDDD × 10^decpt
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			dst = append(dst, "0."...)
			for i := decpt; i < 0; i++ {
				dst = append(dst, '0')
			}
			return append(dst, digits...)
		case decpt < len(digits):
			dst = append(dst, digits[:decpt]...)
			dst = append(dst, '.')
			return append(dst, digits[decpt:]...)
		default:
			dst = append(dst, digits...)
			for i := len(digits); i < decpt; i++ {
				dst = append(dst, '0')
			}
			return append(dst, ".0"...)
		}
	}
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'e')
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else {
		dst = append(dst, '+')
	}
	if exp < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(exp), 10)
}

const lowerHex = "0123456789abcdef"

// appendPyString appends s quoted as json.dumps with ensure_ascii quotes
// it. Bytes that are not UTF-8 are written as \ufffd, one per byte.
func appendPyString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if len(s)-i >= 8 {
			if j := pyPlainRun(s, i); j != i {
				i = j // the common case: runs of eight bytes that need no escape
				continue
			}
		}
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				dst = append(dst, `\"`...)
			case '\\':
				dst = append(dst, `\\`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			default:
				dst = appendUEscape(dst, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			r -= 0x10000
			dst = appendUEscape(dst, 0xd800|(r>>10)&0x3ff)
			dst = appendUEscape(dst, 0xdc00|r&0x3ff)
		} else {
			dst = appendUEscape(dst, r) // utf8.RuneError for a bad byte
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendUEscape appends \uXXXX with lowercase hex digits; r < 0x10000.
func appendUEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u',
		lowerHex[r>>12&0xf], lowerHex[r>>8&0xf], lowerHex[r>>4&0xf], lowerHex[r&0xf])
}

// Character classes standing in for Python's Unicode-aware \d and \s in
// the recorder's str patterns. pyDigit is category Nd, as Python's \d.
// pySpace is exactly the set str.isspace accepts (CPython 3.11).
const (
	pyDigit = `\p{Nd}`
	pySpace = `[\t\n\v\f\r\x1c-\x1f \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`
	pyUUID  = `[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}`
)

// The recorder's patterns (_FLOAT_IN_STRING_PATTERN and the
// _FILE_SEARCH_* patterns). Go's leftmost-first matching picks the same
// matches as Python's backtracking engine for these patterns.
var (
	floatInStringRe = regexp.MustCompile(`-?` + pyDigit + `+\.` + pyDigit + `{4,}`)
	fsScoreRe       = regexp.MustCompile(`score:` + pySpace + `*[-+]?` + pyDigit + `*\.?` + pyDigit + `+(?:[eE][-+]?` + pyDigit + `+)?`)
	fsAttributesRe  = regexp.MustCompile(`,?` + pySpace + `*attributes:` + pySpace + `*\{[^}]*\}`)
	fsDocumentIDRe  = regexp.MustCompile(`document_id:` + pySpace + `*` + pyUUID)
	fsCitationRe    = regexp.MustCompile(`<\|` + pyUUID + `\|>`)
)

// normalizeHashString applies the recorder's string normalization:
// _normalize_file_search_metadata (when fileSearch) and then
// _normalize_numeric_literal_strings. Substring checks skip the regular
// expressions for strings that cannot match; fileSearchHit reports that
// one of the file-search patterns' substrings was there.
func normalizeHashString(s string, fileSearch bool) (_ string, fileSearchHit bool) {
	if fileSearch {
		score, attributes, documentID := fileSearchKeys(s)
		if score {
			s, fileSearchHit = fsScoreRe.ReplaceAllLiteralString(s, "score: __NORMALIZED__"), true
		}
		if attributes {
			s, fileSearchHit = fsAttributesRe.ReplaceAllLiteralString(s, ""), true
		}
		if documentID {
			s, fileSearchHit = fsDocumentIDRe.ReplaceAllLiteralString(s, "document_id: __NORMALIZED__"), true
		}
	}
	if fileSearch && strings.Contains(s, "<|") {
		s, fileSearchHit = fsCitationRe.ReplaceAllLiteralString(s, "<|__NORMALIZED__|>"), true
	}
	if mayHoldFloat(s) {
		s = floatInStringRe.ReplaceAllStringFunc(s, formatFloatRun)
	}
	return s, fileSearchHit
}

// fileSearchKeys reports which of the keys the recorder's file-search
// patterns start from ("score:", "attributes:", "document_id:") s holds,
// in one scan for their common ':' (a scan for each key's first letter,
// 's', 'a' or 'd', stops every few bytes of prose).
func fileSearchKeys(s string) (score, attributes, documentID bool) {
	for i := strings.IndexByte(s, ':'); i >= 0; {
		head := s[:i]
		score = score || strings.HasSuffix(head, "score")
		attributes = attributes || strings.HasSuffix(head, "attributes")
		documentID = documentID || strings.HasSuffix(head, "document_id")
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return score, attributes, documentID
}

// mayHoldFloat reports whether s may hold a match of floatInStringRe: a '.'
// followed by four ASCII digits, or by a non-ASCII byte before four, which
// may start a Unicode digit and is left to the regexp. Most prose holds
// dots but no such run, and the regexp is slow (in WebAssembly most of
// all): this scan skips it.
func mayHoldFloat(s string) bool {
	for i := strings.IndexByte(s, '.'); i >= 0; {
		for n := 1; n <= 4; n++ {
			if i+n >= len(s) {
				return false
			}
			c := s[i+n]
			if c >= utf8.RuneSelf {
				return true
			}
			if c < '0' || c > '9' {
				break
			}
			if n == 4 {
				return true
			}
		}
		k := strings.IndexByte(s[i+1:], '.')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// formatFloatRun is f"{float(run):.5f}" for a match of floatInStringRe.
// Python's float() reads any Unicode decimal digit by its value; a run too
// long for a float is inf, which Python formats as "inf".
func formatFloatRun(run string) string {
	ascii := make([]byte, 0, len(run))
	for _, r := range run {
		switch {
		case r == '-' || r == '.' || (r >= '0' && r <= '9'):
			ascii = append(ascii, byte(r))
		default:
			ascii = append(ascii, byte('0'+digitValue(r)))
		}
	}
	f, err := strconv.ParseFloat(string(ascii), 64)
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case err != nil:
		return run
	}
	return strconv.FormatFloat(f, 'f', 5, 64)
}

// digitValue is the decimal value of r, a character of category Nd.
// Unicode encodes decimal digits in contiguous runs 0..9, and each range
// of unicode.Nd starts at a zero, so the value is the offset modulo 10.
func digitValue(r rune) int {
	for _, rg := range unicode.Nd.R16 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return 0
}

// pyPlainRun returns i moved past the eight-byte words of s from i whose
// bytes are all printable ASCII (0x20 to 0x7e) other than '"' and '\\':
// bytes appendPyString copies as they are (plainWord, quoteWord). It stops
// at the first other word, or with fewer than eight bytes left. One call
// per run, not per word: the test is too large for Go to inline.
func pyPlainRun(s string, i int) int {
	for ; len(s)-i >= 8; i += 8 {
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if !jsonx.PlainWord(x) || jsonx.QuoteWord(x) {
			break
		}
	}
	return i
}
