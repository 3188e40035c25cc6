package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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

// readDoc reads the file and prepares it as a recording to open (newDoc).
// It blocks: call it from a goroutine, not the UI goroutine.
func (f fileRef) readDoc() (*openDoc, error) {
	data, err := f.readBytes()
	if err != nil {
		return nil, err
	}
	return newDoc(f.name, data)
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
	return copyBuffer(buf), nil
}

// settled returns the bytes of a read startRead started, from its outcome
// as Promise.allSettled gives it ({status, value} or {status, reason}),
// in dst's memory when it is large enough (the index reads one file
// after the other into the same buffer).
func (f fileRef) settled(r app.Value, dst []byte) ([]byte, error) {
	if f.size > maxOpenSize {
		return nil, tooBig(f.path, int64(f.size))
	}
	if r.Get("status").String() != "fulfilled" {
		return nil, fmt.Errorf("%s: cannot read the file: %v", f.path, r.Get("reason").Call("toString").String())
	}
	return copyBufferInto(dst, r.Get("value")), nil
}

// copyBuffer copies the bytes of an ArrayBuffer to Go, copySlice at a
// time with pauses for the page to draw, and releases the buffer.
func copyBuffer(buf app.Value) []byte { return copyBufferInto(nil, buf) }

// copyBufferInto is copyBuffer into dst's memory when it is large enough.
// A buffer of copySlice or less is copied in one call.
func copyBufferInto(dst []byte, buf app.Value) []byte {
	n := buf.Get("byteLength").Int()
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	data := dst[:n]
	view := app.Window().Get("Uint8Array").New(buf)
	if n <= copySlice {
		app.CopyBytesToGo(data, view)
	} else {
		pause := breather()
		for off := 0; off < n; off += copySlice {
			end := min(off+copySlice, n)
			app.CopyBytesToGo(data[off:end], view.Call("subarray", off, end))
			pause()
		}
	}
	releaseBuffer(buf)
	return data
}

// releaseBuffer frees the memory of an ArrayBuffer whose bytes are copied to Go
// (ArrayBuffer.prototype.transfer to length 0 detaches it): the page
// would otherwise keep it until both Go's collector has finalized every
// Value pointing to it and the browser's has run, 50 MB for a 50 MB file.
// Browsers without transfer keep it until then.
func releaseBuffer(buf app.Value) {
	if buf.Get("transfer").Truthy() {
		buf.Call("transfer", 0)
	}
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

// getFiles asks the browser for the File of each of files, group at a
// time (ask starts the request for one and returns its promise), waits for
// them in order, and appends them to refs under the paths path gives;
// after each group it lets the page draw (settled promises resume Go as
// microtasks, which never let it: a message does, yieldToPage).
func getFiles(refs []fileRef, files []app.Value, group int, ask func(app.Value) app.Value, path func(app.Value) string) ([]fileRef, error) {
	for len(files) > 0 {
		batch := files[:min(group, len(files))]
		files = files[len(batch):]
		asked := app.Window().Get("Array").New()
		for _, e := range batch {
			asked.Call("push", ask(e))
		}
		// One wait for the batch (Promise.all): each wait is a round trip
		// between Go and the page.
		got, err := await(app.Window().Get("Promise").Call("all", asked))
		if err != nil {
			for i, e := range batch { // which one failed
				if _, err := await(asked.Index(i)); err != nil {
					return refs, fmt.Errorf("%s: %v", path(e), err)
				}
			}
			return refs, err
		}
		for i, e := range batch {
			refs = append(refs, newFileRef(got.Index(i), path(e)))
		}
		yieldToPage()
	}
	return refs, nil
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
		var err error
		refs, err = getFiles(refs, files, fileGroup,
			func(e app.Value) app.Value {
				return promised(func(res, rej app.Value) { e.Call("file", res, rej) })
			},
			func(e app.Value) string { return strings.TrimPrefix(e.Get("fullPath").String(), "/") })
		if err != nil {
			return err
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
