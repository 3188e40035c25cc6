// Package cassette reads the HTTP recordings other recorders than ogx's
// write, "cassettes", as a list of interactions, each a request and a
// response with their bodies as bytes:
//
//   - vcrpy's (pytest-recording, pytest-vcr): YAML, or JSON, of
//     {interactions: [{request: {method, uri, body, headers},
//     response: {status: {code, message}, headers, body: {string}}}],
//     version: 1} (vcr/serializers/yamlserializer.py and
//     vcr/serializers/compat.py); a body is a string, {string: …}, or
//     YAML's !!binary; aiohttp's header names are
//     !!python/object/apply:multidict._multidict.istr tags, read as
//     their name; older vcrpy's httpx responses are {status_code,
//     headers, content} (vcr/stubs/httpx_stubs.py).
//   - pydantic-ai's serializer (tests/json_body_serializer.py): vcrpy's
//     layout, a JSON body written as YAML under parsed_body in place of
//     body; and its xAI samples, gRPC calls recorded as
//     {request_sample|request_stream: {json, raw},
//     response_sample: {json, raw} | response_stream: {chunks_json, …}}.
//   - Datadog's test agent (ddapm-test-agent's vcr proxy): one JSON
//     interaction, {request: {method, url, headers, body},
//     response: {status: {code, message}, headers, body}}.
//   - Ruby VCR's YAML (vcr/vcr, lib/vcr/structs.rb's to_hash and
//     lib/vcr/cassette.rb): {http_interactions: [{request: {method, uri,
//     body: {encoding, string | base64_string}, headers},
//     response: {status: {code, message}, headers, body, http_version},
//     recorded_at}], recorded_with: "VCR 6.4.0"}, methods in lowercase,
//     a string that is not UTF-8 (a Bedrock event stream) under Psych's
//     !binary tag, base64.
//   - go-vcr's YAML, format version 2 (dnaeon/go-vcr,
//     pkg/cassette/cassette.go): {version: 2, interactions: [{id,
//     request: {url, method, headers, body, content_length, …},
//     response: {status: "200 OK", code, headers, body, content_length,
//     duration, …}}]}, a body that is not UTF-8 under !!binary;
//     content_length -1 for a stream.
//   - httprr's traces (rsc.io/httprr; langchaingo's and adk-go's
//     internal/httprr/rr.go): "httprr trace v1", then per call
//     "N1 N2\n" and the request and the response as HTTP/1.1 writes
//     them, N1 and N2 bytes; gzipped as .httprr.gz (parseHTTPRR).
//   - httpmock's mocks as rig writes its cassettes
//     (alexliesenfeld/httpmock's src/common/data.rs; 0xPlaygrounds/rig's
//     tests/common/cassettes.rs): YAML documents separated by "---",
//     each {when: {method, path, query_param, header, body},
//     then: {status, header, body}}, headers as lists of {name, value},
//     body_encoding: base64 for bytes (parseHTTPMock); no host is
//     recorded, and the provider's is chosen from the folder the file is
//     in (Notice says so).
//   - the Azure SDK test proxy's recordings (SessionRecords/*.json, or
//     an assets repository's; Azure/azure-sdk-tools, tools/test-proxy,
//     RecordSession.cs and RecordEntry.cs): {"Entries": [{RequestUri, RequestMethod,
//     RequestHeaders, RequestBody, StatusCode, ResponseHeaders,
//     ResponseBody}], "Variables": {…}}, a JSON body as JSON, a text one
//     as a string or as its lines (a stream), other bytes in base64
//     (parseTestProxy).
//   - HAR 1.2 (the "HAR 1.2 Spec"; Polly.JS's recordings, any
//     browser's export): {log: {creator, entries: [{request: {method,
//     url, headers, postData: {text}}, response: {status, headers,
//     content: {text, encoding}}}]}}, Polly's compressed responses as a
//     JSON list of base64 chunks (@pollyjs/adapter-node-http; parseHAR).
//   - vercel/ai's __fixtures__ (packages/*/src/__fixtures__):
//     NAME.chunks.txt, a stream of JSON lines (told by its name, or by
//     lines a known API's chunks), and NAME.json, a response body (told
//     by its shape); neither records its request, and recview chooses
//     the API from the payload, or from the package's folder when the
//     payload cannot tell (parseFixture; Endpoint, and Notice says so).
//
// Parse tells the formats by their content: gzip's magic (then the
// trace inside), httprr's first line, JSON's top-level keys, YAML's
// keys; a file name only tells a .chunks.txt stream of one line, and
// the folders of a path name rig's provider and a vercel/ai package.
// A gzip, deflate or brotli Content-Encoding of a response body is
// undone. Interaction.Recording writes an interaction as a recording of
// ogx's recorder for the core (recordings.Parse), a stream as the list
// of its chunks, never a body of null. The core reads cassettes, never
// runs them: YAML tags that name Python callables are only names here.
// Parse bounds what it reads (MaxSize, maxInteractions, maxNesting,
// yaml.v3's own limits on aliases): bad input is an error naming the
// file and the interaction, never a panic.
package cassette

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Recorder names the tool that wrote a cassette.
type Recorder string

// The recorders Parse reads.
const (
	VCR       Recorder = "vcrpy"            // vcrpy's YAML or JSON, with pydantic-ai's parsed_body
	XAI       Recorder = "pydantic-ai-xai"  // pydantic-ai's xAI gRPC samples
	TestAgent Recorder = "dd-test-agent"    // Datadog's test agent JSON
	RubyVCR   Recorder = "ruby-vcr"         // Ruby VCR's YAML (http_interactions)
	GoVCR     Recorder = "go-vcr"           // go-vcr's YAML, version 2
	HTTPRR    Recorder = "httprr"           // an httprr trace, or one gzipped (.httprr.gz)
	HTTPMock  Recorder = "httpmock"         // httpmock's when/then YAML documents, rig's cassettes
	TestProxy Recorder = "azure-test-proxy" // the Azure SDK test proxy's JSON (Entries)
	HAR       Recorder = "har"              // a HAR 1.2 log: Polly.JS's recordings, a browser's export
	// VercelFixture is vercel/ai's __fixtures__: a response alone, a
	// NAME.json body or a NAME.chunks.txt stream of JSON lines.
	VercelFixture Recorder = "vercel-ai-fixture"
)

// MaxSize is the largest cassette Parse reads, and the largest body a
// Content-Encoding may inflate to, in bytes.
const MaxSize = 64 << 20

// maxInteractions bounds the interactions Parse reads from one file
// (the most real cassettes hold is a few dozen).
const maxInteractions = 10_000

// ErrNotCassette is the error of a document that is none of the layouts
// the package reads.
var ErrNotCassette = errors.New("cassette: not a cassette")

// Cassette is a parsed cassette.
type Cassette struct {
	// Name is the name Parse was given: the file's path or URL.
	Name     string
	Recorder Recorder
	// Unzipped is the text Parse read when the file was gzipped (an
	// .httprr.gz): what a link carries, which holds text; nil otherwise.
	Unzipped []byte
	// RecordedWith is the recorder and its version as the file names
	// them: Ruby VCR's recorded_with ("VCR 6.4.0"), a HAR's log.creator
	// ("Polly.JS 6.0.6"); "" when it names none.
	RecordedWith string
	// Interactions are the recorded calls, in the cassette's order.
	Interactions []Interaction
}

// Interaction is one recorded call.
type Interaction struct {
	// Method is the HTTP method as recorded ("POST"; Ruby VCR writes
	// "post"); "gRPC" for an xAI sample.
	Method string
	// URI is the request's URL; for an xAI sample, "xai:" and the model.
	URI string
	// RequestHeaders and ResponseHeaders map each header name, as
	// written, to its values.
	RequestHeaders, ResponseHeaders map[string][]string
	// RequestBody and ResponseBody are the bodies' bytes: as recorded, a
	// parsed_body (or an xAI sample's json) as compact JSON, a
	// Content-Encoding undone; nil when there is none.
	RequestBody, ResponseBody []byte
	// Status is the response's HTTP status code, 0 when not recorded.
	Status int
	// Streamed reports a stream that headers do not mark: an xAI
	// streamed sample, whose ResponseBody is the JSON array of its
	// chunks, or a vercel/ai chunks file, whose ResponseBody is its JSON
	// lines.
	Streamed bool
	// Endpoint is, for a response recorded without its request (a
	// vercel/ai fixture: Method and URI are ""), the URL path of the API
	// recview chose for it from its payload or its path, which Notice
	// says: "/v1/messages", "/v1beta/models/{model}:generateContent";
	// Recording writes it as the request's URL. "" when the request was
	// recorded.
	Endpoint string
	// Notice says, in lowercase sentences joined by "; ", what recview
	// chose or could not read of the interaction as recorded, for the
	// viewer to show beside it: "the response has no body", "the
	// response body is 48213 bytes that are not text (audio/mpeg): shown
	// in base64"; "" when there is nothing to say.
	Notice string
}

// Header returns the first value of the header name (any case) in h, ""
// when there is none.
func Header(h map[string][]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// Parse reads a cassette named name (shown in errors) from data.
//
// Errors: a document larger than MaxSize, or nested deeper than
// maxNesting levels (nestingError), or of more than maxInteractions
// interactions; YAML or JSON that does not parse (with yaml.v3's line);
// ErrNotCassette (wrapped, with why) for another document; an
// interaction whose parts are not of the layout's types, naming its
// index (from 0).
func Parse(name string, data []byte) (*Cassette, error) {
	c, err := parse(name, data, true)
	if err != nil {
		return nil, err
	}
	for i := range c.Interactions {
		c.Interactions[i].note()
	}
	return c, nil
}

// parse is Parse without the notes; gz allows data to be gzip.
func parse(name string, data []byte, gz bool) (*Cassette, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("cassette: %s: %d bytes, more than %d", name, len(data), MaxSize)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a byte order mark
	switch {
	case gz && len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b:
		inner, err := decode(data, "gzip") // httprr's .httprr.gz
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		c, err := parse(name, inner, false)
		if c != nil {
			c.Unzipped = inner
		}
		return c, err
	case isHTTPRR(data):
		return parseHTTPRR(name, data)
	}
	if err := nestingError(data); err != nil {
		return nil, fmt.Errorf("cassette: %s: %w", name, err)
	}
	if isChunks(name, data) {
		return parseFixture(name, data, true)
	}
	var doc yaml.Node
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' && json.Valid(t) {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(t, &top); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		if entries, ok := top["Entries"]; ok {
			return parseTestProxy(name, entries)
		}
		if log, ok := top["log"]; ok {
			return parseHAR(name, log)
		}
		if isBody(name, top) {
			return parseFixture(name, data, false)
		}
		// JSON (the test agent's, vcrpy's JSON serializer) through
		// encoding/json: YAML's parser refuses JSON's surrogate pairs.
		var v any
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		var n yaml.Node
		if err := n.Encode(v); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{&n}}
	} else if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("cassette: %s: %w", name, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%w: %s is not a mapping", ErrNotCassette, name)
	}
	if isHTTPMock(doc.Content[0]) {
		return parseHTTPMock(name, data)
	}
	return parseMapping(name, doc.Content[0])
}
