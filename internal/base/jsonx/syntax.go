package jsonx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/valyala/fastjson"
)

// SyntaxError is a JSON syntax error located in its input: Offset is the
// 0-based byte offset of the fault, Line and Col its 1-based line and
// column (Col counts bytes), all 0 when no position is known. Err says
// what is wrong, in lowercase, starting "invalid JSON: ".
type SyntaxError struct {
	Offset    int64
	Line, Col int
	Err       error
}

// Locate finds where the JSON text data, which fastjson refused with
// parseErr (or CheckStrict with ErrNotStrict), goes wrong. fastjson's
// errors carry no offset; encoding/json's SyntaxError does, so data is read
// again with encoding/json. Input cut short reports the end of data and
// wraps io.ErrUnexpectedEOF. When encoding/json accepts data (nesting past
// fastjson.MaxDepth), the message is fastjson's, shortened, with no
// position.
func Locate(data []byte, parseErr error) SyntaxError {
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		msg := parseErr.Error()
		if strings.Contains(msg, "too big depth") {
			msg = fmt.Sprintf("nested more than %d levels deep", fastjson.MaxDepth)
		} else if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		return SyntaxError{Err: fmt.Errorf("invalid JSON: %s", msg)}
	}
	if se.Offset >= int64(len(data)) {
		off := int64(len(data))
		line, col := LineCol(data, off)
		return SyntaxError{Offset: off, Line: line, Col: col,
			Err: fmt.Errorf("invalid JSON: unexpected end of input (truncated file?): %w", io.ErrUnexpectedEOF)}
	}
	// SyntaxError.Offset counts the bytes read, the bad one included.
	off := max(se.Offset-1, 0)
	line, col := LineCol(data, off)
	return SyntaxError{Offset: off, Line: line, Col: col, Err: fmt.Errorf("invalid JSON: %w", se)}
}

// LineCol converts a byte offset into data into 1-based line and column
// numbers; the column counts bytes. An offset past the end counts as the
// end.
func LineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col = 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
