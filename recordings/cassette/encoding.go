package cassette

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/andybalholm/brotli"
)

// decode undoes a gzip, deflate or brotli ("br") Content-Encoding of b
// (recorders keep some bodies decoded whatever the header says: gzip
// only over bytes that carry its magic, deflate and brotli, which have
// none, only over bytes that are not JSON, and b as it is when they do
// not decode), at most MaxSize bytes out.
func decode(b []byte, encoding string) ([]byte, error) {
	var r io.Reader
	encoding = strings.ToLower(strings.TrimSpace(encoding))
	switch encoding {
	case "gzip", "x-gzip":
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			return b, nil
		}
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		r = zr
	case "deflate", "br":
		if json.Valid(b) {
			return b, nil
		}
		if encoding == "br" {
			r = brotli.NewReader(bytes.NewReader(b))
		} else {
			r = flate.NewReader(bytes.NewReader(b))
		}
	default:
		return b, nil
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		if encoding != "gzip" && encoding != "x-gzip" {
			return b, nil // a deflate or br header over bytes kept decoded
		}
		return nil, fmt.Errorf("%s: %w", encoding, err)
	}
	if len(out) > MaxSize {
		return nil, fmt.Errorf("%s: inflates past %d bytes", encoding, MaxSize)
	}
	return out, nil
}
