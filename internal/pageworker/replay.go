// The replay side's messages: the page hands the worker, for each file
// its index read, what the index found in it (Item), so that the worker
// never parses the folder again; the worker answers the folder's replay
// report and the lookups of pasted "Recording not found" errors as HTML
// (replayhtml).

package pageworker

import (
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// ReplayAdd hands the worker what the index read of some files (Items),
// whose File objects are the message's files in the same order, followed
// by the Python test files of the folder's tests/ tree, named by Tests
// (sent once, with the first items: replay's report looks for the
// recordings whose test is gone).
type ReplayAdd struct {
	Items []Item   `json:"items"`
	Tests []string `json:"tests"`
}

// Item is what the index knows of one .json file it read: the fields of a
// replay.Entry that replay's report and lookups use.
type Item struct {
	// Path is the file's path in the folder, '/'-separated; Size its
	// length in bytes.
	Path string `json:"path"`
	Size int    `json:"size"`
	// NotRecording reports a file the index could not read as a
	// recording: the worker reads it again to tell a file that is not a
	// recording (skipped) from a broken one. The fields below are then
	// zero.
	NotRecording bool `json:"not_recording,omitempty"`

	TestID    string           `json:"test_id,omitempty"`
	HasTestID bool             `json:"has_test_id,omitempty"`
	Shape     recordings.Shape `json:"shape,omitempty"`
	// Method, Endpoint, Model, Provider and ToolName are the request's,
	// as recordings.Recording gives them.
	Method    string `json:"method,omitempty"`
	Endpoint  string `json:"endpoint,omitempty"`
	Model     string `json:"model,omitempty"`
	Provider  string `json:"provider,omitempty"`
	ToolName  string `json:"tool_name,omitempty"`
	Streaming bool   `json:"streaming,omitempty"`
	Chunks    int    `json:"chunks,omitempty"`
	// The fields of reqhash.Verify's Check that replay reads; the others
	// (Computed, ExpectedName, the model digests, Note) are not handed
	// over.
	Status     reqhash.Status `json:"status,omitempty"`
	Scheme     string         `json:"scheme,omitempty"`
	FileHash   string         `json:"file_hash,omitempty"`
	ModelList  bool           `json:"model_list,omitempty"`
	ReplayHash string         `json:"replay_hash,omitempty"`
	ReplayName string         `json:"replay_name,omitempty"`
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

// AppendItem appends it to items, the JSON of the items so far (a comma
// first when items is not empty): an object that encoding/json reads back
// as it (strings valid UTF-8). It is written by hand: the page writes one
// for each file while it indexes a folder, where encoding/json's
// reflection would cost more than the index's own work. ReplayAddBody
// wraps them into a ReplayAdd's body.
func AppendItem(items []byte, it *Item) []byte {
	b := items
	if len(b) > 0 {
		b = append(b, ',')
	}
	b = append(b, `{"path":`...)
	b = jsonx.AppendQuote(b, []byte(it.Path))
	b = strconv.AppendInt(append(b, `,"size":`...), int64(it.Size), 10)
	strs := [...]struct{ name, v string }{
		{`,"test_id":`, it.TestID}, {`,"shape":`, string(it.Shape)}, {`,"method":`, it.Method},
		{`,"endpoint":`, it.Endpoint}, {`,"model":`, it.Model}, {`,"provider":`, it.Provider},
		{`,"tool_name":`, it.ToolName}, {`,"scheme":`, it.Scheme}, {`,"file_hash":`, it.FileHash},
		{`,"replay_hash":`, it.ReplayHash}, {`,"replay_name":`, it.ReplayName},
	}
	for _, f := range strs {
		if f.v != "" {
			b = jsonx.AppendQuote(append(b, f.name...), []byte(f.v))
		}
	}
	nums := [...]struct {
		name string
		v    int
	}{{`,"chunks":`, it.Chunks}, {`,"status":`, int(it.Status)}}
	for _, f := range nums {
		if f.v != 0 {
			b = strconv.AppendInt(append(b, f.name...), int64(f.v), 10)
		}
	}
	flags := [...]struct {
		name string
		v    bool
	}{{`,"not_recording":true`, it.NotRecording}, {`,"has_test_id":true`, it.HasTestID},
		{`,"streaming":true`, it.Streaming}, {`,"model_list":true`, it.ModelList}}
	for _, f := range flags {
		if f.v {
			b = append(b, f.name...)
		}
	}
	return append(b, '}')
}

// ReplayAddBody is the body of a ReplayAdd whose items AppendItem wrote
// and whose test files are tests.
func ReplayAddBody(items []byte, tests []string) []byte {
	b := append(append(append(make([]byte, 0, len(items)+64), `{"items":[`...), items...), `],"tests":[`...)
	for i, t := range tests {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonx.AppendQuote(b, []byte(t))
	}
	return append(b, "]}"...)
}
