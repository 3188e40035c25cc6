package recordings

import "bytes"

// binarySniffLen is how many leading bytes Binary reads for a byte that
// is not text: as many as net/http's DetectContentType sniffs.
const binarySniffLen = 512

// binaryMagic are the leading bytes of the binary files most often
// opened by mistake, and what Binary calls each.
var binaryMagic = []struct {
	magic string
	what  string
}{
	{"\x89PNG\r\n\x1a\n", "PNG image"},
	{"\xff\xd8\xff", "JPEG image"},
	{"GIF87a", "GIF image"},
	{"GIF89a", "GIF image"},
	{"\x1f\x8b", "gzip data"},
	{"PK\x03\x04", "zip archive"},
	{"PK\x05\x06", "zip archive"}, // an empty one
	{"%PDF-", "PDF document"},
}

// Binary says what data is when it is not text: "binary data (PNG
// image)" for a file of a common binary format known by its first bytes
// (PNG, JPEG, GIF, gzip, zip, PDF, WebP), else "binary data" when one
// of its first 512 bytes is a control character no text holds (NUL and
// the C0 controls other than tab, line feed, vertical tab, form feed,
// carriage return and escape); "" for data that may be text. Parse says
// it of input that is not JSON ("not a recording: binary data (PNG
// image)"), in place of a syntax error at its first byte.
func Binary(data []byte) string {
	for _, m := range binaryMagic {
		if bytes.HasPrefix(data, []byte(m.magic)) {
			return "binary data (" + m.what + ")"
		}
	}
	if len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP" {
		return "binary data (WebP image)"
	}
	for _, c := range data[:min(len(data), binarySniffLen)] {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' && c != 0x1b {
			return "binary data"
		}
	}
	return ""
}
