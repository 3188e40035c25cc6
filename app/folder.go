package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// fileRef is a local file to read: a File object and the path it has in a
// dropped or picked folder ("" for a loose file).
type fileRef struct {
	file app.Value
	name string // the file's name
	path string // folder/relative/name.json, or the name
	size int    // bytes
}

func newFileRef(f app.Value, path string) fileRef {
	name := f.Get("name").String()
	if path == "" {
		path = name
	}
	return fileRef{file: f, name: name, path: path, size: f.Get("size").Int()}
}

// readBytes reads a file's bytes (File.arrayBuffer: no text decoding, so a
// binary file reaches the parser as it is). It blocks: call it from a
// goroutine, not the UI goroutine.
func (f fileRef) readBytes() ([]byte, error) {
	return f.bytes(f.startRead())
}

// startRead starts reading the file (File.arrayBuffer); bytes waits for
// the read. Starting several reads before waiting for the first lets the
// browser read them at once. A file larger than maxOpenSize is not read:
// the promise is null.
func (f fileRef) startRead() app.Value {
	if f.size > maxOpenSize {
		return app.Null()
	}
	return f.file.Call("arrayBuffer")
}

// bytes waits for a read startRead started and copies the bytes to Go.
func (f fileRef) bytes(read app.Value) ([]byte, error) {
	if read.IsNull() {
		return nil, tooBig(f.path, int64(f.size))
	}
	buf, err := await(read)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the file: %v", f.path, err)
	}
	data := make([]byte, buf.Get("byteLength").Int())
	view := app.Window().Get("Uint8Array").New(buf)
	pause := breather()
	for off := 0; off < len(data); off += copySlice {
		end := min(off+copySlice, len(data))
		app.CopyBytesToGo(data[off:end], view.Call("subarray", off, end))
		pause()
	}
	return data, nil
}

// copySlice is how many bytes of a file bytes copies into Go at once: a
// 50 MB copy in one piece froze the page 0.4 s.
const copySlice = 4 << 20

// await blocks the calling goroutine until the JavaScript promise p
// settles, and returns its value or its rejection as an error.
func await(p app.Value) (app.Value, error) {
	type result struct {
		v   app.Value
		err error
	}
	ch := make(chan result, 1)
	var then, catch app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	catch = app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- result{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.err
}

// promised calls start(resolve, reject) inside new Promise(...): it turns
// the callback APIs of dropped folders into promises for await.
func promised(start func(resolve, reject app.Value)) app.Value {
	exec := app.FuncOf(func(this app.Value, args []app.Value) any {
		start(args[0], args[1])
		return nil
	})
	defer exec.Release() // the executor runs synchronously in the constructor
	return app.Window().Get("Promise").New(exec)
}

// fileGroup is how many Files walkEntries asks the browser for at once.
const fileGroup = 8

// walkEntries lists the .json files under dropped FileSystemEntry objects
// (DataTransferItem.webkitGetAsEntry), folders recursively: a folder's
// files in the order the browser lists them, then its subfolders. It
// blocks: call it from a goroutine.
func walkEntries(entries []app.Value) ([]fileRef, error) {
	var refs []fileRef
	// walk lists a batch of entries: it asks for the Files of fileGroup
	// .json files at once, then waits for them (one at a time, 3,000 files
	// took 4 s of round trips; a hundred at once froze the page for most
	// of a second, since each call blocks the page a few milliseconds),
	// then walks the folders.
	var walk func(batch []app.Value) error
	walk = func(batch []app.Value) error {
		var files, dirs []app.Value
		for _, e := range batch {
			switch {
			case !e.Get("isFile").Bool():
				dirs = append(dirs, e)
			case strings.HasSuffix(strings.ToLower(e.Get("name").String()), ".json"):
				files = append(files, e)
			}
		}
		for len(files) > 0 {
			group := files[:min(fileGroup, len(files))]
			files = files[len(group):]
			asked := make([]app.Value, len(group))
			for i, e := range group {
				asked[i] = promised(func(res, rej app.Value) { e.Call("file", res, rej) })
			}
			for i, e := range group {
				f, err := await(asked[i])
				if err != nil {
					return fmt.Errorf("%s: %v", e.Get("fullPath").String(), err)
				}
				refs = append(refs, newFileRef(f, strings.TrimPrefix(e.Get("fullPath").String(), "/")))
			}
			// Settled promises resume us as microtasks, which never let
			// the page draw: a timer does.
			time.Sleep(time.Millisecond)
		}
		for _, d := range dirs {
			reader := d.Call("createReader")
			for {
				// readEntries returns the folder's entries in batches, then [].
				got, err := await(promised(func(res, rej app.Value) { reader.Call("readEntries", res, rej) }))
				if err != nil {
					return fmt.Errorf("%s: %v", d.Get("fullPath").String(), err)
				}
				n := got.Get("length").Int()
				if n == 0 {
					break
				}
				next := make([]app.Value, n)
				for i := range n {
					next[i] = got.Index(i)
				}
				if err := walk(next); err != nil {
					return err
				}
			}
		}
		return nil
	}
	err := walk(entries)
	return refs, err
}

// folderIndex is the index of many files: one row per file, filled in as
// the files are read.
type folderIndex struct {
	files   []fileRef
	rows    []indexRow // rows[i] is files[i]; len(rows) is how many are read
	version int        // bumped on every change, so the Index renders again
	started time.Time
	took    time.Duration // how long reading all took, once done
}

// done reports whether every file is read.
func (ix *folderIndex) done() bool { return len(ix.rows) == len(ix.files) }

// indexRow is what the index shows of one file.
type indexRow struct {
	path      string
	testID    string
	family    recordings.Family
	model     string
	streaming bool
	chunks    int
	hash      string // ok, mismatch, unknown, or "error" when it is not a recording
	scheme    string
	err       string // why the file is not a recording
	hay       string // the row's text, lower case, for the filter
}

// summarize parses a file and keeps what the index shows of it; the
// parsed recording itself is dropped (a whole folder does not stay in
// memory: a row reads its file again when opened).
func summarize(f fileRef, data []byte, err error) indexRow {
	row := indexRow{path: f.path}
	var rec *recordings.Recording
	if err == nil {
		rec, err = recordings.Parse(f.name, data)
	}
	if err != nil {
		row.hash, row.err = "error", err.Error()
		row.hay = strings.ToLower(row.path + "\x00error\x00" + row.err)
		return row
	}
	row.testID, row.family, row.model = rec.TestID, rec.Family, rec.Model
	row.streaming, row.chunks = rec.Streaming, len(rec.Chunks)
	h := recordings.VerifyHash(f.name, rec.Doc)
	row.hash, row.scheme = h.Status.String(), h.Scheme
	row.hay = strings.ToLower(strings.Join([]string{row.path, row.testID, string(row.family), row.family.Title(), row.model, row.hash, row.scheme}, "\x00"))
	return row
}

// indexFiles shows the index of files and reads them in the background,
// readBatch files at a time, publishing the rows read so far every 250 ms.
// A wait for a read that has already settled resumes as a microtask,
// which lets the page draw nothing, so it also pauses after every 10 ms of
// work (breather), so 16 files are not parsed and hashed in one go.
func (v *Viewer) indexFiles(files []fileRef) {
	ix := &folderIndex{files: files, rows: make([]indexRow, 0, len(files)), started: time.Now()}
	v.index, v.view, v.err = ix, viewIndex, ""
	ctx := v.ctx
	ctx.Async(func() {
		rows := make([]indexRow, 0, len(files))
		last := time.Now()
		reads := make([]app.Value, len(files))
		pause := breather()
		for i, f := range files {
			if i%readBatch == 0 {
				for j := i; j < min(i+readBatch, len(files)); j++ {
					reads[j] = files[j].startRead()
				}
			}
			data, err := f.bytes(reads[i])
			reads[i] = app.Undefined()
			rows = append(rows, summarize(f, data, err))
			pause()
			if i == len(files)-1 || time.Since(last) > 250*time.Millisecond {
				last = time.Now()
				read := rows[:len(rows):len(rows)]
				ctx.Dispatch(func(ctx app.Context) {
					ix.rows = read
					ix.version++
					if ix.done() {
						ix.took = time.Since(ix.started)
					}
				})
			}
		}
	})
}

// readBatch is how many files the index asks the browser to read at once.
const readBatch = 16

// openRow reads the file of index row i again and opens it.
func (v *Viewer) openRow(i int) {
	if v.index == nil || i < 0 || i >= len(v.index.files) {
		return
	}
	f := v.index.files[i]
	v.loading = f.path
	ctx := v.ctx
	ctx.Async(func() {
		data, err := f.readBytes()
		var d *openDoc
		if err == nil {
			d, err = newDoc(f.name, data)
		}
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open(ctx, []*openDoc{d})
		})
	})
}

// droppedEntries returns the FileSystemEntry of each dropped item, and
// whether any is a folder.
func droppedEntries(dt app.Value) ([]app.Value, bool) {
	items := dt.Get("items")
	if !items.Truthy() {
		return nil, false
	}
	var entries []app.Value
	folder := false
	for i := range items.Get("length").Int() {
		it := items.Index(i)
		if it.Get("kind").String() != "file" || !it.Get("webkitGetAsEntry").Truthy() {
			continue
		}
		e := it.Call("webkitGetAsEntry")
		if !e.Truthy() {
			continue
		}
		folder = folder || e.Get("isDirectory").Bool()
		entries = append(entries, e)
	}
	return entries, folder
}

// indexEntries lists the .json files of dropped folders and indexes them.
func (v *Viewer) indexEntries(entries []app.Value) {
	ctx := v.ctx
	ctx.Dispatch(func(ctx app.Context) { v.loading = "the dropped folder" })
	ctx.Async(func() {
		refs, err := walkEntries(entries)
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if err != nil {
				v.fail(err)
				return
			}
			if len(refs) == 0 {
				v.fail(errors.New("the dropped folder holds no .json files"))
				return
			}
			v.indexFiles(refs)
		})
	})
}

// compareRows reads the files of two index rows, opens them, and shows
// their comparison.
func (v *Viewer) compareRows(rows [2]int) {
	ix := v.index
	if ix == nil || min(rows[0], rows[1]) < 0 || max(rows[0], rows[1]) >= len(ix.files) {
		return
	}
	v.loading = "two files to compare"
	ctx := v.ctx
	ctx.Async(func() {
		var docs [2]*openDoc
		var err error
		for k, i := range rows {
			f := ix.files[i]
			var data []byte
			if data, err = f.readBytes(); err == nil {
				docs[k], err = newDoc(f.name, data)
			}
			if err != nil {
				break
			}
		}
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open(ctx, docs[:])
			v.compareDocs(len(v.docs)-2, len(v.docs)-1)
			v.view = viewDiff
		})
	})
}
