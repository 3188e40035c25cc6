//go:build js

package browser

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DroppedEntries returns the FileSystemEntry of each file or folder of a
// drop (DataTransferItem.webkitGetAsEntry), and whether any is a folder.
// Call it during the drop event: the items are readable only then.
func DroppedEntries(dt app.Value) ([]app.Value, bool) {
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

// DroppedHandles starts getting the File System Access handle of each
// dropped item (DataTransferItem.getAsFileSystemHandle, Chromium's) and
// returns the promises, for WalkHandles; nil where the browser has no
// such method. Call it during the drop event: the items are readable only
// then.
func DroppedHandles(dt app.Value) []app.Value {
	items := dt.Get("items")
	if !items.Truthy() {
		return nil
	}
	var handles []app.Value
	for i := range items.Get("length").Int() {
		it := items.Index(i)
		if it.Get("kind").String() != "file" {
			continue
		}
		if !it.Get("getAsFileSystemHandle").Truthy() {
			return nil
		}
		handles = append(handles, it.Call("getAsFileSystemHandle"))
	}
	return handles
}

// handleGroup is how many Files WalkHandles asks the browser for at once.
const handleGroup = 64

// WalkHandles lists the .json files (by name, any case), and with tests
// the Python test files (Listed), under dropped
// FileSystemHandle objects (the promises DroppedHandles returned),
// folders recursively: a folder's files in the order the browser lists
// them, then its subfolders, each File's Path relative to the drop. It
// returns ok false when a handle cannot be had, for the caller to walk
// the dropped entries instead (WalkEntries); an error names the folder or
// file that could not be read. It is WalkEntries' faster twin:
// FileSystemFileHandle.getFile costs the page little, where
// FileSystemFileEntry.file blocks it a while on every call. It blocks:
// call it from a goroutine (ctx.Async).
func WalkHandles(promises []app.Value, tests bool) ([]File, bool, error) {
	var roots []app.Value
	for _, p := range promises {
		h, err := Await(p)
		if err != nil || !h.Truthy() {
			return nil, false, nil
		}
		roots = append(roots, h)
	}
	var refs []File
	var walk func(dir string, batch []app.Value) error
	walk = func(dir string, batch []app.Value) error {
		var files, dirs []app.Value
		// Asking thousands of handles their kind and name takes longer
		// than a frame.
		pause := Breather()
		for _, h := range batch {
			pause()
			switch {
			case h.Get("kind").String() == "directory":
				dirs = append(dirs, h)
			case Listed(h.Get("name").String(), tests):
				files = append(files, h)
			}
		}
		var err error
		refs, err = getFiles(refs, files, handleGroup,
			func(h app.Value) app.Value { return h.Call("getFile") },
			func(h app.Value) string { return dir + h.Get("name").String() })
		if err != nil {
			return err
		}
		for _, d := range dirs {
			path := dir + d.Get("name").String() + "/"
			kids, err := listHandles(d)
			if err != nil {
				return fmt.Errorf("%s: %v", strings.TrimSuffix(path, "/"), err)
			}
			if err := walk(path, kids); err != nil {
				return err
			}
		}
		return nil
	}
	return refs, true, walk("", roots)
}

// listBatch is how many entries of a folder listHandles asks for at once.
const listBatch = 128

// listHandles returns the handles in a FileSystemDirectoryHandle, through
// its values() async iterator: listBatch of them per wait (Promise.all
// over as many next() calls; each wait is a round trip between Go and the
// page), with a pause for the page to draw between batches (they come
// as microtasks, which never let it: the whole folder at once, by
// Array.fromAsync, froze the page for several frames).
func listHandles(dir app.Value) ([]app.Value, error) {
	it := dir.Call("values")
	var out []app.Value
	pause := Breather()
	for {
		pause()
		batch := app.Window().Get("Array").New()
		for range listBatch {
			batch.Call("push", it.Call("next"))
		}
		got, err := Await(app.Window().Get("Promise").Call("all", batch))
		if err != nil {
			return nil, err
		}
		for i := range got.Length() {
			r := got.Index(i)
			if r.Get("done").Bool() {
				return out, nil
			}
			out = append(out, r.Get("value"))
		}
	}
}

// fileGroup is how many Files WalkEntries asks the browser for at once.
const fileGroup = 8

// WalkEntries lists the .json files (by name, any case), and with tests
// the Python test files (Listed), under dropped
// FileSystemEntry objects (DroppedEntries), folders recursively: a
// folder's files in the order the browser lists them, then its
// subfolders, each File's Path its entry's fullPath without the leading
// "/". An error names the folder or file that could not be read. It
// blocks: call it from a goroutine (ctx.Async).
func WalkEntries(entries []app.Value, tests bool) ([]File, error) {
	var refs []File
	// walk lists a batch of entries: it asks for the Files of fileGroup
	// .json files at once, then waits for them (one at a time, the round
	// trips add up; many at once freeze the page, since each call blocks
	// it a while), then walks the folders.
	var walk func(batch []app.Value) error
	walk = func(batch []app.Value) error {
		var files, dirs []app.Value
		for _, e := range batch {
			switch {
			case !e.Get("isFile").Bool():
				dirs = append(dirs, e)
			case Listed(e.Get("name").String(), tests):
				files = append(files, e)
			}
		}
		var err error
		refs, err = getFiles(refs, files, fileGroup,
			func(e app.Value) app.Value {
				return NewPromise(func(res, rej app.Value) { e.Call("file", res, rej) })
			},
			func(e app.Value) string { return strings.TrimPrefix(e.Get("fullPath").String(), "/") })
		if err != nil {
			return err
		}
		for _, d := range dirs {
			reader := d.Call("createReader")
			for {
				// readEntries returns the folder's entries in batches, then [].
				got, err := Await(NewPromise(func(res, rej app.Value) { reader.Call("readEntries", res, rej) }))
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

// getFiles asks the browser for the File of each of files, group at a
// time (ask starts the request for one and returns its promise), waits for
// them in order, and appends them to refs under the paths path gives;
// after each group it lets the page draw (settled promises resume Go as
// microtasks, which never let it: Yield does).
func getFiles(refs []File, files []app.Value, group int, ask func(app.Value) app.Value, path func(app.Value) string) ([]File, error) {
	for len(files) > 0 {
		batch := files[:min(group, len(files))]
		files = files[len(batch):]
		asked := app.Window().Get("Array").New()
		for _, e := range batch {
			asked.Call("push", ask(e))
		}
		// One wait for the batch (Promise.all): each wait is a round trip
		// between Go and the page.
		got, err := Await(app.Window().Get("Promise").Call("all", asked))
		if err != nil {
			for i, e := range batch { // which one failed
				if _, err := Await(asked.Index(i)); err != nil {
					return refs, fmt.Errorf("%s: %v", path(e), err)
				}
			}
			return refs, err
		}
		for i, e := range batch {
			refs = append(refs, NewFile(got.Index(i), path(e)))
		}
		Yield()
	}
	return refs, nil
}
