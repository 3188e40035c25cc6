package reqhash

// What the recorder hashes: the canonical text of a request under each
// scheme, for the playground's "which file would the recorder write?" and
// "why does the hash differ?".

import (
	"errors"
	"fmt"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// ErrNoScheme reports a request that no request-hash scheme fits: a
// recording without a request object, a file-processor request, or a
// request of none of the shapes the recorder writes.
var ErrNoScheme = errors.New("recordings: no request-hash scheme fits")

// Input is what one request-hash scheme makes of a request.
type Input struct {
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
	// models give no digest (see Check.ExpectedName).
	FileName string
	// ModelList reports a model-list request (/api/tags, /v1/models,
	// /v1/openai/v1/models): named models-<hash>-<digest>.json.
	ModelList bool
}

// ForRequest returns what each scheme that fits the request of doc (a
// whole recording file, as parsed) makes of it, in the order Verify
// tries them for a 64-hex name: SchemeCurrent, SchemeLegacyNoFileSearch,
// SchemeTestIDRawBody and SchemeV0 for an inference request, else the one scheme of the request's shape
// (SchemeTool, SchemeHTTP). The test_id hashed is doc's top-level
// "test_id" for inference requests and request.test_id for raw HTTP ones.
//
// Errors: ErrNoScheme, with the reason, when no scheme fits.
func ForRequest(doc *fastjson.Value) ([]Input, error) {
	req := doc.Get("request")
	if req == nil || req.Type() != fastjson.TypeObject {
		return nil, fmt.Errorf("%w: recording has no request object", ErrNoScheme)
	}
	var c Check
	cands, _ := candidates(doc, req, &c, false)
	if len(cands) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoScheme, c.Note)
	}
	out := make([]Input, len(cands))
	for i := range cands {
		h := &cands[i]
		out[i] = Input{
			Scheme:    h.scheme,
			Canonical: string(h.input()),
			Hash:      h.hash(),
			FileName:  fileNameFor(h.scheme, h.hash(), false, c.ModelList, c.Digest),
			ModelList: c.ModelList,
		}
	}
	return out, nil
}

// ForBody is ForRequest for a bare inference request: body is the
// JSON a client sends (to /v1/chat/completions, say), method its HTTP
// method, endpoint the URL path it goes to, and testID the pytest node id
// of the test that sends it ("" for None, as outside a test). It answers
// "why is my recording not found": the file name the recorder looks for.
// An endpoint whose path ends with a model-list path ("/v1/v1/models":
// the OpenAI client's "/v1/models" under a base URL ending in /v1) is a
// model list (ModelListEndpoint), whose file name holds the digest of the
// models it lists: with no recorded models here, its FileName is "".
//
// Errors: a *recordings.ParseError with the line and column when body is not JSON;
// ErrNoScheme when endpoint is not a path starting with "/".
func ForBody(method, endpoint, testID string, body []byte) ([]Input, error) {
	if len(endpoint) == 0 || endpoint[0] != '/' {
		return nil, fmt.Errorf("%w: the endpoint must be a path like /v1/chat/completions, not %q", ErrNoScheme, endpoint)
	}
	var p fastjson.Parser
	b, err := p.ParseBytes(body)
	if err != nil {
		se := jsonx.Locate(body, err)
		return nil, &recordings.ParseError{Name: "request body", Offset: se.Offset, Line: se.Line, Col: se.Col, Err: se.Err}
	}
	var a fastjson.Arena
	req := a.NewObject()
	req.Set("method", a.NewString(method))
	req.Set("url", a.NewString("http://localhost"+endpoint))
	req.Set("endpoint", a.NewString(ModelListEndpoint(endpoint)))
	req.Set("body", b)
	doc := a.NewObject()
	if testID != "" {
		doc.Set("test_id", a.NewString(testID))
	} else {
		doc.Set("test_id", a.NewNull())
	}
	doc.Set("request", req)
	return ForRequest(doc)
}
