package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/recview/recview/recordings"
)

// A folder's indexCache outlives a reload in the browser's IndexedDB
// (browser.KeptPut), as JSON: a keptIndex. It is kept for one folder,
// the last one read through its handle (folderAgain), and only for the
// build that wrote it: another build may read files otherwise.

// keptIndexKey is the IndexedDB key of the kept index.
const keptIndexKey = "index"

// keptIndex is an indexCache as JSON: the folder's name, the build that
// read it (GOAPP_VERSION) and one keptFile per file.
type keptIndex struct {
	Folder  string     `json:"folder"`
	Build   string     `json:"build"`
	Entries []keptFile `json:"entries"`
}

// keptFile is one indexCache entry: its key (indexKey) and what the index
// took from the file (indexed).
type keptFile struct {
	Key     string          `json:"k"`
	Rows    []keptRow       `json:"r,omitempty"`
	Skipped [][2]string     `json:"s,omitempty"` // path and why
	Item    json.RawMessage `json:"i,omitempty"`
}

// keptRow is an indexRow as JSON, all but its place (file).
type keptRow struct {
	K         int    `json:"k,omitempty"`
	Secret    string `json:"secret,omitempty"`
	Path      string `json:"path"`
	TestID    string `json:"test_id,omitempty"`
	Family    string `json:"family,omitempty"`
	Endpoint  string `json:"endpoint,omitempty"`
	Model     string `json:"model,omitempty"`
	Streaming bool   `json:"streaming,omitempty"`
	Chunks    int    `json:"chunks,omitempty"`
	Hash      string `json:"hash,omitempty"`
	Failed    int    `json:"failed,omitempty"`
	Result    string `json:"result,omitempty"`
	Scheme    string `json:"scheme,omitempty"`
	Err       string `json:"err,omitempty"`
	Dup       string `json:"dup,omitempty"`
	Hay       string `json:"hay,omitempty"`
	Skip      string `json:"skip,omitempty"`
}

// marshalKept writes c, the cache of the folder named folder, as a
// keptIndex of build; pause is called between files (browser.Breather),
// so that thousands of them do not hold the page.
func marshalKept(c indexCache, folder, build string, pause func()) ([]byte, error) {
	head, err := json.Marshal(keptIndex{Folder: folder, Build: build})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(head[:len(head)-len(`null}`)]) // `{"folder":…,"entries":` and the entries below
	b.WriteByte('[')
	n := 0
	for key, e := range c {
		kf := keptFile{Key: key, Item: e.item}
		for _, r := range e.rows {
			kf.Rows = append(kf.Rows, keptRow{r.k, r.secret, r.path, r.testID, string(r.family), r.endpoint, r.model, r.streaming, r.chunks, r.hash, r.failed, r.result, r.scheme, r.err, r.dup, r.hay, r.skip})
		}
		for _, s := range e.skipped {
			kf.Skipped = append(kf.Skipped, [2]string{s.path, s.why})
		}
		line, err := json.Marshal(kf)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.Write(line)
		n++
		pause()
	}
	b.WriteString("]}")
	return b.Bytes(), nil
}

// unmarshalKept reads a keptIndex back into a cache, when it is of the
// folder named folder and of build; pause is called between files. A
// kept index of another folder or build is no error: nil, nil.
func unmarshalKept(data []byte, folder, build string, pause func()) (indexCache, error) {
	// The head comes first (marshalKept): a kept index of another folder
	// or build is not decoded further.
	dec := json.NewDecoder(bytes.NewReader(data))
	var toks [7]json.Token // {, "folder", F, "build", B, "entries", [
	for i := range toks {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("the kept index: %v", err)
		}
		toks[i] = tok
	}
	if toks[0] != json.Delim('{') || toks[1] != "folder" || toks[3] != "build" || toks[5] != "entries" || toks[6] != json.Delim('[') {
		return nil, errors.New("the kept index is not one")
	}
	if toks[2] != folder || toks[4] != build {
		return nil, nil
	}
	c := indexCache{}
	for dec.More() {
		var kf keptFile
		if err := dec.Decode(&kf); err != nil {
			return nil, err
		}
		e := indexed{item: []byte(kf.Item)}
		for _, r := range kf.Rows {
			e.rows = append(e.rows, indexRow{k: r.K, secret: r.Secret, path: r.Path, testID: r.TestID, family: recordings.Family(r.Family),
				endpoint: r.Endpoint, model: r.Model, streaming: r.Streaming, chunks: r.Chunks, hash: r.Hash, failed: r.Failed,
				result: r.Result, scheme: r.Scheme, err: r.Err, dup: r.Dup, hay: r.Hay, skip: r.Skip})
		}
		for _, s := range kf.Skipped {
			e.skipped = append(e.skipped, skippedFile{s[0], s[1]})
		}
		c[kf.Key] = e
		pause()
	}
	return c, nil
}
