package reqhash

import (
	"strings"
)

// FromName returns the request hash in a recording's file name: the run
// of 64 or 12 lowercase hex digits that ends the name before ".json"
// ("<hash>.json"), or the hash of "models-<hash>-<8 hex>.json". The name may
// be a path (its directories, '/' or '\\' separated, are ignored) and may
// carry a prefix such as the corpus's "tests__integration__...__"; a hash
// must not follow a letter or digit. ok is false when there is no hash:
// another extension, another length, or uppercase hex digits.
func FromName(name string) (hash string, ok bool) {
	hash, _, ok = splitName(name)
	return hash, ok
}

// splitName returns the hash and, for models-<hash>-<digest>.json names,
// the digest of name; see FromName.
func splitName(name string) (hash, digest string, ok bool) {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	stem, found := strings.CutSuffix(name, ".json")
	if !found {
		return "", "", false
	}
	// models-<hash>-<8 hex>
	if n := len(stem); n > 9 && stem[n-9] == '-' && isLowerHex(stem[n-8:]) {
		rest := stem[:n-9]
		h := trailingHex(rest)
		if (len(h) == 64 || len(h) == 12) && strings.HasSuffix(rest[:len(rest)-len(h)], "models-") {
			if before := rest[:len(rest)-len(h)-len("models-")]; before == "" || !isAlnum(before[len(before)-1]) {
				return h, stem[n-8:], true
			}
		}
	}
	h := trailingHex(stem)
	if len(h) != 64 && len(h) != 12 {
		return "", "", false
	}
	if before := stem[:len(stem)-len(h)]; before != "" && isAlnum(before[len(before)-1]) {
		return "", "", false
	}
	return h, "", true
}

// trailingHex returns the longest suffix of s made of lowercase hex digits.
func trailingHex(s string) string {
	i := len(s)
	for i > 0 && isLowerHexByte(s[i-1]) {
		i--
	}
	return s[i:]
}

func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLowerHexByte(s[i]) {
			return false
		}
	}
	return true
}

func isLowerHexByte(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// fileNameFor is the base name the recorder gives a recording whose
// request hashes to hash (64 hex digits) under scheme: "<hash>.json", or
// "models-<hash>-<digest>.json" for a model list ("" when digest is ""),
// with the hash cut to 12 digits for SchemeV0 or when short.
func fileNameFor(scheme, hash string, short, modelList bool, digest string) string {
	if scheme == SchemeV0 || short {
		hash = hash[:12]
	}
	switch {
	case !modelList:
		return hash + ".json"
	case digest != "":
		return "models-" + hash + "-" + digest + ".json"
	}
	return ""
}
