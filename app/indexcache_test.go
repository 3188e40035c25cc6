package app

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// TestIndexCache: a file is taken from the cache only with the same path,
// size and last change; a file without a last change is never kept; the
// rows come back without their old place; the Item lines the cache gives
// back join the others into JSON the worker reads, whatever their order.
func TestIndexCache(t *testing.T) {
	f := browser.File{Path: "d/a.json", Name: "a.json", Size: 10, Modified: 1700000000000}
	c := indexCache{}
	var items []byte
	items = pageworker.AppendItem(items, &pageworker.Item{Path: "d/z.json", Size: 3})
	mark := len(items)
	items = pageworker.AppendItem(items, &pageworker.Item{Path: f.Path, Size: f.Size})
	c.put(f, []indexRow{{file: 7, path: f.Path}}, nil, items[mark:])

	e, ok := c.get(f)
	if !ok || len(e.rows) != 1 || e.rows[0].file != 0 || e.rows[0].path != f.Path {
		t.Fatalf("get(f) = %+v, %v: want its one row, without its old place", e, ok)
	}
	for _, g := range []browser.File{
		{Path: f.Path, Size: 11, Modified: f.Modified},
		{Path: f.Path, Size: f.Size, Modified: f.Modified + 1},
		{Path: "e/a.json", Size: f.Size, Modified: f.Modified},
	} {
		if _, ok := c.get(g); ok {
			t.Errorf("get(%+v) hit the entry of %+v", g, f)
		}
	}
	undated := browser.File{Path: "d/b.json", Size: 1}
	c.put(undated, []indexRow{{path: undated.Path}}, nil, nil)
	if _, ok := c.get(undated); ok || len(c) != 1 {
		t.Errorf("a file without a last change was kept (%d entries)", len(c))
	}

	for _, before := range [][]byte{nil, pageworker.AppendItem(nil, &pageworker.Item{Path: "d/y.json"})} {
		joined := e.appendItem(before)
		var got []pageworker.Item
		if err := json.Unmarshal(append(append([]byte{'['}, joined...), ']'), &got); err != nil || got[len(got)-1].Path != f.Path || len(got) != 1+min(len(before), 1) {
			t.Errorf("items %q joined with the cached one: %q, %v", before, joined, err)
		}
	}
}

// TestKeptIndex: a folder's cache written as JSON for IndexedDB reads
// back whole (every field of a row, a file listed apart, an Item line),
// for its folder and build only; bytes that are no kept index are an
// error, not a cache.
func TestKeptIndex(t *testing.T) {
	row := indexRow{k: 2, secret: "sk-…", path: "d/c.yaml#2", testID: "t::x", family: "openai-chat", endpoint: "POST /v1/chat/completions",
		model: "gpt-4o", streaming: true, chunks: 9, hash: "ok", failed: 500, result: "error", scheme: "current", err: "e", dup: "\"a\" twice", hay: "hay", skip: ""}
	c := indexCache{
		"d/c.yaml\x001\x002": {rows: []indexRow{row}},
		"d/n.json\x003\x004": {skipped: []skippedFile{{"d/n.json", "not a recording: …"}}},
		"d/a.json\x005\x006": {rows: []indexRow{{path: "d/a.json", hash: "ok"}}, item: []byte(`{"path":"d/a.json","size":5}`)},
	}
	if n, m := reflect.TypeFor[indexRow]().NumField(), reflect.TypeFor[keptRow]().NumField(); n != m+1 {
		t.Fatalf("indexRow has %d fields, keptRow %d: keptRow must keep every one but file", n, m)
	}
	pauses := 0
	data, err := marshalKept(c, "recordings", "b1", func() { pauses++ })
	if err != nil || pauses != len(c) {
		t.Fatalf("marshalKept: %v, %d pauses", err, pauses)
	}
	got, err := unmarshalKept(data, "recordings", "b1", func() {})
	if err != nil {
		t.Fatalf("unmarshalKept: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("read back %+v\nwant %+v", got, c)
	}
	for _, other := range [][2]string{{"other", "b1"}, {"recordings", "b2"}} {
		if got, err := unmarshalKept(data, other[0], other[1], func() {}); got != nil || err != nil {
			t.Errorf("the kept index of recordings, b1 read for %q: %v, %v", other, got, err)
		}
	}
	for _, bad := range []string{"", "[]", `{"entries":[]}`, string(data[:len(data)/2])} {
		if got, err := unmarshalKept([]byte(bad), "recordings", "b1", func() {}); err == nil {
			t.Errorf("unmarshalKept(%q) = %v, want an error", bad, got)
		}
	}
}
