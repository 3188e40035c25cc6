package cassette

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Secret is a value of an interaction's request that looks like a live
// credential: recorders are told to filter them (vcrpy's filter_headers
// and filter_query_parameters), and a cassette that keeps one leaks it
// to whoever reads the repository.
type Secret struct {
	// Where names the value: "request header Authorization", "query
	// parameter key".
	Where string
	// Hint is enough of the value to find it, never the value: its
	// scheme ("Bearer"), first four characters and length, "sk-p… (164
	// characters)".
	Hint string
}

// String says where and what: "credential recorded in request header
// Authorization: Bearer sk-p… (164 characters)".
func (s Secret) String() string { return "credential recorded in " + s.Where + ": " + s.Hint }

// Shown is a request header's value as recview shows it: a live
// credential (one Secrets lists) as its hint, any other value as it is.
func Shown(name, value string) string {
	if slices.Contains(credentialHeaders, strings.ToLower(name)) {
		if h, ok := live(value); ok {
			return h
		}
	}
	return value
}

// credentialHeaders are request headers that carry credentials: HTTP's
// own, the providers' API keys (OpenAI-compatible api-key on Azure,
// Anthropic's x-api-key, Google's x-goog-api-key) and AWS's session
// token.
var credentialHeaders = []string{
	"authorization", "proxy-authorization", "x-api-key", "api-key",
	"x-goog-api-key", "x-amz-security-token", "x-auth-token",
}

// credentialParams are query parameters that carry credentials: Google's
// key, OAuth's access_token, Azure's SAS signature, AWS's presigned
// URLs' signature and token.
var credentialParams = []string{
	"key", "api_key", "apikey", "api-key", "access_token", "token", "sig",
	"x-amz-signature", "x-amz-security-token", "x-goog-api-key",
}

// placeholders are the words of values recorders' filters and tests put
// where a credential was: vcrpy's filter_headers writes the replacement
// it is given ("<filtered>", "REDACTED", "DUMMY"), and tests pass
// made-up keys ("mock-api-key", "test-key").
var placeholders = []string{
	"filtered", "redacted", "dummy", "fake", "mock", "placeholder",
	"example", "test", "your", "xxxx", "****", "<", "scrubbed", "removed",
	"hidden", "masked", "none", "null",
}

// minSecret is the length below which a value is taken for a
// placeholder: the providers' keys are far longer (an OpenAI key 51 or
// more characters, Google's 39, an AWS access key id 20).
const minSecret = 16

// Secrets lists the values of the interaction's request that look like
// live credentials: a credential header (credentialHeaders, any case) or
// query parameter (credentialParams) whose value, its scheme ("Bearer",
// "Basic", "AWS4-HMAC-SHA256") aside, is at least minSecret characters
// long and holds none of the placeholders' words. Values recorders'
// filters replaced ("<filtered>", "REDACTED", empty) are not listed;
// nor are cookies, which hold sessions rather than keys.
func (it *Interaction) Secrets() []Secret {
	var out []Secret
	for _, name := range slices.Sorted(maps.Keys(it.RequestHeaders)) {
		if !slices.Contains(credentialHeaders, strings.ToLower(name)) {
			continue
		}
		for _, v := range it.RequestHeaders[name] {
			if h, ok := live(v); ok {
				out = append(out, Secret{Where: "request header " + name, Hint: h})
			}
		}
	}
	if u, err := url.Parse(it.URI); err == nil {
		q := u.Query()
		for _, name := range slices.Sorted(maps.Keys(q)) {
			if !slices.Contains(credentialParams, strings.ToLower(name)) {
				continue
			}
			for _, v := range q[name] {
				if h, ok := live(v); ok {
					out = append(out, Secret{Where: "query parameter " + name, Hint: h})
				}
			}
		}
	}
	return out
}

// schemes are the HTTP authentication schemes a credential's value may
// start with (RFC 9110's Authorization, AWS's Signature Version 4), which
// a hint shows whole.
var schemes = []string{"bearer", "basic", "token", "digest", "oauth", "negotiate", "aws4-hmac-sha256", "apikey", "key"}

// live reports a value that looks like a live credential, with its hint.
func live(v string) (hint string, ok bool) {
	v = strings.TrimSpace(v)
	scheme := ""
	if s, rest, found := strings.Cut(v, " "); found && slices.Contains(schemes, strings.ToLower(s)) {
		scheme, v = s+" ", strings.TrimSpace(rest)
	}
	if len(v) < minSecret {
		return "", false
	}
	low := strings.ToLower(v)
	for _, p := range placeholders {
		if strings.Contains(low, p) {
			return "", false
		}
	}
	head := v
	if r := []rune(v); len(r) > 4 {
		head = string(r[:4])
	}
	return scheme + head + "… (" + strconv.Itoa(len(v)) + " characters)", true
}
