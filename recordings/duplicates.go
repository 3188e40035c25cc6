package recordings

import (
	"fmt"

	"github.com/recview/recview/internal/base/jsonx"
)

// DuplicateKey is a key that occurs more than once in one object of a
// recording file.
type DuplicateKey struct {
	// Path is the JSON path of the object holding it, like
	// "request.body.messages[1]"; "" for the top level.
	Path string
	// Key is the repeated key.
	Key string
	// Line and Col (1-based, Col in bytes) are where its last occurrence
	// starts: the value replay reads.
	Line, Col int
}

// String describes the repeat for people: "duplicate key `content` at
// line 12 (request.body.messages[1]): replay reads the last".
func (d DuplicateKey) String() string {
	where := ""
	if d.Path != "" {
		where = " (" + d.Path + ")"
	}
	return fmt.Sprintf("duplicate key `%s` at line %d%s: replay reads the last", d.Key, d.Line, where)
}

// duplicateKeys lists the repeated keys of a file that jsonx.Dedupe found
// one in.
func duplicateKeys(data []byte) []DuplicateKey {
	var out []DuplicateKey
	for _, d := range jsonx.DuplicateKeys(data) {
		out = append(out, DuplicateKey{Path: d.Path, Key: d.Key, Line: d.Line, Col: d.Col})
	}
	return out
}
