//go:build js

package main

import (
	"bytes"
	"os"
	"path"
	"strings"
	"syscall/js"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/replay"
)

// loadReadAll defines recviewReadAll as web/worker.js does, from its
// source (everything from its first constant on: the part before starts
// worker.wasm).
func loadReadAll(t *testing.T) {
	t.Helper()
	src, err := os.ReadFile("../../web/worker.js")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte("\nconst jointMax"))
	if i < 0 {
		t.Fatal("web/worker.js has no jointMax")
	}
	js.Global().Set("self", js.Global())
	js.Global().Call("eval", string(src[i:]))
}

// newFile is a File named name holding data.
func newFile(name string, data []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u, data)
	return js.Global().Get("File").New([]any{u}, name)
}

// TestReadFolder: a review folder's files reach the tree as they are,
// read by web/worker.js's recviewReadAll: small Files together (one read
// of a Blob of them, cut into each one's bytes), one over its joint size
// alone, an ArrayBuffer as it is. When a joint read fails because one of
// its files cannot be read, the files before that one are read (each
// alone) and the error names that file, not the first of the read.
func TestReadFolder(t *testing.T) {
	loadReadAll(t)
	// Blob, as the worker's, but counting the Blobs made of more than
	// one part (joint reads) and failing the read of one holding
	// gone.json.
	blob := js.Global().Get("Blob")
	defer js.Global().Set("Blob", blob)
	js.Global().Call("eval", `(() => {
		const B = Blob;
		globalThis.__joint = 0;
		globalThis.Blob = class extends B {
			static [Symbol.hasInstance](x) { return x instanceof B; }
			constructor(parts, opts) {
				super(parts, opts);
				if (parts.length > 1) globalThis.__joint++;
				if (parts.some(p => p.name === "gone.json")) this.arrayBuffer = () => Promise.reject(new Error("a file changed"));
			}
		};
	})()`)
	var datas [][]byte
	for _, p := range []string{
		"4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json",
		"5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json",
		"../tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json",
		"8ce76cb00986647bbb2175d73915eee068824175e094bf70e5d0fe4711550632.json",
	} {
		data, err := os.ReadFile("../../recordings/testdata/corpus/seeds/" + p)
		if err != nil {
			t.Fatal(err)
		}
		datas = append(datas, data)
	}
	if len(datas[2]) <= 1<<20 {
		t.Fatalf("the long stream has %d bytes: want more than the joint read's 1 MiB", len(datas[2]))
	}
	paths := []string{"recordings/a.json", "recordings/b.json", "recordings/big.json", "recordings/c.json"}
	files := []js.Value{newFile("a.json", datas[0]), newFile("b.json", datas[1]), newFile("big.json", datas[2]), js.Global().Get("Uint8Array").New(len(datas[3]))}
	js.CopyBytesToJS(files[3], datas[3])
	files[3] = files[3].Get("buffer")
	f, err := readFolder(&pageworker.ReviewFolder{Side: pageworker.Sides[0], Paths: paths}, files)
	if err != nil {
		t.Fatal(err)
	}
	<-f.done
	if f.err != nil || f.read != len(paths) || len(f.sample) != len(paths) {
		t.Fatalf("read %d files (error %v), want %d", f.read, f.err, len(paths))
	}
	if n := js.Global().Get("__joint").Int(); n != 1 {
		t.Errorf("%d joint reads, want 1 (a.json and b.json)", n)
	}
	for i, s := range f.sample {
		if s.Path != paths[i] || !bytes.Equal(s.Data, datas[i]) {
			t.Errorf("file %d: %s, %d bytes (same: %v), want %s, %d bytes", i, s.Path, len(s.Data), bytes.Equal(s.Data, datas[i]), paths[i], len(datas[i]))
		}
	}

	// gone.json cannot be read, neither with the others nor alone.
	gone := newFile("gone.json", datas[1])
	reject := js.FuncOf(func(js.Value, []js.Value) any {
		return js.Global().Get("Promise").Call("reject", js.Global().Get("Error").New("gone from the disk"))
	})
	defer reject.Release()
	gone.Set("arrayBuffer", reject)
	f, err = readFolder(&pageworker.ReviewFolder{Side: pageworker.Sides[1], Paths: []string{"recordings/a.json", "recordings/gone.json", "recordings/c.json"}},
		[]js.Value{newFile("a.json", datas[0]), gone, newFile("c.json", datas[3])})
	if err != nil {
		t.Fatal(err)
	}
	<-f.done
	if f.read != 1 || f.err == nil || !strings.HasPrefix(f.err.Error(), "recordings/gone.json: cannot read the file") || !strings.Contains(f.err.Error(), "gone from the disk") {
		t.Errorf("read %d files, error %v; want 1 read, then gone.json's own error", f.read, f.err)
	}
}

// TestReportPrefetch: the report with the heavy tests' requests compared,
// of the corpus tree handed over as the page hands it (Items and File
// objects), is the one made from the files read directly, and none of
// the files it compares is read alone (File.arrayBuffer): they are read
// ahead, together (prefetch), and none is kept after.
func TestReportPrefetch(t *testing.T) {
	loadReadAll(t)
	items, data := corpusItems(t, nil)
	alone := 0
	count := js.FuncOf(func(this js.Value, args []js.Value) any {
		alone++
		return js.Global().Get("File").Get("prototype").Get("arrayBuffer").Call("call", this)
	})
	defer count.Release()
	files := make([]js.Value, len(items))
	for i, it := range items {
		files[i] = newFile(path.Base(it.Path), data[it.Path])
		files[i].Set("arrayBuffer", count)
	}
	f := newJSFolder()
	f.add(&pageworker.ReplayAdd{Items: items}, files)
	want := newFolder(func(p string) ([]byte, error) { return data[p], nil }) // the same items, in the same order
	want.add(items)
	compared := 0
	for _, h := range want.tree.Report(replay.ReportOptions{}).Heavy {
		for _, g := range h.Groups {
			if len(g.Entries) > 1 {
				compared++
			}
		}
	}
	if compared == 0 {
		t.Fatal("the corpus's report compares no requests: this tests nothing")
	}
	alone = 0
	got := f.report(true)
	if diff := cmp.Diff(want.report(true), got); diff != "" {
		t.Errorf("report (-read directly +read ahead):\n%s", diff)
	}
	if alone != 0 {
		t.Errorf("%d files read alone, want none: all read ahead", alone)
	}
	if len(f.fetched) != 0 {
		t.Errorf("%d files read ahead kept after the report", len(f.fetched))
	}
}
