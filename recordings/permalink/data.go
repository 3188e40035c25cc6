package permalink

import (
	"bytes"
	"compress/flate"
	_ "embed" // the frozen DEFLATE dictionary
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// MaxInflated is the most bytes DecodeData inflates a link's data to
// (64 MiB), and the largest compact JSON EncodeData accepts. Data that
// inflates past it is refused with ErrLinkTooLarge: a few kilobytes of
// DEFLATE can claim gigabytes.
const MaxInflated = 64 << 20

// MaxLinkLen is the longest permalink, in characters, that can be pasted
// into a GitHub comment (65,536). Longer links still work in a browser's
// address bar, but a viewer should say the link is too long to share and
// suggest a src= link to a hosted file instead.
const MaxLinkLen = 65536

// Permalink errors; DecodeData, EncodeData and Parse return them
// wrapped in a *recordings.ParseError. Test with errors.Is.
var (
	// ErrBadLink reports a permalink fragment or inline data that cannot be
	// read: a malformed key or value, data that is not base64url, corrupt
	// or truncated DEFLATE, or inflated data that is not JSON.
	ErrBadLink = errors.New("recordings: bad link")
	// ErrLinkTooLarge reports inline data that inflates past MaxInflated
	// bytes, or JSON too large to encode.
	ErrLinkTooLarge = errors.New("recordings: link data too large")
)

// linkDictV1 is the preset DEFLATE dictionary of format version 1: 32 KiB
// of the JSON that recordings repeat (keys, type names, endpoints, test id
// prefixes, typical chunks), the most frequent material last, built from
// testdata/corpus by TestPermalinkDict. It is frozen: links in the wild
// decode only with these exact bytes, so a better dictionary needs a new
// format version. Its SHA-256 is pinned by TestPermalinkDict.
//
//go:embed dict_v1.txt
var linkDictV1 []byte

// EncodeData turns a recording file into the inline data of a permalink
// (the value of d= in a fragment, see Parse), format version 2:
//
//	base64url-without-padding( rawDEFLATE-with-dictionary( pack( compact(JSON) ) ) )
//
// compact is json.Compact: whitespace between tokens is removed, and key
// order, numbers and string escapes are kept byte for byte, so DecodeData
// gives back exactly the compacted file. pack replaces each array of at
// least 8 numbers written as float32 decimals (an embedding) with the
// numbers' 4-byte binary values (pack.go); version 1 data is the
// same without pack. DEFLATE is RFC 1951 without a zlib or gzip header, at
// flate.BestCompression, primed with the frozen v1 dictionary
// (flate.NewWriterDict), which version 2 keeps. The result uses only A-Z
// a-z 0-9 - _ and needs no escaping in a URL.
//
// Errors: a *recordings.ParseError with the line and column when recordingJSON is not
// JSON (wrapping a *json.SyntaxError); ErrLinkTooLarge when the compact
// JSON exceeds MaxInflated bytes. EncodeData does not check that the JSON
// is a recording: call recordings.Parse for that.
func EncodeData(recordingJSON []byte) (string, error) {
	return EncodeDataInSlices(recordingJSON, 0, nil)
}

// encodeSlice is how many bytes of packed JSON EncodeDataInSlices
// compresses between two pauses.
const encodeSlice = 64 << 10

// EncodeDataInSlices is EncodeData for a page that must keep drawing while
// it encodes: it compresses encodeSlice (64 KiB) of the packed JSON at a
// time and calls pause, when not nil, after each slice. (json.Compact and
// the packing of numbers still run over the whole input at once.) With
// maxLen > 0 it stops as soon as the data would be longer than maxLen
// characters, with an error wrapping ErrLinkTooLarge: a link that cannot
// fit costs only the compression of what it takes to know. With maxLen 0
// and pause nil it is EncodeData.
func EncodeDataInSlices(recordingJSON []byte, maxLen int, pause func()) (string, error) {
	var compact bytes.Buffer
	compact.Grow(len(recordingJSON))
	if err := json.Compact(&compact, recordingJSON); err != nil {
		se := jsonx.Locate(recordingJSON, err)
		return "", &recordings.ParseError{Offset: se.Offset, Line: se.Line, Col: se.Col, Err: se.Err}
	}
	if compact.Len() > MaxInflated {
		return "", &recordings.ParseError{Err: fmt.Errorf("%w: %d bytes of compact JSON, the limit is %d", ErrLinkTooLarge, compact.Len(), MaxInflated)}
	}
	var z bytes.Buffer
	w, err := flate.NewWriterDict(&z, flate.BestCompression, linkDictV1)
	if err != nil {
		return "", err // only for a bad level
	}
	tooLong := func() error {
		return &recordings.ParseError{Err: fmt.Errorf("%w: the link data passes %d characters", ErrLinkTooLarge, maxLen)}
	}
	packed := packNumbers(compact.Bytes())
	for len(packed) > 0 {
		n := min(len(packed), encodeSlice)
		if _, err := w.Write(packed[:n]); err != nil {
			return "", err
		}
		packed = packed[n:]
		if maxLen > 0 && base64.RawURLEncoding.EncodedLen(z.Len()) > maxLen {
			return "", tooLong()
		}
		if pause != nil && len(packed) > 0 {
			pause()
		}
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	if maxLen > 0 && base64.RawURLEncoding.EncodedLen(z.Len()) > maxLen {
		return "", tooLong()
	}
	return base64.RawURLEncoding.EncodeToString(z.Bytes()), nil
}

// DecodeData reverses EncodeData: it decodes the inline data of a version 1
// or 2 permalink (the value of d=, already percent-decoded) into the
// compact JSON of the recording; version 1 data, having no packed arrays,
// decodes the same either way. Trailing "=" padding is tolerated.
//
// Errors, each a *recordings.ParseError: ErrBadLink for data that is empty, not
// base64url (Offset is the byte of s at fault), not DEFLATE or cut short,
// with a packed array cut short, or that inflates to something other than
// JSON; ErrLinkTooLarge when s is longer than MaxInflated or inflates or
// unpacks past MaxInflated bytes. DecodeData
// never panics, whatever s holds.
func DecodeData(s string) ([]byte, error) {
	if len(s) > MaxInflated {
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: %d bytes of link data, the limit is %d", ErrLinkTooLarge, len(s), MaxInflated)}
	}
	s = strings.TrimRight(s, "=")
	if s == "" {
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: no data", ErrBadLink)}
	}
	z, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			off := int64(ce)
			if off >= int64(len(s)) {
				off = int64(len(s)) - 1
			}
			return nil, &recordings.ParseError{Offset: off, Err: fmt.Errorf("%w: data is not base64url: %q at byte %d", ErrBadLink, s[off], off)}
		}
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: data is not base64url: %v", ErrBadLink, err)}
	}
	r := flate.NewReaderDict(bytes.NewReader(z), linkDictV1)
	defer r.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(r, MaxInflated+1))
	switch {
	case n > MaxInflated:
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: data inflates past %d bytes", ErrLinkTooLarge, MaxInflated)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: compressed data is cut short (link truncated?)", ErrBadLink)}
	case err != nil:
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: corrupt compressed data: %v", ErrBadLink, err)}
	}
	js, err := unpackNumbers(out.Bytes(), MaxInflated)
	if err != nil {
		return nil, &recordings.ParseError{Err: err}
	}
	if !json.Valid(js) {
		return nil, &recordings.ParseError{Err: fmt.Errorf("%w: data inflates to %d bytes that are not JSON", ErrBadLink, len(js))}
	}
	return js, nil
}
