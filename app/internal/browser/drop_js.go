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
// returns the promises, for StartListing; nil where the browser has no
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
		refs, err = getFiles(refs, files, fileGroup, 1,
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
// microtasks, which never let it: Yield does). ahead is how many groups
// are asked before the first is awaited, 1 or more: more where asking
// costs the page little (FileSystemFileHandle.getFile), not where each
// ask blocks it a while (FileSystemFileEntry.file).
func getFiles[T any](refs []File, files []T, group, ahead int, ask func(T) app.Value, path func(T) string) ([]File, error) {
	var asked []app.Value // an array of promises per group asked, in order
	next := 0             // the first of files not asked for yet
	askGroup := func() {
		if next == len(files) {
			return
		}
		end := min(next+group, len(files))
		a := app.Window().Get("Array").New()
		for _, e := range files[next:end] {
			a.Call("push", ask(e))
		}
		asked, next = append(asked, a), end
	}
	for range ahead {
		askGroup()
	}
	for done := 0; done < len(files); {
		batch, a := files[done:min(done+group, len(files))], asked[0]
		asked = asked[1:]
		askGroup()
		// One wait for the group (Promise.all): each wait is a round trip
		// between Go and the page.
		got, err := Await(app.Window().Get("Promise").Call("all", a))
		if err != nil {
			for i, e := range batch { // which one failed
				if _, err := Await(a.Index(i)); err != nil {
					return refs, fmt.Errorf("%s: %v", path(e), err)
				}
			}
			return refs, err
		}
		for i, e := range batch {
			refs = append(refs, NewFile(got.Index(i), path(e)))
		}
		done += len(batch)
		Yield()
	}
	return refs, nil
}
