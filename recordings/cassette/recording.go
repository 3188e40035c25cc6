package cassette

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"mime"
	"strings"
	"unicode/utf8"
)

// StreamedResponse reports that the interaction's response is a stream:
// of server-sent events (a text/event-stream Content-Type, or none and
// a body that begins as one: rig keeps no headers), of JSON lines
// (application/x-ndjson, Ollama's; application/stream+json,
// Cohere's; application/jsonl), an AWS event stream (Bedrock's: its body
// begins with an event stream message), Gemini's streamGenerateContent
// answered as one JSON array (without alt=sse), or a stream Streamed
// marks (an xAI sample, a vercel/ai chunks file). An empty body is no
// stream, nor one that is not UTF-8 (but an AWS event stream that
// decodes): Recording writes them as a string, which Notice names.
func (it *Interaction) StreamedResponse() bool {
	return it.stream() != notStream
}

// A streamKind is how a streamed response body is written.
type streamKind int

const (
	notStream   streamKind = iota
	sseStream              // server-sent events: sseBody
	linesStream            // JSON lines: linesBody
	arrayStream            // a JSON array of the chunks, written as it is
	awsStream              // an AWS event stream: eventsJSON
)

// stream is the kind of stream the response is (see StreamedResponse).
// An empty body is none, nor a body that is not UTF-8 (but for an AWS
// event stream that decodes): Recording writes them as a string.
func (it *Interaction) stream() streamKind {
	b := it.ResponseBody
	ct, _, _ := mime.ParseMediaType(Header(it.ResponseHeaders, "Content-Type"))
	switch {
	case len(b) == 0:
		return notStream
	case isEventStream(b):
		if _, err := DecodeEventStream(b); err != nil {
			return notStream
		}
		return awsStream
	case !utf8.Valid(b):
		return notStream
	case ct == "text/event-stream" || ct == "" && looksSSE(b):
		return sseStream
	case ct == "application/x-ndjson" || ct == "application/stream+json" || ct == "application/jsonl":
		return linesStream
	case isArray(b) && (it.Streamed || strings.Contains(it.URI, ":streamGenerateContent")):
		return arrayStream
	case it.Streamed:
		return linesStream
	}
	return notStream
}

// Recording writes the interaction as a recording of ogx's recorder, the
// raw HTTP layout its httpx patches write (api_recorder.py:
// {request: {url, method, payload}, response: {status, body,
// is_streaming}}), which recordings.Parse reads and classifies by the
// URL's path (the URI; for a response recorded without its request,
// Endpoint, the path recview chose): the request body as JSON (a string
// when it is none); a
// JSON response body as it is; a stream of server-sent events whose
// lines are all data: lines (OpenAI's, Gemini's) as the list of their
// JSON objects, "data: [DONE]" and comments (": …" lines) left out;
// another stream (with event: lines: Anthropic's, the Responses API's)
// as its lines, blank ones included, as ogx writes them; a stream of
// JSON lines as the list of its objects (Ollama's NDJSON, a vercel/ai
// chunks file); a stream answered as one JSON array (Gemini's
// streamGenerateContent without alt=sse, an xAI sample) as that list; an
// AWS event stream as the list of its events (eventsJSON); any other
// body as a string. The core folds each list as the provider's SDK does.
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
	kind := it.stream()
	var body []byte
	switch b := it.ResponseBody; {
	case len(b) == 0:
		body = []byte(`""`)
	case kind == awsStream:
		body = eventsJSON(b)
	case !utf8.Valid(b):
		body = base64String(b) // an event stream that does not decode too
	case kind == sseStream:
		body = sseBody(b)
	case kind == linesStream:
		body = linesBody(b)
	default:
		if body = jsonOrString(b); string(body) == "null" {
			body = []byte(`"null"`)
		}
	}
	payload := jsonOrString(it.RequestBody)
	if !utf8.Valid(it.RequestBody) {
		payload = base64String(it.RequestBody)
	}
	url := it.URI
	if url == "" {
		url = it.Endpoint
	}
	var doc bytes.Buffer
	enc := json.NewEncoder(&doc)
	enc.SetEscapeHTML(false) // the bodies' text as recorded: no \u003c for <
	enc.Encode(struct {      // every field JSON: it encodes
		Request  request  `json:"request"`
		Response response `json:"response"`
	}{request{url, it.Method, payload}, response{it.Status, body, kind != notStream}})
	return doc.Bytes()
}

// sseBody is a stream of server-sent events as a JSON list (see
// Recording).
func sseBody(body []byte) []byte {
	text := strings.TrimRight(strings.ReplaceAll(string(body), "\r\n", "\n"), "\n")
	lines := strings.Split(text, "\n")
	var objs []json.RawMessage
	for _, l := range lines {
		if l == "" || l[0] == ':' { // a comment: OpenRouter's ": OPENROUTER PROCESSING"
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

// linesBody is a stream of JSON lines as the JSON list of its values,
// blank lines left out; the list of its lines as strings when one is not
// JSON.
func linesBody(body []byte) []byte {
	vals, lines, ok := []json.RawMessage{}, []string{}, true
	for _, l := range strings.Split(string(body), "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		lines = append(lines, l)
		if ok = ok && json.Valid([]byte(l)); ok {
			vals = append(vals, json.RawMessage(l))
		}
	}
	var out []byte
	if ok {
		out, _ = json.Marshal(vals)
	} else {
		out, _ = json.Marshal(lines)
	}
	return out
}

// looksSSE reports a body whose first line is an SSE event's field
// ("event: …", "data: …") and that holds a data: line.
func looksSSE(b []byte) bool {
	first, _, _ := bytes.Cut(bytes.TrimLeft(b, "\r\n"), []byte("\n"))
	return (bytes.HasPrefix(first, []byte("event:")) || bytes.HasPrefix(first, []byte("data:"))) &&
		(bytes.HasPrefix(b, []byte("data:")) || bytes.Contains(b, []byte("\ndata:")))
}

// isArray reports bytes that are a JSON array.
func isArray(b []byte) bool {
	t := bytes.TrimSpace(b)
	return len(t) > 0 && t[0] == '[' && json.Valid(t)
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
