package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handleGroup is how many Files walkHandles asks the browser for at once.
const handleGroup = 64

// droppedHandles starts getting the File System Access handle of each
// dropped item (DataTransferItem.getAsFileSystemHandle, Chromium's), which
// must be asked for during the drop event; it returns nil where the
// browser has no such method.
func droppedHandles(dt app.Value) []app.Value {
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

// walkHandles lists the .json files under dropped FileSystemHandle
// objects (the promises droppedHandles returned), folders recursively: a
// folder's files in the order the browser lists them, then its
// subfolders. It returns false when a handle cannot be had, for the caller
// to walk the dropped entries instead. It blocks: call it from a
// goroutine.
//
// It is walkEntries' faster twin: FileSystemFileHandle.getFile costs the
// page little, where FileSystemFileEntry.file blocks it a few milliseconds
// a call. In headless Chromium, for a folder of 3,000 files: 0.7 s to list
// the folder and get every File, against 4.0 s with the entries.
func walkHandles(promises []app.Value) ([]fileRef, bool, error) {
	var roots []app.Value
	for _, p := range promises {
		h, err := await(p)
		if err != nil || !h.Truthy() {
			return nil, false, nil
		}
		roots = append(roots, h)
	}
	var refs []fileRef
	var walk func(dir string, batch []app.Value) error
	walk = func(dir string, batch []app.Value) error {
		var files, dirs []app.Value
		// Asking 3,000 handles their kind and name takes 80 to 90 ms.
		pause := breather()
		for _, h := range batch {
			pause()
			switch {
			case h.Get("kind").String() == "directory":
				dirs = append(dirs, h)
			case strings.HasSuffix(strings.ToLower(h.Get("name").String()), ".json"):
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

// listHandles returns the handles in a FileSystemDirectoryHandle, through
// its values() async iterator: listBatch of them per wait (Promise.all
// over as many next() calls; each wait is a round trip between Go and the
// page), with a pause for the page to draw between batches (they come
// as microtasks, which never let it: the whole folder at once, by
// Array.fromAsync, froze the page 120 to 145 ms for 3,000 files).
func listHandles(dir app.Value) ([]app.Value, error) {
	it := dir.Call("values")
	var out []app.Value
	pause := breather()
	for {
		pause()
		batch := app.Window().Get("Array").New()
		for range listBatch {
			batch.Call("push", it.Call("next"))
		}
		got, err := await(app.Window().Get("Promise").Call("all", batch))
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

// listBatch is how many entries of a folder listHandles asks for at once.
const listBatch = 128
