package cassette

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// StreamedResponse reports that the interaction's response is a stream of
// server-sent events (a text/event-stream Content-Type), an AWS event
// stream (Bedrock's: its body begins with an event stream message), or
// an xAI streamed sample.
func (it *Interaction) StreamedResponse() bool {
	return it.Streamed || strings.Contains(strings.ToLower(Header(it.ResponseHeaders, "Content-Type")), "text/event-stream") ||
		isEventStream(it.ResponseBody)
}

// Recording writes the interaction as a recording of ogx's recorder, the
// raw HTTP layout its httpx patches write (api_recorder.py:
// {request: {url, method, payload}, response: {status, body,
// is_streaming}}), which recordings.Parse reads and classifies by the
// URL's path: the request body as JSON (a string when it is none); a
// JSON response body as it is; a stream of server-sent events whose
// lines are all data: lines (OpenAI's, Gemini's) as the list of their
// JSON objects, "data: [DONE]" left out; another stream (with event:
// lines: Anthropic's, the Responses API's) as its lines, blank ones
// included, as ogx writes them; an AWS event stream as the list of its
// events (eventsJSON); any other body as a string.
//
// No body is written as null, which the core would show as an answer of
// null: a response without a body is the string "", a body that is not
// UTF-8 (audio, an image, an event stream that does not decode) and a
// request body that is not are their bytes in base64, a response body
// that is the JSON null the string "null". Notice says which.
func (it *Interaction) Recording() []byte {
	type request struct {
		URL     string          `json:"url"`
		Method  string          `json:"method"`
		Payload json.RawMessage `json:"payload"`
	}
	type response struct {
		Status      int             `json:"status"`
		Body        json.RawMessage `json:"body"`
		IsStreaming bool            `json:"is_streaming"`
	}
	streamed := it.StreamedResponse()
	var body []byte
	switch b := it.ResponseBody; {
	case len(b) == 0:
		body = []byte(`""`)
	case isEventStream(b):
		if body = eventsJSON(b); body == nil {
			body = base64String(b)
		}
	case !utf8.Valid(b):
		body = base64String(b)
	case streamed && !it.Streamed:
		body = sseBody(b)
	default:
		if body = jsonOrString(b); string(body) == "null" {
			body = []byte(`"null"`)
		}
	}
	payload := jsonOrString(it.RequestBody)
	if !utf8.Valid(it.RequestBody) {
		payload = base64String(it.RequestBody)
	}
	var doc bytes.Buffer
	enc := json.NewEncoder(&doc)
	enc.SetEscapeHTML(false) // the bodies' text as recorded: no \u003c for <
	enc.Encode(struct {      // every field JSON: it encodes
		Request  request  `json:"request"`
		Response response `json:"response"`
	}{request{it.URI, it.Method, payload}, response{it.Status, body, streamed}})
	return doc.Bytes()
}

// sseBody is a stream of server-sent events as a JSON list (see
// Recording).
func sseBody(body []byte) []byte {
	text := strings.TrimRight(strings.ReplaceAll(string(body), "\r\n", "\n"), "\n")
	lines := strings.Split(text, "\n")
	var objs []json.RawMessage
	for _, l := range lines {
		if l == "" {
			continue
		}
		d, ok := strings.CutPrefix(l, "data:")
		if !ok {
			objs = nil
			break
		}
		d = strings.TrimSpace(d)
		if d == "[DONE]" {
			continue
		}
		if !json.Valid([]byte(d)) {
			objs = nil
			break
		}
		objs = append(objs, json.RawMessage(d))
	}
	var out []byte
	if objs != nil {
		out, _ = json.Marshal(objs)
	} else {
		out, _ = json.Marshal(lines)
	}
	return out
}

// jsonOrString is b when it is JSON, else b as a JSON string; null for
// no body.
func jsonOrString(b []byte) []byte {
	if b == nil {
		return []byte("null")
	}
	if t := bytes.TrimSpace(b); len(t) > 0 && json.Valid(t) {
		return t
	}
	return appendString(nil, string(b))
}

// base64String is b in standard base64, as a JSON string.
func base64String(b []byte) []byte {
	return appendString(nil, base64.StdEncoding.EncodeToString(b))
}
