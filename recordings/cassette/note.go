package cassette

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"unicode/utf8"
)

// note adds to the interaction's Notice what Recording cannot write as
// the recorder did: a response without a body, a body that is not text
// (shown in base64), a JSON response body that is not JSON (shown as
// text), an AWS event stream that does not decode.
func (it *Interaction) note() {
	ct := Header(it.ResponseHeaders, "Content-Type")
	switch b := it.ResponseBody; {
	case len(b) == 0:
		it.addNotice("the response has no body")
	case isEventStream(b):
		if _, err := DecodeEventStream(b); err != nil {
			it.addNotice(fmt.Sprintf("the response body is an AWS event stream that does not decode (%v): shown in base64", err))
		}
	case !utf8.Valid(b):
		it.addNotice(fmt.Sprintf("the response body is %d bytes that are not text%s: shown in base64", len(b), typeOf(ct)))
	case isJSONType(ct) && !it.Streamed && !json.Valid(bytes.TrimSpace(b)):
		it.addNotice(fmt.Sprintf("the response body is not JSON although its Content-Type is %s: shown as text", ct))
	}
	if !utf8.Valid(it.RequestBody) {
		it.addNotice(fmt.Sprintf("the request body is %d bytes that are not text%s: shown in base64", len(it.RequestBody), typeOf(Header(it.RequestHeaders, "Content-Type"))))
	}
}

// addNotice adds a sentence to Notice, after a "; ".
func (it *Interaction) addNotice(s string) {
	if it.Notice != "" {
		it.Notice += "; "
	}
	it.Notice += s
}

// typeOf is " (CONTENT-TYPE)", or "" for no Content-Type.
func typeOf(ct string) string {
	if ct == "" {
		return ""
	}
	return " (" + ct + ")"
}

// isJSONType reports the media type application/json, parameters aside.
func isJSONType(ct string) bool {
	t, _, err := mime.ParseMediaType(ct)
	return err == nil && t == "application/json"
}
