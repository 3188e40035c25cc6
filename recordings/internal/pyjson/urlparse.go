package pyjson

import (
	"slices"
	"strings"
)

// Upper is str.upper for the method names the recorder sees; it
// uppercases ASCII letters only (Python also maps, for example, "ß" to "SS").
func Upper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'a' && b[j] <= 'z' {
					b[j] -= 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// URLParse returns the netloc and path Python's urllib.parse.urlparse
// (3.11) gives for url: leading C0 controls and spaces and all tabs and
// newlines removed; a scheme when a letter starts a run of scheme
// characters before ':'; a netloc after "//" up to '/', '?' or '#';
// fragment and query cut off; and, for schemes that use them (http, https,
// the empty scheme, ...), ";params" cut from the last path segment. Unlike
// Python it does not reject malformed IPv6 brackets.
func URLParse(url string) (netloc, path string) {
	url = strings.TrimLeft(url, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	scheme := ""
	if i := strings.IndexByte(url, ':'); i > 0 && isASCIILetter(url[0]) {
		valid := true
		for j := 0; j < i; j++ {
			if !isSchemeChar(url[j]) {
				valid = false
				break
			}
		}
		if valid {
			scheme, url = strings.ToLower(url[:i]), url[i+1:]
		}
	}
	if strings.HasPrefix(url, "//") {
		rest := url[2:]
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		netloc, url = rest[:end], rest[end:]
	}
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url = url[:i]
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url = url[:i]
	}
	if slices.Contains(usesParams, scheme) && strings.Contains(url, ";") {
		// _splitparams
		start := 0
		if j := strings.LastIndexByte(url, '/'); j >= 0 {
			start = j
		}
		if i := strings.IndexByte(url[start:], ';'); i >= 0 {
			url = url[:start+i]
		}
	}
	return netloc, url
}

// usesParams is urllib.parse.uses_params.
var usesParams = []string{"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtspu", "sip", "sips", "mms", "sftp", "tel"}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isSchemeChar reports membership in urllib.parse.scheme_chars.
func isSchemeChar(c byte) bool {
	return isASCIILetter(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}
