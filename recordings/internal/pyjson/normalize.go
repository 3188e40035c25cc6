package pyjson

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// Options selects the steps of the recorder's body normalization
// (_normalize_body_for_hash in api_recorder.py) that AppendNormalized
// and Normalize apply.
type Options struct {
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
	// KeepProjectID keeps the "project_id" of the root's "extra_body" and
	// "extra_query" objects, as the recorder did before it learned to drop
	// it (the "legacy-no-filesearch-norm" scheme).
	KeepProjectID bool
}

// AppendNormalized appends json.dumps(_normalize_body_for_hash(obj),
// sort_keys=True) for the object obj that v stands for (see Append),
// the way api_recorder.py normalizes a request body before hashing it:
//
//   - every float becomes round(x, 5), a correctly rounded float;
//   - with opt.FileSearch, strings first go through the file-search rewrite
//     described at Options.FileSearch;
//   - then every run like -?\d+\.\d{4,} inside a string becomes
//     f"{float(run):.5f}" ("0.123456" -> "0.12346");
//   - unless opt.KeepProjectID, the root object, and every object that
//     is directly an element of an array (the recorder's list branch calls
//     it with _is_root left True), loses the key "project_id" of its
//     "extra_body" and "extra_query" objects;
//   - with opt.ExcludeStreamOptions the root object loses "stream_options".
//
// Keys are never rewritten. \d and \s follow Python's str patterns: \d is
// any Unicode decimal digit (category Nd, converted by its digit value as
// float() does) and \s is any character str.isspace accepts, including
// 0x1c..0x1f; Go's Unicode tables may be a version newer than CPython
// 3.11's Unicode 14.0, which matters only for digits added since.
//
// changed reports that, with opt.FileSearch, a string held one of the
// file-search patterns, or that a "project_id" was dropped: when neither
// happened, the output is the same with FileSearch false and
// KeepProjectID true.
func AppendNormalized(dst []byte, v *fastjson.Value, opt Options) (out []byte, changed bool) {
	e := pyEncoder{sortKeys: true, normalize: true, fileSearch: opt.FileSearch, keepProject: opt.KeepProjectID}
	dst = e.value(dst, v, true, opt.ExcludeStreamOptions)
	return dst, e.fileSearchHit || e.projectDropped
}

// Normalize returns the normalized body as a value tree: it parses
// AppendNormalized's output with p, so the result belongs to p and is
// valid until p's next Parse. The error is p's; it happens only when the
// output holds NaN or Infinity, which fastjson cannot read back (a float
// beyond float64's range such as 1e400, or a nan token).
func Normalize(p *fastjson.Parser, v *fastjson.Value, opt Options) (*fastjson.Value, error) {
	out, _ := AppendNormalized(nil, v, opt)
	return p.ParseBytes(out)
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
