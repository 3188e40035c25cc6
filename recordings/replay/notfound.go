package replay

import (
	"errors"
	"regexp"
	"strings"

	"github.com/recview/recview/recordings/internal/pyjson"
)

// NotFound is what replay's error text says about a request it found no
// recording for.
type NotFound struct {
	// Hash is the request hash replay computed, 64 lowercase hex digits.
	Hash string
	// Model is the request's model ("unknown" when the body had none, as
	// the recorder writes it), "" when the text does not say.
	Model string
	// Method and URL are the request's ("POST",
	// "http://0.0.0.0:11434/v1/v1/chat/completions"); Endpoint is the
	// URL's path, or the endpoint the text names (genai and the older
	// form); all "" when the text does not say.
	Method, URL, Endpoint string
	// TestID is the pytest node id of the failing test when the text holds
	// one (pytest's "FAILED tests/...py::test_x[...]" summary line, or the
	// node id anywhere), else "".
	TestID string
	// TestName is the failing test's name as pytest's failure header
	// gives it ("____ test_x[p] ____", "____ TestX.test_y ____"), a
	// class and its function joined by "::" ("TestX::test_y"), when the
	// text holds no node id (TestID is ""); Tree.TestIDOf completes it.
	TestName string
	// Form is the message's form: "current" (`Recording not found for
	// request hash: H` / `Model: M | Request: METHOD URL`), "genai"
	// (`Recording not found for genai request hash: H` / `Model: M |
	// Endpoint: E`) or "older" (`No recorded response found for request
	// hash: H`, followed by `Request: METHOD URL BODY` or `Endpoint: E`,
	// and `Model: M`).
	Form string
}

// ErrNoHash reports a text without a "request hash: H" of replay's.
var ErrNoHash = errors.New("replay: no \"Recording not found for request hash\" or \"No recorded response found for request hash\" in the text")

var (
	notFoundRe  = regexp.MustCompile(`(Recording not found for request hash|Recording not found for genai request hash|No recorded response found for request hash):[ \t]*([0-9a-fA-F]{64})`)
	modelReqRe  = regexp.MustCompile(`(?m)^[ \t>E]*Model:[ \t]*(.*?)[ \t]*\|[ \t]*Request:[ \t]*([A-Za-z]+)[ \t]+(\S+)`)
	modelEpRe   = regexp.MustCompile(`(?m)^[ \t>E]*Model:[ \t]*(.*?)[ \t]*\|[ \t]*Endpoint:[ \t]*(\S+)`)
	requestRe   = regexp.MustCompile(`(?m)^[ \t>E]*Request:[ \t]*([A-Za-z]+)[ \t]+(\S+)`)
	endpointRe  = regexp.MustCompile(`(?m)^[ \t>E]*Endpoint:[ \t]*(\S+)`)
	modelRe     = regexp.MustCompile(`(?m)^[ \t>E]*Model:[ \t]*(\S+)[ \t]*$`)
	failedRe    = regexp.MustCompile(`(?m)^(?:FAILED|ERROR)[ \t]+(\S+\.py::\S+)`)
	headerRe    = regexp.MustCompile(`(?m)^_{3,} ((?:\w+\.)*test\w*(?:\[.*\])?) _{3,}[ \t]*$`)
	lineStartRe = regexp.MustCompile(`E {3}|Model:|Request:|Endpoint:`)
	nodeIDRe    = regexp.MustCompile(`(?:^|[\s'"(])((?:[\w.-]+/)*test_\w*\.py::[^\s'")]+)`)
)

// ParseNotFound reads replay's error text (the RuntimeError the recorder
// raises in replay mode, as pytest prints it, with or without the
// surrounding failure report) for the request hash, model, request and
// test (the node id of pytest's FAILED line or any node id, else the
// name in pytest's failure header). The forms are NotFound.Form's, as written by
// src/ogx/testing/api_recorder.py (since ogx-ai/ogx#3760) and
// llama_stack/testing/inference_recorder.py before it. Tool, rerank and
// passthrough misses name no hash and are not read.
//
// Errors: ErrNoHash when the text holds no such message.
func ParseNotFound(text string) (NotFound, error) {
	m := notFoundRe.FindStringSubmatchIndex(text)
	if m == nil {
		return NotFound{}, ErrNoHash
	}
	nf := NotFound{Hash: strings.ToLower(text[m[4]:m[5]])}
	switch text[m[2]:m[3]] {
	case "Recording not found for request hash":
		nf.Form = "current"
	case "Recording not found for genai request hash":
		nf.Form = "genai"
	default:
		nf.Form = "older"
	}
	// The lines after the hash, up to the next blank line, say the rest.
	rest := text[m[1]:]
	if i := strings.Index(rest, "\n\n"); i >= 0 {
		rest = rest[:i]
	}
	if !strings.Contains(rest, "\n") {
		// Pasted into a one-line field, which drops the line breaks:
		// put them back before the fields that start a line.
		rest = restoreLines(rest)
	}
	if r := modelReqRe.FindStringSubmatch(rest); r != nil {
		nf.Model, nf.Method, nf.URL = r[1], r[2], r[3]
	} else if r := modelEpRe.FindStringSubmatch(rest); r != nil {
		nf.Model, nf.Endpoint = r[1], r[2]
	} else {
		if r := requestRe.FindStringSubmatch(rest); r != nil {
			nf.Method, nf.URL = r[1], r[2]
		}
		if r := endpointRe.FindStringSubmatch(rest); r != nil {
			nf.Endpoint = r[1]
		}
		if r := modelRe.FindStringSubmatch(rest); r != nil {
			nf.Model = r[1]
		}
	}
	if nf.URL != "" && nf.Endpoint == "" {
		_, nf.Endpoint = pyjson.URLParse(nf.URL)
	}
	if r := failedRe.FindStringSubmatch(text); r != nil {
		nf.TestID = r[1]
	} else if r := nodeIDRe.FindStringSubmatch(text); r != nil {
		nf.TestID = r[1]
	} else if r := headerRe.FindStringSubmatch(text); r != nil {
		name, params, _ := strings.Cut(r[1], "[")
		nf.TestName = strings.ReplaceAll(name, ".", "::")
		if params != "" {
			nf.TestName += "[" + params
		}
	}
	return nf, nil
}

// restoreLines puts line breaks back into replay's message pasted into a
// one-line field (an <input> drops them): before pytest's "E   " prefix,
// before "Model:", and before "Request:" and "Endpoint:" unless they
// follow "Model: M |" on the same line.
func restoreLines(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range lineStartRe.FindAllStringIndex(s, -1) {
		before := strings.TrimRight(s[:m[0]], " \t")
		if strings.HasSuffix(before, "|") {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteByte('\n')
		last = m[0]
	}
	b.WriteString(s[last:])
	return b.String()
}

// TestIDOf returns the test id of the tree's recordings that ends with
// "::"+name (a NotFound.TestName), "" when none or several do.
func (t *Tree) TestIDOf(name string) string {
	id := ""
	for i := range t.entries {
		if e := &t.entries[i]; e.HasTestID && strings.HasSuffix(e.TestID, "::"+name) {
			if id != "" && id != e.TestID {
				return ""
			}
			id = e.TestID
		}
	}
	return id
}

// Query returns the lookup nf asks for (see Tree.Find).
func (nf NotFound) Query() Query {
	return Query{Hash: nf.Hash, TestID: nf.TestID, Endpoint: nf.Endpoint, Model: nf.Model}
}
