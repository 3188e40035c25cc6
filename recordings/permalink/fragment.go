package permalink

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
)

// Version is the permalink format version this package writes:
// the fragment grammar of Parse and the data codec of EncodeData
// with its frozen dictionary. Version 2 is version 1 with arrays of
// numbers packed in d= data (see EncodeData); Parse and DecodeData
// read both, so links made for version 1 open forever.
const Version = 2

// SourceKind says where a permalink's recording comes from. Its value is
// the fragment key that names it.
type SourceKind string

// The kinds of source a fragment names.
const (
	// SourceData is a recording inline in the link: d=DATA, where DATA is
	// EncodeData's output; DecodeData gives the compact JSON back.
	SourceData SourceKind = "d"
	// SourceURL is a recording to fetch: src=URL, an absolute http or https
	// URL or a URL relative to the viewer's page.
	SourceURL SourceKind = "src"
	// SourceSample is a sample of the viewer's gallery: sample=FILE, a file
	// name without a folder, like "4078aa36...b6508.json".
	SourceSample SourceKind = "sample"
)

// Source is one recording a permalink names.
type Source struct {
	Kind SourceKind
	// Value is the percent-decoded value: base64url data, a URL or a file
	// name, following Kind.
	Value string
	// Name is the recording's file name (name=), "" when the link gives
	// none. The name holds the request hash the viewer checks, which
	// inline data (d=) would otherwise lose.
	Name string
	// Interaction is, for a source that is another recorder's cassette
	// (a vcrpy cassette: several recorded calls), the one to show
	// (i=K), from 1; 0 when the link names none (the first).
	Interaction int
}

// Fragment is a decoded permalink fragment: the view state of the viewer,
// everything after "#" in its URL. See Parse for the grammar.
type Fragment struct {
	// Version is the format version: 1 or 2 (Version), 1 for a
	// fragment without v=; String writes Version when it is 0.
	Version int
	// Sources are the recordings the link names, in order: none (an empty
	// viewer), one, or two (a comparison: Sources[0] on the left, the
	// "before"; Sources[1] on the right, the "after").
	Sources []Source
	// Step is the stream step to show: the response after Step chunks, 0
	// for before the first chunk. Only meaningful when HasStep is true;
	// without a step the viewer shows the final response. The viewer
	// clamps Step to the stream's length.
	Step    int
	HasStep bool
	// Panel names the viewer's panel to open (the viewer's names:
	// "request", "response", "raw"), "" for its default: a word of 1 to 16
	// lowercase ASCII letters, which the viewer checks against the panels
	// it has.
	Panel string
	// Review is the change set the link reviews (pr=, compare= or
	// folders=), the zero Review for none. A review link names no
	// Sources, the viewer reads the recordings from the change set;
	// except a pair of two folders (folders= with file=), whose files
	// are on one computer only: its link carries them inline (d=), the
	// base's first, and the head's path, and the base's when it differs
	// (Base).
	Review Review
	// File is the pair of the review to open (file=PATH): the path of its
	// head file, or of its base file when it has no head, within the
	// change set's tree; "" for the review's table.
	File string
	// Base is the base file's path of a shared pair of two folders
	// (base=PATH): with two recordings in the link, when it differs from
	// File (a renamed pair); with one, File itself when that recording is
	// the base's (a deleted pair). "" otherwise: two recordings at one
	// path, or an added pair's one (the head's).
	Base string
	// Open is the side of the pair (File) shown as a recording, its
	// stream, steps and raw JSON (open=base or open=head): where Open
	// base or Open head took the reviewer; "" for the pair itself.
	Open string
}

// Parse decodes a permalink fragment: the part of the viewer's URL
// after "#" (a leading "#" is skipped). The fragment never reaches a
// server. Grammar, format versions 1 and 2 (they differ only in d= data):
//
//	fragment = [ "#" ] [ pair *( "&" pair ) ]
//	pair     = key [ "=" value ]
//	key      = "v" / "d" / "src" / "sample" / "step" / "panel" / "name" /
//	           "i" / "pr" / "compare" / "folders" / "file" / "base" /
//	           "open" / other-key
//
// A pair is split at its first "="; its value is percent-decoded (%XX,
// RFC 3986; "+" stands for itself, not a space). Empty pairs ("&&") are
// skipped. Keys are case-sensitive.
//
//   - v=2: the format version, 1 or 2. A fragment without v is version 1:
//     links the viewer made before versioning, #sample=FILE&step=K, keep
//     working.
//   - d=DATA: a recording inline, DATA being EncodeData's output
//     (base64url without padding: A-Z a-z 0-9 - _).
//   - src=URL: a recording to fetch, an absolute http:// or https:// URL
//     or a relative one (no scheme); "&", "#", "%", "+" and spaces in it
//     are percent-encoded.
//   - sample=FILE: a sample of the viewer's gallery, by file name: no "/"
//     or "\", and not "." or "..".
//   - step=K: show the stream after K chunks, K a decimal number from 0
//     (before the first chunk); the viewer clamps K to the stream's
//     length. Without step the viewer shows the final response.
//   - panel=WORD: the viewer's panel to open, WORD 1 to 16 lowercase
//     ASCII letters (the viewer's panels are request, response and raw;
//     it reports others).
//   - name=FILE: the file name of the source just before it (a d= source
//     has none of its own), so the viewer can title it and check its
//     request hash; a plain file name like sample's. At most one per
//     source.
//   - i=K: the interaction to show of the source just before it, when
//     that source is a cassette of another recorder (vcrpy's: several
//     recorded calls), K a decimal number from 1 of at most 9 digits.
//     At most one per source; the viewer checks K against the cassette.
//   - pr=OWNER/REPO/N: review GitHub pull request N of OWNER/REPO; N a
//     decimal number from 1, at most 9 digits.
//   - compare=OWNER/REPO/BASE...HEAD: review the GitHub comparison of two
//     refs (IsRef), as github.com/OWNER/REPO/compare/BASE...HEAD shows it.
//   - folders=BASE/HEAD: the review of two folders the user dropped, by
//     their names (the files are not in the link).
//   - file=PATH: the pair of the review to open, by the path of its head
//     file (its base file when it has none) in the change set (IsTreePath).
//   - base=PATH: the base file's path of a shared pair of two folders,
//     when it is not file's (IsTreePath).
//   - open=base or open=head: the side of the pair (file=) shown as a
//     recording, as Open base and Open head show it.
//
// d, src and sample name sources. A fragment names at most two, in order:
// the first is the recording (the left side of a comparison), the second
// the right side; kinds may mix (sample=A.json&d=DATA). v, step and panel
// appear at most once each, in any order. pr, compare and folders name a
// review: at most one, never with a source but for a shared pair of two
// folders (folders= and file= with its one or two files as d=, the
// base's first; base= only with two); file needs a review, open a file. Unknown keys
// are ignored, with or without a value, so newer links still open in
// older viewers.
//
// Errors, each a *recordings.ParseError wrapping ErrBadLink, with Path set to the key
// and Offset to the byte of s where its pair starts: a version other than
// 1 or 2, a step that is not a decimal number of at most 9 digits (so negative
// steps are refused), a panel that is not such a word, a third source, a repeated v, step
// or panel, an i that is not a number from 1 or follows no source or
// a source's i, a known key without a value, a value with a bad percent
// escape, a d value outside base64url, a src URL that does not parse or
// has a scheme other than http or https, a sample that is not a plain
// file name, a review value of the wrong shape, a second review or file,
// a review with a source, a file without a review, and an open that is
// not base or head, or without a file. Parse does not
// decode d= data: DecodeData does that.
func Parse(s string) (Fragment, error) {
	f := Fragment{Version: 1}
	s = strings.TrimPrefix(s, "#")
	seen := map[string]bool{}
	fileAt := -1 // the offset of file=, checked against the review at the end
	baseAt := -1 // the offset of base=, checked against the sources at the end
	openAt := -1 // the offset of open=, checked against file= at the end
	for off := 0; off <= len(s); {
		pair := s[off:]
		next := len(s) + 1
		if i := strings.IndexByte(pair, '&'); i >= 0 {
			pair, next = pair[:i], off+i+1
		}
		at := off
		off = next
		if pair == "" {
			continue
		}
		key, raw, hasValue := strings.Cut(pair, "=")
		bad := func(format string, args ...any) error {
			return &recordings.ParseError{Offset: int64(at), Path: key, Err: fmt.Errorf("%w: "+format, append([]any{ErrBadLink}, args...)...)}
		}
		switch key {
		case "v", "step", "panel", "d", "src", "sample", "name", "i", "pr", "compare", "folders", "file", "base", "open":
		default:
			continue // unknown keys are for later versions
		}
		if !hasValue || raw == "" {
			return Fragment{}, bad("%s has no value", key)
		}
		val, err := url.PathUnescape(raw)
		if err != nil {
			return Fragment{}, bad("bad percent escape in %q", raw)
		}
		if key == "v" || key == "step" || key == "panel" || key == "file" || key == "base" || key == "open" {
			if seen[key] {
				return Fragment{}, bad("%s appears twice", key)
			}
			seen[key] = true
		}
		switch key {
		case "v":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > Version || val != strconv.Itoa(n) {
				return Fragment{}, bad("unknown format version %q (this viewer reads versions 1 to %d)", val, Version)
			}
			f.Version = n
		case "step":
			n, ok := parseStep(val)
			if !ok {
				return Fragment{}, bad("want a chunk number 0 or more, got %q", val)
			}
			f.Step, f.HasStep = n, true
		case "name":
			if len(f.Sources) == 0 || f.Sources[len(f.Sources)-1].Name != "" {
				return Fragment{}, bad("name must follow the source it names, once")
			}
			if err := checkSource(SourceSample, val); err != "" {
				return Fragment{}, bad("name must be a file name, not %q", val)
			}
			f.Sources[len(f.Sources)-1].Name = val
		case "i":
			if len(f.Sources) == 0 || f.Sources[len(f.Sources)-1].Interaction != 0 {
				return Fragment{}, bad("i must follow the source it names an interaction of, once")
			}
			n, ok := parseStep(val)
			if !ok || n < 1 {
				return Fragment{}, bad("want an interaction number 1 or more, got %q", val)
			}
			f.Sources[len(f.Sources)-1].Interaction = n
		case "pr", "compare", "folders":
			if f.Review.Kind != "" {
				return Fragment{}, bad("a link names one review, this is a second")
			}
			if len(f.Sources) > 0 && !inlinePair(ReviewKind(key), f.Sources) {
				return Fragment{}, bad("a review link names no recordings")
			}
			r, msg := parseReview(ReviewKind(key), val)
			if msg != "" {
				return Fragment{}, bad("%s", msg)
			}
			f.Review = r
		case "file":
			if !IsTreePath(val) {
				return Fragment{}, bad("file must be a relative path in the change set, not %q", val)
			}
			f.File, fileAt = val, at
		case "base":
			if !IsTreePath(val) {
				return Fragment{}, bad("base must be a relative path in the change set, not %q", val)
			}
			f.Base, baseAt = val, at
		case "open":
			if val != "base" && val != "head" {
				return Fragment{}, bad("open must be base or head, not %q", val)
			}
			f.Open, openAt = val, at
		case "panel":
			if !isPanelWord(val) {
				return Fragment{}, bad("panel must be a word of lowercase letters, not %q", val)
			}
			f.Panel = val
		default:
			if len(f.Sources) == 2 {
				return Fragment{}, bad("a link names at most two recordings, this is a third")
			}
			if f.Review.Kind != "" && !inlinePair(f.Review.Kind, []Source{{Kind: SourceKind(key)}}) {
				return Fragment{}, bad("a review link names no recordings")
			}
			if err := checkSource(SourceKind(key), val); err != "" {
				return Fragment{}, bad("%s", err)
			}
			f.Sources = append(f.Sources, Source{Kind: SourceKind(key), Value: val})
		}
	}
	if openAt >= 0 && f.File == "" {
		return Fragment{}, &recordings.ParseError{Offset: int64(openAt), Path: "open", Err: fmt.Errorf("%w: open names a side of a review's pair, and the link names none (file=)", ErrBadLink)}
	}
	if fileAt >= 0 && f.Review.Kind == "" {
		return Fragment{}, &recordings.ParseError{Offset: int64(fileAt), Path: "file", Err: fmt.Errorf("%w: file names a pair of a review, and the link names none", ErrBadLink)}
	}
	if len(f.Sources) > 0 && f.Review.Kind != "" && f.File == "" {
		return Fragment{}, &recordings.ParseError{Offset: 0, Path: "folders", Err: fmt.Errorf("%w: the recordings of a review of two folders come with the pair they are (file=)", ErrBadLink)}
	}
	switch {
	case baseAt < 0 || len(f.Sources) == 2:
	case len(f.Sources) == 1 && f.Base == f.File:
		// A deleted pair: its one recording is the base's.
	case len(f.Sources) == 1:
		return Fragment{}, &recordings.ParseError{Offset: int64(baseAt), Path: "base", Err: fmt.Errorf("%w: base names the base file of a shared pair of two folders; with one recording in the link (a deleted pair) it is file's path", ErrBadLink)}
	default:
		return Fragment{}, &recordings.ParseError{Offset: int64(baseAt), Path: "base", Err: fmt.Errorf("%w: base names the base file of a shared pair of two folders, and the link carries none", ErrBadLink)}
	}
	return f, nil
}

// inlinePair reports whether sources may come with a review of kind: a
// shared pair of two folders (folders=) carries its files inline (d=),
// at most two; any other review names none.
func inlinePair(kind ReviewKind, sources []Source) bool {
	if kind != ReviewFolders {
		return false
	}
	for _, s := range sources {
		if s.Kind != SourceData {
			return false
		}
	}
	return true
}

// isPanelWord reports whether s is 1 to 16 lowercase ASCII letters.
func isPanelWord(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// parseStep reads a step: 1 to 9 decimal digits.
func parseStep(s string) (int, bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// checkSource says what is wrong with a source value, or "".
func checkSource(kind SourceKind, v string) string {
	switch kind {
	case SourceData:
		d := strings.TrimRight(v, "=")
		if d == "" {
			return "d has no data"
		}
		for i := 0; i < len(d); i++ {
			if !isBase64URL(d[i]) {
				return fmt.Sprintf("data is not base64url: %q at byte %d", d[i], i)
			}
		}
	case SourceURL:
		u, err := url.Parse(v)
		if err != nil {
			return fmt.Sprintf("src is not a URL: %q", v)
		}
		if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
			return fmt.Sprintf("src must be an http or https URL, not %s:", u.Scheme)
		}
	case SourceSample:
		if strings.ContainsAny(v, `/\`) || v == "." || v == ".." {
			return fmt.Sprintf("sample must be a file name, not %q", v)
		}
	}
	return ""
}

func isBase64URL(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// String encodes the fragment, without the leading "#", in the canonical
// order: v first (Version when Version is 0), then the review and its
// file, then the sources in order, then step when HasStep, then panel
// when set; for example "v=2&sample=a.json&step=3&panel=raw" or
// "v=2&pr=ogx-ai/ogx/3681&file=tests/integration/recordings/a.json". Values
// are percent-encoded where the grammar needs it (see Parse), so
// Parse(f.String()) gives f back for any f it could have returned.
func (f Fragment) String() string {
	var b strings.Builder
	v := f.Version
	if v == 0 {
		v = Version
	}
	b.WriteString("v=" + strconv.Itoa(v))
	if f.Review.Kind != "" {
		b.WriteString("&" + string(f.Review.Kind) + "=" + escapeValue(f.Review.value()))
	}
	if f.File != "" {
		b.WriteString("&file=" + escapeValue(f.File))
	}
	if f.Base != "" {
		b.WriteString("&base=" + escapeValue(f.Base))
	}
	if f.Open != "" {
		b.WriteString("&open=" + escapeValue(f.Open))
	}
	for _, s := range f.Sources {
		b.WriteString("&" + string(s.Kind) + "=" + escapeValue(s.Value))
		if s.Name != "" {
			b.WriteString("&name=" + escapeValue(s.Name))
		}
		if s.Interaction > 0 {
			b.WriteString("&i=" + strconv.Itoa(s.Interaction))
		}
	}
	if f.HasStep {
		b.WriteString("&step=" + strconv.Itoa(f.Step))
	}
	if f.Panel != "" {
		b.WriteString("&panel=" + escapeValue(f.Panel))
	}
	return b.String()
}

// escapeValue percent-encodes every byte of a value that is not allowed
// unescaped in a URL fragment (RFC 3986) or that the grammar reads:
// "&", "%", "+", "#" and spaces. "=", "/", "?" and ":" stay as they are.
func escapeValue(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("-._~!$'()*,;=:@/?", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
