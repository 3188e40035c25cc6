package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// RequestDiff is a request that replay did not find, compared with a
// recording's request as today's recorder hashes both: on the current
// scheme's canonical text (reqhash.Input.Canonical), leaf by leaf.
type RequestDiff struct {
	// Hash is what today's recorder computes for the request (64 hex
	// digits): when it is not the hash of replay's error, the request
	// given is not the one that missed.
	Hash string
	// Canonical and Recorded are the canonical texts of the request and
	// of the recording's request.
	Canonical, Recorded string
	// Changes are the leaves whose values differ, sorted by path.
	Changes []FieldChange
}

// FieldChange is one leaf of the canonical text (a scalar, an empty
// array or object) that differs between a recording's request and the
// request replay did not find.
type FieldChange struct {
	// Path is the leaf's JSON path in the canonical object:
	// "body.messages[2].content", "test_id", "endpoint".
	Path string
	// Recorded and Requested are its JSON texts in the recording and in
	// the request, "" where the leaf is absent.
	Recorded, Requested string
}

// DiffRequest compares an inference request body (the JSON a client
// sends to endpoint with method, from the test testID, "" for none) with
// the request of recording, a whole recording file, as today's recorder
// hashes them (reqhash.ForBody and reqhash.ForRequest, current scheme
// first): the fields that moved the hash.
//
// Errors: a *recordings.ParseError when body is not JSON; an error naming
// the recording when it is not JSON or no scheme fits its request;
// reqhash.ErrNoScheme when endpoint is not a path.
func DiffRequest(recording []byte, method, endpoint, testID string, body []byte) (*RequestDiff, error) {
	req, err := reqhash.ForBody(method, endpoint, testID, body)
	if err != nil {
		return nil, err
	}
	var p fastjson.Parser
	doc, err := p.ParseBytes(recording)
	if err != nil {
		return nil, fmt.Errorf("replay: the recording is not JSON: %v", err)
	}
	rec, err := reqhash.ForRequest(doc)
	if err != nil {
		return nil, fmt.Errorf("replay: the recording's request: %w", err)
	}
	d := &RequestDiff{Hash: req[0].Hash, Canonical: req[0].Canonical, Recorded: rec[0].Canonical}
	a, b := map[string]string{}, map[string]string{}
	for _, x := range []struct {
		text string
		into map[string]string
	}{{d.Recorded, a}, {d.Canonical, b}} {
		v, err := p.Parse(x.text)
		if err != nil {
			return nil, fmt.Errorf("replay: canonical text: %v", err) // reqhash writes JSON: not reached
		}
		flatten(v, "", x.into, false)
	}
	for k, va := range a {
		if vb := b[k]; va != vb {
			d.Changes = append(d.Changes, FieldChange{Path: k, Recorded: va, Requested: vb})
		}
	}
	for k, vb := range b {
		if _, ok := a[k]; !ok {
			d.Changes = append(d.Changes, FieldChange{Path: k, Requested: vb})
		}
	}
	slices.SortFunc(d.Changes, func(x, y FieldChange) int { return strings.Compare(x.Path, y.Path) })
	return d, nil
}

// Nearest compares body, the request replay did not find (nf says its
// method, endpoint and test), with each candidate's request (DiffRequest;
// read returns a tree file's bytes) and returns the candidate whose
// canonical text differs in the fewest leaves, the first such in order,
// and that diff. Candidates that cannot be read or compared (a tool
// call, say) are passed over.
//
// Errors: ErrNoCandidate when none could be compared; DiffRequest's
// errors about body itself (not JSON, no endpoint).
func Nearest(cands []Candidate, nf NotFound, body []byte, read func(path string) ([]byte, error)) (Candidate, *RequestDiff, error) {
	method := nf.Method
	if method == "" {
		method = "POST"
	}
	if _, err := reqhash.ForBody(method, nf.Endpoint, nf.TestID, body); err != nil {
		return Candidate{}, nil, err
	}
	var best Candidate
	var bestDiff *RequestDiff
	for _, c := range cands {
		data, err := read(c.Entry.Path)
		if err != nil {
			continue
		}
		d, err := DiffRequest(data, method, nf.Endpoint, nf.TestID, body)
		if err != nil {
			continue
		}
		if bestDiff == nil || len(d.Changes) < len(bestDiff.Changes) {
			best, bestDiff = c, d
		}
	}
	if bestDiff == nil {
		return Candidate{}, nil, ErrNoCandidate
	}
	return best, bestDiff, nil
}

// ErrNoCandidate reports that no candidate recording could be compared
// with the request.
var ErrNoCandidate = errors.New("replay: no candidate recording holds an inference request to compare with")

// PastedBody returns the request body pasted with replay's error text:
// the first JSON object in text, as it is there (an object inside a text
// that is not JSON, such as a Python dict, counts when it is JSON
// itself). ok is false when the text holds none. The error's own lines
// hold no JSON: the older form's Request line prints the body as a
// Python dict.
func PastedBody(text string) (body []byte, ok bool) {
	for i := 0; i < len(text); i++ {
		j := strings.IndexByte(text[i:], '{')
		if j < 0 {
			return nil, false
		}
		i += j
		dec := json.NewDecoder(strings.NewReader(text[i:]))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == nil && bytes.HasPrefix(raw, []byte("{")) {
			return []byte(text[i : i+int(dec.InputOffset())]), true
		}
	}
	return nil, false
}
