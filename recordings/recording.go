package recordings

import (
	"errors"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/valyala/fastjson"
)

// MaxSize is the largest input Parse accepts, in bytes (256 MiB). The
// largest file in ogx's recordings is about 1.1 MB.
const MaxSize = 256 << 20

// Recording is one decoded recording file. The JSON values point into a
// tree owned by the Recording; they stay valid as long as it does and must
// not be modified.
type Recording struct {
	// Name is the file name given to Parse (a base name or a path); the
	// request hash is read from it.
	Name string
	// Doc is the whole file, except for a stream ParseInSlices decoded:
	// its response.body is then an empty list in Doc, and each element is
	// Chunks[i].Element().
	Doc *fastjson.Value
	// Request is the "request" object.
	Request *fastjson.Value
	// Body is what was sent: request.body (inference), request.payload (raw
	// HTTP) or request.kwargs (tool); nil for file processors.
	Body *fastjson.Value

	Shape  Shape
	Family Family
	// Method is the HTTP method as recorded ("POST"), empty for tools.
	Method string
	// URL is the recorded URL, like "http://0.0.0.0:11434/v1/v1/chat/completions"
	// or "vertexai:///generate_content".
	URL string
	// Endpoint is request.endpoint, or the path of URL when absent.
	Endpoint string
	// Model is request.model, or the body's "model" when that is empty.
	Model string
	// TestID is the pytest node id of the test that recorded the file; empty
	// with HasTestID false when the key is null or absent (2025 files).
	TestID    string
	HasTestID bool
	// Provider and ToolName name a tool invocation (tavily, web_search) or a
	// file processor (pypdf, file_processors in ToolName).
	Provider, ToolName string

	// Streaming is response.is_streaming.
	Streaming bool
	// Chunks are the stream's chunks in order (SSE events for SSE bodies);
	// nil unless Streaming.
	Chunks []Chunk
	// ResponseBody is the non-streaming response body with any
	// {"__type__","__data__"} wrapper removed (a list of models stays a
	// list, each element unwrapped); nil for streams and exceptions.
	ResponseBody *fastjson.Value
	// TypeName is the Python type the recorder noted in "__type__" for the
	// body or its first chunk, like "openai.types.chat.chat_completion.ChatCompletion".
	// A hint only: module names drift across renames.
	TypeName string
	// Status is response.status (raw HTTP recordings), 0 when absent.
	Status int
	// Exception is the recorded exception, nil unless response.is_exception.
	Exception *Exception

	// Unknown is true when the kind of recording is not one recview knows;
	// Notice then says why. The raw JSON is still in Doc.
	Unknown bool
	Notice  string

	// Size is the length of the input in bytes.
	Size int

	// Duplicates lists the keys that occur more than once in one object
	// of the file, nil when none does. The recorder reads files with
	// Python's json.loads, where the last value wins, and so does Parse:
	// Doc, Chunks and every value read from them hold only that value,
	// at the key's first position. A reviewer must be told, since the
	// file's text shows both.
	Duplicates []DuplicateKey

	pace   *pacer  // while ParseInSlices decodes, else nil
	sliced []Chunk // while ParseInSlices decodes: the chunks it checked
}

// Exception is a recorded provider error (response.is_exception), from
// response.exception_data when present, else response.exception_message.
type Exception struct {
	Status   int    // exception_data.status_code, 0 if absent
	Type     string // exception_data.type, like "BadRequestError"
	Message  string // exception_data.message or exception_message
	Category string // exception_data.category, like "provider_sdk"
	Provider string // exception_data.provider, like "openai"
	// Body is exception_data.body (the provider's error object), or nil.
	Body *fastjson.Value
}

// Chunk is one element of a streamed response.
type Chunk struct {
	// Event is the SSE event name ("content_block_delta"), empty for chunks
	// that are JSON objects in the body list.
	Event string
	// Type is the chunk's "__type__" hint, empty when it has none.
	Type string
	// Text is the SSE event's data as recorded; empty for JSON chunks.
	Text string

	data *fastjson.Value // the decoded data, when decoded with the document
	elem *fastjson.Value // the body element data was unwrapped from
	// raw is the body element as recorded, for a chunk of a stream that
	// ParseInSlices left undecoded: Data parses it when asked.
	raw []byte
}

// Data returns the chunk's JSON: the "__data__" of a wrapped chunk, the
// chunk itself otherwise, or the parsed data of an SSE event; nil when an
// SSE event's data is not JSON ("[DONE]").
//
// A chunk of a large stream decoded by ParseInSlices keeps only its bytes
// in the input (checked as JSON then), and Data parses them again on every
// call, into a tree of its own: keep the value while it is needed rather
// than calling Data again, and drop it after.
func (c *Chunk) Data() *fastjson.Value {
	if c.raw == nil {
		return c.data
	}
	d, _ := unwrap(c.Element())
	return d
}

// Element returns the chunk as the element of response.body it was
// recorded as, with the recorder's {"__type__", "__data__"} wrapper if it
// has one; nil for an SSE event, which spans several elements. For a chunk
// of a stream decoded by ParseInSlices it parses the chunk's bytes, as
// Data does.
func (c *Chunk) Element() *fastjson.Value {
	if c.raw == nil {
		return c.elem
	}
	var p fastjson.Parser
	v, err := p.ParseBytes(c.raw)
	if err != nil { // not reached: ParseInSlices checked the bytes parse
		return nil
	}
	return v
}

// Raw returns the chunk as compact JSON (or the SSE data text when it is not
// JSON), for display.
func (c *Chunk) Raw() []byte {
	d := c.Data()
	if d == nil {
		return []byte(c.Text)
	}
	return jsonx.Compact(d)
}

// Parse decodes a recording file. name is used in errors and to read the
// request hash; it may be empty. Errors: a *ParseError with the line and
// column for JSON that does not parse (wrapping a *json.SyntaxError), with a
// JSON path for fields of the wrong type (wrapping ErrBadField) or for input
// that is not a recording (wrapping ErrNotRecording, also for binary
// data: "not a recording: binary data (PNG image)", see Binary); ErrTooLarge past
// MaxSize. A recording of a kind recview does not know is not an error: it
// comes back with Unknown set.
func Parse(name string, data []byte) (*Recording, error) {
	var p fastjson.Parser
	return parse(&p, name, data, true)
}

// Parser parses recordings one after the other, reusing its memory from
// one to the next: for going through many files, like the viewer's index
// of a folder. A fastjson parser builds a document in a cache it grows as
// it goes; a fresh one per file grows it again each time, and leaves the
// tree behind for the collector (docs/dev/performance-notes.md has what
// a reused parser saves). The zero Parser is ready to use; it is not safe
// for concurrent use.
type Parser struct{ p fastjson.Parser }

// Parse is the function Parse, with this Parser's memory: the Recording,
// and every value in it (Doc, Body, the chunks' data), is valid only
// until the Parser's next Parse. Its strings (TestID, Model, URL and the
// like) are copies and stay valid.
func (p *Parser) Parse(name string, data []byte) (*Recording, error) {
	return parse(&p.p, name, data, true)
}

// Reparse is Parse for bytes a Parse accepted before, unchanged: it
// gives the same Recording, in this Parser's memory, without checking
// again the tokens of data against JSON's grammar (jsonx.CheckStrict),
// for a caller that reads the same files twice (a review's pairs). Bytes
// no Parse accepted may come back as a Recording that Parse would
// refuse.
func (p *Parser) Reparse(name string, data []byte) (*Recording, error) {
	return parse(&p.p, name, data, false)
}

// parse is Parse with the fastjson parser p, the tokens' check
// (jsonx.CheckStrict) made only when strict.
func parse(p *fastjson.Parser, name string, data []byte, strict bool) (*Recording, error) {
	if len(data) > MaxSize {
		return nil, &ParseError{Name: name, Err: errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(data), MaxSize)}
	}
	doc, err := p.ParseBytes(data)
	if err == nil && strict {
		err = jsonx.CheckStrict(data)
	}
	if err != nil {
		return nil, syntaxError(name, data, err)
	}
	dup := jsonx.Dedupe(doc)
	r, err := newRecording(name, doc, len(data), nil, nil)
	if err == nil && dup {
		r.Duplicates = duplicateKeys(data)
	}
	return r, err
}

// newRecording decodes a parsed document of size bytes, calling on pace
// (which may be nil) as it decodes an SSE stream. chunks, when not nil,
// are the stream's chunks already checked by parseSliced, whose body in
// doc is an empty list.
func newRecording(name string, doc *fastjson.Value, size int, pace *pacer, chunks []Chunk) (*Recording, error) {
	r := &Recording{Name: name, Doc: doc, Size: size, pace: pace, sliced: chunks}
	err := r.decode()
	r.pace, r.sliced = nil, nil
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.Name = name
		}
		return nil, err
	}
	return r, nil
}

// syntaxError is the *ParseError for data that fastjson refused with
// ferr (or jsonx.CheckStrict with jsonx.ErrNotStrict): located by
// jsonx.Locate, or wrapping ErrNotRecording for empty input and for
// binary data (Binary: "not a recording: binary data (PNG image)").
func syntaxError(name string, data []byte, ferr error) error {
	if len(data) == 0 {
		return &ParseError{Name: name, Err: errorf("%w: empty input", ErrNotRecording)}
	}
	if what := Binary(data); what != "" {
		return &ParseError{Name: name, Err: errorf("%w: %s", ErrNotRecording, what)}
	}
	se := jsonx.Locate(data, ferr)
	return &ParseError{Name: name, Offset: se.Offset, Line: se.Line, Col: se.Col, Err: se.Err}
}

func badField(path, want string, v *fastjson.Value) error {
	return &ParseError{Path: path, Err: errorf("%w: want %s, got %s", ErrBadField, want, v.Type())}
}

func (r *Recording) decode() error {
	if r.Doc.Type() != fastjson.TypeObject {
		return &ParseError{Err: errorf("%w: the top level is %s, not an object", ErrNotRecording, r.Doc.Type())}
	}
	req, resp := r.Doc.Get("request"), r.Doc.Get("response")
	if req == nil || resp == nil {
		return &ParseError{Err: errorf("%w: no \"request\" and \"response\" keys", ErrNotRecording)}
	}
	if req.Type() != fastjson.TypeObject {
		return badField("request", "object", req)
	}
	if resp.Type() != fastjson.TypeObject {
		return badField("response", "object", resp)
	}
	r.Request = req
	if err := r.decodeTestID(); err != nil {
		return err
	}
	if err := r.decodeRequest(); err != nil {
		return err
	}
	if err := r.decodeResponse(resp); err != nil {
		return err
	}
	r.classify()
	return nil
}

func (r *Recording) decodeTestID() error {
	v := r.Doc.Get("test_id")
	if v == nil || v.Type() == fastjson.TypeNull {
		// Raw HTTP and tool requests carry their own test_id.
		v = r.Request.Get("test_id")
		if v == nil || v.Type() == fastjson.TypeNull {
			return nil
		}
	}
	if v.Type() != fastjson.TypeString {
		return badField("test_id", "string or null", v)
	}
	r.TestID, r.HasTestID = string(v.GetStringBytes()), true
	return nil
}

// optString reads an optional string field of obj: "" when absent or null,
// an ErrBadField error when of another type.
func optString(obj *fastjson.Value, path, key string) (string, error) {
	v := obj.Get(key)
	if v == nil || v.Type() == fastjson.TypeNull {
		return "", nil
	}
	if v.Type() != fastjson.TypeString {
		return "", badField(path+"."+key, "string", v)
	}
	return string(v.GetStringBytes()), nil
}

func (r *Recording) decodeRequest() error {
	req := r.Request
	has := func(k string) bool { return req.Get(k) != nil }
	var err error
	str := func(key string) string {
		if err != nil {
			return ""
		}
		var s string
		s, err = optString(req, "request", key)
		return s
	}
	switch {
	case has("tool_name") && has("kwargs"):
		r.Shape = ShapeTool
		r.Provider, r.ToolName = str("provider"), str("tool_name")
		r.Body = req.Get("kwargs")
	case has("api") && has("file_id"):
		r.Shape = ShapeFileProcessor
		r.Provider, r.ToolName = str("provider"), str("api")
	case has("payload") && has("url"):
		r.Shape = ShapeHTTP
		r.Method, r.URL = str("method"), str("url")
		r.Body = req.Get("payload")
	case has("url") || has("endpoint"):
		r.Shape = ShapeInference
		r.Method, r.URL, r.Endpoint, r.Model = str("method"), str("url"), str("endpoint"), str("model")
		r.Body = req.Get("body")
	default:
		r.Shape = ShapeUnknown
	}
	if err != nil {
		return err
	}
	if r.Endpoint == "" && r.URL != "" {
		_, r.Endpoint = pyjson.URLParse(r.URL) // as the recorder's urlparse reads it
	}
	if r.Model == "" && r.Body != nil && r.Body.Type() == fastjson.TypeObject {
		if m := r.Body.Get("model"); m != nil && m.Type() == fastjson.TypeString {
			r.Model = string(m.GetStringBytes())
		}
	}
	return nil
}
