package recordings

// Checking a recording's file name against its request, the way the
// recorder (src/ogx/testing/api_recorder.py in the ogx repository) names
// the files it writes.

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/valyala/fastjson"
)

// HashStatus is the outcome of checking a recording's file name against its
// request.
type HashStatus int

const (
	// HashUnknown means the check could not be made: the file name holds
	// no request hash, or the request has no shape the recorder writes.
	HashUnknown HashStatus = iota
	// HashOK means the hash in the file name is the one a known scheme
	// computes from the request.
	HashOK
	// HashMismatch means no scheme that fits the request computes the hash
	// in the file name: the request was edited after recording, or the file
	// was renamed, or (file-processor recordings) no scheme is known.
	HashMismatch
)

// String returns "unknown", "ok" or "mismatch".
func (s HashStatus) String() string {
	switch s {
	case HashOK:
		return "ok"
	case HashMismatch:
		return "mismatch"
	default:
		return "unknown"
	}
}

// Names of the request-hash schemes, as the corpus's HASHCHECK.tsv names
// them. Every scheme is sha256 of Python's json.dumps(obj, sort_keys=True)
// (see AppendPyJSON), in lowercase hex.
const (
	// SchemeCurrent hashes inference requests as normalize_inference_request
	// does: {"method": M.upper(), "endpoint": urlparse(url).path, "body":
	// normalized body (see AppendPyJSONNormalized), "test_id": the file's
	// top-level test_id}, test_id left out for the model-list paths
	// "/api/tags", "/v1/models" and "/v1/openai/v1/models". The body loses
	// "stream_options" when the URL's host contains "bedrock".
	SchemeCurrent = "current"
	// SchemeLegacyNoFileSearch is SchemeCurrent without the file-search
	// string rewrite (scores, attributes, document ids, citations); float
	// rounding and numeric literals in strings are still normalized.
	SchemeLegacyNoFileSearch = "legacy-no-filesearch-norm"
	// SchemeTool hashes tool requests as normalize_tool_request does:
	// {"provider", "tool_name", "kwargs"}, nothing normalized.
	SchemeTool = "tool"
	// SchemeHTTP hashes raw HTTP requests (rerank, Anthropic /v1/messages,
	// Gemini interactions) as normalize_http_request does: {"test_id":
	// request.test_id, "url", "method": M.upper(), "payload": normalized}.
	SchemeHTTP = "http"
	// SchemeV0 is the 2025 recorder's: {"method": M.upper(), "endpoint":
	// urlparse(url).path, "body": the body as recorded}, no normalization
	// and no test_id; its files are named by the hash's first 12 hex
	// digits.
	SchemeV0 = "v0-no-test_id-raw-body"
)

// HashCheck is the result of VerifyHash.
type HashCheck struct {
	// Status is the outcome; see HashStatus.
	Status HashStatus
	// Scheme names the scheme that computed FileHash (one of the Scheme
	// constants) when Status is HashOK. Otherwise it is the scheme whose
	// hash Computed and ExpectedName give: SchemeV0 for an inference
	// request in a file with a 12-hex name, else SchemeCurrent, SchemeTool
	// or SchemeHTTP by the request's shape; "" when no scheme applies
	// (file-processor requests, unknown shapes).
	Scheme string
	// FileHash is the hex hash read from the file name (64 or 12 digits),
	// "" when the name holds none; see HashFromName.
	FileHash string
	// Computed is the full 64-hex hash of the request under Scheme, ""
	// when Scheme is "".
	Computed string
	// ExpectedName is the base name the recorder gives a file for this
	// request under Scheme: "<hash>.json", or "models-<hash>-<digest>.json"
	// when ModelList, where <hash> has 12 digits for SchemeV0 and whenever
	// the file's own name has 12, else 64. It is "" when Scheme is "" or
	// the model digest cannot be computed (Digest is "").
	ExpectedName string
	// ModelList reports a model-list request (request.endpoint is
	// "/api/tags", "/v1/models" or "/v1/openai/v1/models"), which the
	// recorder stores as models-<hash>-<digest>.json.
	ModelList bool
	// FileDigest is the 8-hex model digest of a models-<hash>-<digest>.json
	// name, "" for other names.
	FileDigest string
	// Digest is the recorder's digest of the recorded model list, the first
	// 8 hex digits of sha256 of the sorted, deduplicated model ids joined
	// by "|" (the "model" field of each model for /api/tags, "id" for the
	// others). It is "" when ModelList is false or the response holds no
	// list of models with string ids.
	Digest string
	// DigestOK reports that FileDigest and Digest are both present and
	// equal. It says nothing about Status: the digest covers the response,
	// the hash the request.
	DigestOK bool
	// Note explains an unknown or mismatched status or a model digest that
	// differs, in lowercase; "" when there is nothing to add.
	Note string
}

// modelListPaths are the paths the recorder treats as shared model-list
// endpoints: no test_id in their hash, digest in their file name.
var modelListPaths = []string{"/api/tags", "/v1/models", "/v1/openai/v1/models"}

// HashFromName returns the request hash in a recording's file name: the run
// of 64 or 12 lowercase hex digits that ends the name before ".json"
// ("<hash>.json"), or the hash of "models-<hash>-<8 hex>.json". The name may
// be a path (its directories, '/' or '\\' separated, are ignored) and may
// carry a prefix such as the corpus's "tests__integration__...__"; a hash
// must not follow a letter or digit. ok is false when there is no hash:
// another extension, another length, or uppercase hex digits.
func HashFromName(name string) (hash string, ok bool) {
	hash, _, ok = splitName(name)
	return hash, ok
}

// splitName returns the hash and, for models-<hash>-<digest>.json names,
// the digest of name; see HashFromName.
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

// VerifyHash checks the request hash in the file name name against the
// request of doc, the whole recording file as parsed, and says which scheme
// explains it.
//
// The request's shape picks the schemes tried, in this order:
//   - inference ({method, url, body, ...}): SchemeCurrent,
//     SchemeLegacyNoFileSearch, SchemeV0;
//   - tool ({provider, tool_name, kwargs}): SchemeTool;
//   - raw HTTP ({url, method, payload}): SchemeHTTP;
//   - file processor ({provider, api, file_id}): none; the recorder no
//     longer records these and the scheme that named the old files is not
//     known, so a hashed name is a mismatch.
//
// A 64-hex file hash must equal a scheme's hash, a 12-hex one its first 12
// digits. Any other doc (not an object, no request, fields of the wrong
// JSON type) gives HashUnknown with a Note; VerifyHash never panics. It
// reads doc without keeping it; like every fastjson read it may unescape
// strings in place, so doc must not be in use by another goroutine.
func VerifyHash(name string, doc *fastjson.Value) HashCheck {
	var c HashCheck
	fileHash, fileDigest, named := splitName(name)
	c.FileHash, c.FileDigest = fileHash, fileDigest
	req := doc.Get("request")
	if req == nil || req.Type() != fastjson.TypeObject {
		c.Note = "recording has no request object"
		return c
	}

	cands, unhashable := candidates(doc, req, &c, len(fileHash) == 12)
	if unhashable && named {
		c.Status = HashMismatch
	}
	if len(cands) == 0 {
		return c // c.Note says why
	}

	chosen := &cands[0]
	for i := range cands {
		if cands[i].primary {
			chosen = &cands[i]
		}
	}
	if named {
		c.Status = HashMismatch
		for i := range cands {
			if cands[i].hash()[:len(fileHash)] == fileHash {
				c.Status, chosen = HashOK, &cands[i]
				break
			}
		}
	} else {
		c.Note = "file name holds no request hash"
	}
	c.Scheme, c.Computed = chosen.scheme, chosen.hash()

	c.ExpectedName = fileNameFor(chosen.scheme, c.Computed, len(fileHash) == 12, c.ModelList, c.Digest)
	if c.Status == HashMismatch {
		c.Note = "file name does not match the request's hash under any scheme"
	}
	if c.ModelList {
		c.DigestOK = c.FileDigest != "" && c.FileDigest == c.Digest
		switch {
		case c.Digest == "":
			c.Note = joinNote(c.Note, "model list has no ids to digest")
		case c.FileDigest == "":
			c.Note = joinNote(c.Note, "model-list recording not named models-<hash>-<digest>.json")
		case !c.DigestOK:
			c.Note = joinNote(c.Note, "model digest in the file name does not match the recorded models")
		}
	}
	return c
}

// isString reports whether v is a JSON string; v may be nil.
func isString(v *fastjson.Value) bool { return v != nil && v.Type() == fastjson.TypeString }

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// candidates returns the hash schemes that fit the request's shape, in
// the order VerifyHash tries them (see VerifyHash), setting c.Note (and
// c.ModelList, c.Digest for model lists) on the way. unhashable reports a
// file-processor request, whose scheme is not known. short says the file
// name has 12 hex digits.
func candidates(doc, req *fastjson.Value, c *HashCheck, short bool) (cands []hashCandidate, unhashable bool) {
	switch {
	case req.Exists("payload"):
		return httpCandidates(req, c), false
	case req.Exists("tool_name"):
		return toolCandidates(req, c), false
	case req.Exists("file_id") && req.Exists("api"):
		c.Note = "file-processor recordings have no known request-hash scheme"
		return nil, true
	case req.Exists("body") && req.Exists("url"):
		return inferenceCandidates(doc, req, c, short), false
	}
	c.Note = "request has none of the shapes the recorder writes"
	return nil, false
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

// sum256 is the SHA-256 the request-hash check uses (SetSHA256).
var sum256 = sha256.Sum256

// SetSHA256 makes VerifyHash hash with f instead of crypto/sha256: the
// browser page gives it the browser's own (SubtleCrypto), several times
// faster than Go's compiled to WebAssembly (78 MB/s under node, half of
// VerifyHash's time there). f must return the SHA-256 of its input and
// be safe for concurrent use; call SetSHA256 before any hashing starts.
func SetSHA256(f func([]byte) [32]byte) { sum256 = f }

// hashCandidate is one scheme's serialized hash input, hashed on demand. The
// primary candidate (else the first) is the one a mismatch reports.
type hashCandidate struct {
	scheme  string
	input   func() []byte
	sum     string
	primary bool
	// known, when not nil, returns the hash when another candidate's
	// input was found to be this one's, else "".
	known func() string
}

func (c *hashCandidate) hash() string {
	if c.sum == "" && c.known != nil {
		c.sum = c.known()
	}
	if c.sum == "" {
		s := sum256(c.input())
		c.sum = hex.EncodeToString(s[:])
	}
	return c.sum
}

// inferenceCandidates returns the schemes for an inference request; v0 is
// primary when the file name has 12 hex digits.
func inferenceCandidates(doc, req *fastjson.Value, c *HashCheck, short bool) []hashCandidate {
	method, url := req.Get("method"), req.Get("url")
	if !isString(method) || !isString(url) {
		c.Note = "inference request's method or url is not a string"
		return nil
	}
	m, _ := method.StringBytes()
	u, _ := url.StringBytes()
	upper := pyUpper(string(m))
	netloc, path := pyURLParse(string(u))
	body := req.Get("body")
	if ep := req.Get("endpoint"); isString(ep) {
		e, _ := ep.StringBytes()
		c.ModelList = slices.Contains(modelListPaths, string(e))
		if c.ModelList {
			c.Digest = modelDigest(string(e), doc.Get("response", "body"))
		}
	}
	withTestID := !slices.Contains(modelListPaths, path)
	testID := doc.Get("test_id") // nil (absent) writes null, as None does
	// Whether the current scheme's input, once built, held a file-search
	// pattern: when it did not, the legacy scheme's input is the same.
	var fileSearchHit bool
	normalized := func(fileSearch bool) func() []byte {
		return func() []byte {
			b := append([]byte(nil), `{"body": `...)
			var hit bool
			b, hit = appendPyJSONNormalized(b, body, NormalizeOptions{
				FileSearch:           fileSearch,
				ExcludeStreamOptions: strings.Contains(netloc, "bedrock"),
			})
			if fileSearch {
				fileSearchHit = hit
			}
			b = append(b, `, "endpoint": `...)
			b = appendPyString(b, path)
			b = append(b, `, "method": `...)
			b = appendPyString(b, upper)
			if withTestID {
				b = append(b, `, "test_id": `...)
				b = AppendPyJSON(b, testID, true)
			}
			return append(b, '}')
		}
	}
	cands := []hashCandidate{
		{scheme: SchemeCurrent, input: normalized(true)},
		{scheme: SchemeLegacyNoFileSearch, input: normalized(false)},
		{scheme: SchemeV0, input: func() []byte {
			b := append([]byte(nil), `{"body": `...)
			b = AppendPyJSON(b, body, true)
			b = append(b, `, "endpoint": `...)
			b = appendPyString(b, path)
			b = append(b, `, "method": `...)
			b = appendPyString(b, upper)
			return append(b, '}')
		}},
	}
	cands[1].known = func() string {
		if cands[0].sum != "" && !fileSearchHit {
			return cands[0].sum
		}
		return ""
	}
	if short {
		// Matching keeps this order (HASHCHECK.tsv says "current" where
		// the schemes agree), but a mismatch reports v0 for a 2025-style
		// name.
		cands[2].primary = true
	}
	return cands
}

// toolCandidates returns the tool scheme for a tool request.
func toolCandidates(req *fastjson.Value, c *HashCheck) []hashCandidate {
	if !req.Exists("provider") || !req.Exists("kwargs") {
		c.Note = "tool request lacks provider or kwargs"
		return nil
	}
	return []hashCandidate{{scheme: SchemeTool, input: func() []byte {
		b := append([]byte(nil), `{"kwargs": `...)
		b = AppendPyJSON(b, req.Get("kwargs"), true)
		b = append(b, `, "provider": `...)
		b = AppendPyJSON(b, req.Get("provider"), true)
		b = append(b, `, "tool_name": `...)
		b = AppendPyJSON(b, req.Get("tool_name"), true)
		return append(b, '}')
	}}}
}

// httpCandidates returns the raw HTTP scheme for a raw HTTP request.
func httpCandidates(req *fastjson.Value, c *HashCheck) []hashCandidate {
	method, url := req.Get("method"), req.Get("url")
	if !isString(method) || url == nil {
		c.Note = "http request's method is not a string or its url is missing"
		return nil
	}
	m, _ := method.StringBytes()
	upper := pyUpper(string(m))
	return []hashCandidate{{scheme: SchemeHTTP, input: func() []byte {
		b := append([]byte(nil), `{"method": `...)
		b = appendPyString(b, upper)
		b = append(b, `, "payload": `...)
		b = AppendPyJSONNormalized(b, req.Get("payload"), NormalizeOptions{FileSearch: true})
		b = append(b, `, "test_id": `...)
		b = AppendPyJSON(b, req.Get("test_id"), true)
		b = append(b, `, "url": `...)
		b = AppendPyJSON(b, url, true)
		return append(b, '}')
	}}}
}

// modelDigest is the recorder's _model_identifiers_digest of a recorded
// model list: body is {"models": [...]} (Ollama /api/tags, possibly wrapped
// as {"__type__", "__data__"}) or a list of models (each possibly wrapped);
// the id is "model" for /api/tags and "id" otherwise. It returns "" when
// the body has no such list or an id is not a string.
func modelDigest(endpoint string, body *fastjson.Value) string {
	unwrap := func(v *fastjson.Value) *fastjson.Value {
		if v != nil && v.Type() == fastjson.TypeObject {
			if d := v.Get("__data__"); d != nil {
				return d
			}
		}
		return v
	}
	body = unwrap(body)
	if body != nil && body.Type() == fastjson.TypeObject {
		body = body.Get("models")
	}
	if body == nil || body.Type() != fastjson.TypeArray {
		return ""
	}
	field := "id"
	if endpoint == "/api/tags" {
		field = "model"
	}
	items, _ := body.Array()
	ids := make([]string, 0, len(items))
	for _, m := range items {
		id := unwrap(m).Get(field)
		if !isString(id) {
			return ""
		}
		b, _ := id.StringBytes()
		ids = append(ids, string(b))
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	sum := sum256([]byte(strings.Join(ids, "|")))
	return hex.EncodeToString(sum[:4])
}

// pyUpper is str.upper for the method names the recorder sees; it
// uppercases ASCII letters only (Python also maps, for example, "ß" to "SS").
func pyUpper(s string) string {
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

// pyURLParse returns the netloc and path Python's urllib.parse.urlparse
// (3.11) gives for url: leading C0 controls and spaces and all tabs and
// newlines removed; a scheme when a letter starts a run of scheme
// characters before ':'; a netloc after "//" up to '/', '?' or '#';
// fragment and query cut off; and, for schemes that use them (http, https,
// the empty scheme, ...), ";params" cut from the last path segment. Unlike
// Python it does not reject malformed IPv6 brackets.
func pyURLParse(url string) (netloc, path string) {
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
