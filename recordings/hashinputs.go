package recordings

// What the recorder hashes: the canonical text of a request under each
// scheme, for the playground's "which file would the recorder write?" and
// "why does the hash differ?".

import (
	"errors"
	"fmt"

	"github.com/valyala/fastjson"
)

// ErrNoHashScheme reports a request that no request-hash scheme fits: a
// recording without a request object, a file-processor request, or a
// request of none of the shapes the recorder writes.
var ErrNoHashScheme = errors.New("recordings: no request-hash scheme fits")

// SchemeHash is what one request-hash scheme makes of a request.
type SchemeHash struct {
	// Scheme is one of the Scheme constants.
	Scheme string
	// Canonical is the text the scheme hashes: Python's
	// json.dumps(obj, sort_keys=True) of the object the scheme builds from
	// the request (see the Scheme constants), exactly as the recorder
	// (src/ogx/testing/api_recorder.py) writes it, normalization included.
	Canonical string
	// Hash is the SHA-256 of Canonical, 64 lowercase hex digits.
	Hash string
	// FileName is the base name the recorder writes the recording under:
	// "<hash>.json" (12 digits for SchemeV0), or
	// "models-<hash>-<digest>.json" for a model list, "" when the recorded
	// models give no digest (see HashCheck.ExpectedName).
	FileName string
}

// RequestHashes returns what each scheme that fits the request of doc (a
// whole recording file, as parsed) makes of it, in the order VerifyHash
// tries them: SchemeCurrent, SchemeLegacyNoFileSearch and SchemeV0 for an
// inference request, else the one scheme of the request's shape
// (SchemeTool, SchemeHTTP). The test_id hashed is doc's top-level
// "test_id" for inference requests and request.test_id for raw HTTP ones.
//
// Errors: ErrNoHashScheme, with the reason, when no scheme fits.
func RequestHashes(doc *fastjson.Value) ([]SchemeHash, error) {
	req := doc.Get("request")
	if req == nil || req.Type() != fastjson.TypeObject {
		return nil, fmt.Errorf("%w: recording has no request object", ErrNoHashScheme)
	}
	var c HashCheck
	cands, _ := candidates(doc, req, &c, false)
	if len(cands) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoHashScheme, c.Note)
	}
	out := make([]SchemeHash, len(cands))
	for i := range cands {
		h := &cands[i]
		out[i] = SchemeHash{
			Scheme:    h.scheme,
			Canonical: string(h.input()),
			Hash:      h.hash(),
			FileName:  fileNameFor(h.scheme, h.hash(), false, c.ModelList, c.Digest),
		}
	}
	return out, nil
}

// BodyHashes is RequestHashes for a bare inference request: body is the
// JSON a client sends (to /v1/chat/completions, say), method its HTTP
// method, endpoint the URL path it goes to, and testID the pytest node id
// of the test that sends it ("" for None, as outside a test). It answers
// "why is my recording not found": the file name the recorder looks for.
// A model list has no recorded models here, so its FileName is "".
//
// Errors: a *ParseError with the line and column when body is not JSON;
// ErrNoHashScheme when endpoint is not a path starting with "/".
func BodyHashes(method, endpoint, testID string, body []byte) ([]SchemeHash, error) {
	if len(endpoint) == 0 || endpoint[0] != '/' {
		return nil, fmt.Errorf("%w: the endpoint must be a path like /v1/chat/completions, not %q", ErrNoHashScheme, endpoint)
	}
	var p fastjson.Parser
	b, err := p.ParseBytes(body)
	if err != nil {
		return nil, syntaxError("request body", body, err)
	}
	var a fastjson.Arena
	req := a.NewObject()
	req.Set("method", a.NewString(method))
	req.Set("url", a.NewString("http://localhost"+endpoint))
	req.Set("endpoint", a.NewString(endpoint))
	req.Set("body", b)
	doc := a.NewObject()
	if testID != "" {
		doc.Set("test_id", a.NewString(testID))
	} else {
		doc.Set("test_id", a.NewNull())
	}
	doc.Set("request", req)
	return RequestHashes(doc)
}
