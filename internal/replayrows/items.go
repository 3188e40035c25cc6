// Package replayrows is what the viewer's page and its worker
// (wasm/reviewworker, which runs recordings/replay off the page's thread)
// tell each other about an open folder: the page hands over, for each
// file its index read, what the index found in it (Item, a line of text),
// so that the worker never parses the folder again; the worker computes
// the folder's replay report (Report) and the lookups of replay's
// "Recording not found" errors pasted into the page (Lookup), which
// internal/replayhtml draws there.
// It holds no replay code, so that the page's app.wasm does not link
// recordings/replay.
package replayrows

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// Item is what the index knows of one .json file it read: the fields of a
// replay.Entry that replay's report and lookups use.
type Item struct {
	// Path is the file's path in the folder, '/'-separated; Size its
	// length in bytes.
	Path string
	Size int
	// NotRecording reports a file the index could not read as a
	// recording: the worker reads it again to tell a file that is not a
	// recording (skipped) from a broken one. The fields below are then
	// zero.
	NotRecording bool

	TestID    string
	HasTestID bool
	Shape     recordings.Shape
	// Method, Endpoint, Model, Provider and ToolName are the request's,
	// as recordings.Recording gives them.
	Method, Endpoint, Model, Provider, ToolName string
	Streaming                                   bool
	Chunks                                      int
	// The fields of reqhash.Verify's Check that replay reads; the others
	// (Computed, ExpectedName, the model digests, Note) are not handed
	// over.
	Status                 reqhash.Status
	Scheme, FileHash       string
	ModelList              bool
	ReplayHash, ReplayName string
}

// ItemOf is the Item of a file of size bytes at path that parsed as rec,
// whose request-hash check is c (reqhash.Verify of its base name and
// rec.Doc).
func ItemOf(path string, size int, rec *recordings.Recording, c *reqhash.Check) Item {
	return Item{
		Path: path, Size: size,
		TestID: rec.TestID, HasTestID: rec.HasTestID, Shape: rec.Shape,
		Method: rec.Method, Endpoint: rec.Endpoint, Model: rec.Model, Provider: rec.Provider, ToolName: rec.ToolName,
		Streaming: rec.Streaming, Chunks: len(rec.Chunks),
		Status: c.Status, Scheme: c.Scheme, FileHash: c.FileHash, ModelList: c.ModelList,
		ReplayHash: c.ReplayHash, ReplayName: c.ReplayName,
	}
}

// itemFields is the number of fields of an Item's line.
const itemFields = 19

// Append appends it to b as one line: its fields in the order of Item's
// declaration, separated by tabs, booleans as 0 or 1, numbers in decimal,
// Shape as its name, Status as its number, and in strings '\\', tab, line
// feed and carriage return written \\, \t, \n and \r; then a line feed.
// It is written by hand, not by encoding/json: the page writes one per
// file while it indexes a folder.
func (it *Item) Append(b []byte) []byte {
	str := func(s string) {
		for i := 0; i < len(s); i++ {
			switch c := s[i]; c {
			case '\\':
				b = append(b, '\\', '\\')
			case '\t':
				b = append(b, '\\', 't')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			default:
				b = append(b, c)
			}
		}
		b = append(b, '\t')
	}
	flag := func(v bool) {
		if v {
			b = append(b, '1', '\t')
		} else {
			b = append(b, '0', '\t')
		}
	}
	num := func(n int) { b = append(strconv.AppendInt(b, int64(n), 10), '\t') }
	str(it.Path)
	num(it.Size)
	flag(it.NotRecording)
	str(it.TestID)
	flag(it.HasTestID)
	str(string(it.Shape))
	str(it.Method)
	str(it.Endpoint)
	str(it.Model)
	str(it.Provider)
	str(it.ToolName)
	flag(it.Streaming)
	num(it.Chunks)
	num(int(it.Status))
	str(it.Scheme)
	str(it.FileHash)
	flag(it.ModelList)
	str(it.ReplayHash)
	str(it.ReplayName)
	b[len(b)-1] = '\n'
	return b
}

// ParseItems reads the lines Append wrote. The error names the line (from
// 1) that is not an Item's.
func ParseItems(text string) ([]Item, error) {
	var out []Item
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		f := strings.Split(line, "\t")
		if len(f) != itemFields {
			return nil, fmt.Errorf("replayrows: item line %d has %d fields, want %d", n, len(f), itemFields)
		}
		var err error
		num := func(s string) int {
			v, e := strconv.Atoi(s)
			if e != nil && err == nil {
				err = e
			}
			return v
		}
		flag := func(s string) bool {
			if s != "0" && s != "1" && err == nil {
				err = errors.New("a flag is not 0 or 1: " + strconv.Quote(s))
			}
			return s == "1"
		}
		str := func(s string) string {
			if !strings.Contains(s, `\`) {
				return s
			}
			var b strings.Builder
			for i := 0; i < len(s); i++ {
				if s[i] != '\\' || i+1 == len(s) {
					b.WriteByte(s[i])
					continue
				}
				i++
				switch s[i] {
				case 't':
					b.WriteByte('\t')
				case 'n':
					b.WriteByte('\n')
				case 'r':
					b.WriteByte('\r')
				default:
					b.WriteByte(s[i])
				}
			}
			return b.String()
		}
		it := Item{
			Path: str(f[0]), Size: num(f[1]), NotRecording: flag(f[2]),
			TestID: str(f[3]), HasTestID: flag(f[4]), Shape: recordings.Shape(str(f[5])),
			Method: str(f[6]), Endpoint: str(f[7]), Model: str(f[8]), Provider: str(f[9]), ToolName: str(f[10]),
			Streaming: flag(f[11]), Chunks: num(f[12]), Status: reqhash.Status(num(f[13])),
			Scheme: str(f[14]), FileHash: str(f[15]), ModelList: flag(f[16]), ReplayHash: str(f[17]), ReplayName: str(f[18]),
		}
		if err != nil {
			return nil, fmt.Errorf("replayrows: item line %d: %v", n, err)
		}
		out = append(out, it)
	}
	return out, nil
}
