package recordings

import (
	"errors"
	"fmt"
)

// Sentinel errors. Parse and the assemblers wrap them in a *ParseError where
// a position or a JSON path applies; test with errors.Is.
var (
	// ErrNotRecording reports JSON that is valid but not a recording: not an
	// object, or without the "request" and "response" objects the recorder
	// writes.
	ErrNotRecording = errors.New("recordings: not a recording")
	// ErrTooLarge reports input larger than MaxSize bytes.
	ErrTooLarge = errors.New("recordings: input too large")
	// ErrBadField reports a field of a recording whose JSON type is not the
	// one the recorder writes (say, "is_streaming": "yes").
	ErrBadField = errors.New("recordings: unexpected field type")
	// ErrBadChunk reports a stream chunk that cannot be folded into the
	// response: not an object, an SSE data line that is not JSON where JSON
	// is required, or a delta that contradicts the stream so far.
	ErrBadChunk = errors.New("recordings: bad chunk")
)

// ParseError describes where input went wrong. Offset is the 0-based byte
// offset into the file, Line and Col are 1-based (Col counts bytes) and are
// 0 when no position applies; Path is the JSON path of the offending value
// (like "response.body[3].__data__"), empty when the whole input is at fault.
// Err is the underlying cause, often one of the sentinels above.
type ParseError struct {
	Name   string // file name as given to Parse; may be empty
	Offset int64
	Line   int
	Col    int
	Path   string
	Err    error
}

// Error formats the error as "recordings: NAME:LINE:COL: PATH: CAUSE",
// leaving out the parts that are unknown.
func (e *ParseError) Error() string {
	msg := "recordings: "
	if e.Name != "" {
		msg += e.Name + ":"
	}
	if e.Line > 0 {
		msg += fmt.Sprintf("%d:%d:", e.Line, e.Col)
	}
	if msg[len(msg)-1] == ':' {
		msg += " "
	}
	if e.Path != "" {
		msg += e.Path + ": "
	}
	return msg + trimPrefix(e.Err.Error())
}

// Unwrap returns the cause, so errors.Is(err, ErrNotRecording) works.
func (e *ParseError) Unwrap() error { return e.Err }

// trimPrefix drops the package prefix of a wrapped sentinel so that messages
// read "recordings: x.json: not a recording" rather than repeating it.
func trimPrefix(s string) string {
	const p = "recordings: "
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}

// errorf is fmt.Errorf, called rather than copied into each caller:
// its copies at the package's many error sites would cost app.wasm more
// than the call.
//
//go:noinline
func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
