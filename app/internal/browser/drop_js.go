//go:build js

package browser

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"syscall/js"

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

// WalkHandles lists the .json files (by name, any case), and with tests
// the Python test files (Listed), under dropped
// FileSystemHandle objects (the promises DroppedHandles returned),
// folders recursively: a folder's files in the order the browser lists
// them, then its subfolders', each File's Path relative to the drop. It
// returns ok false when a handle cannot be had, for the caller to walk
// the dropped entries instead (WalkEntries); an error names the folder or
// file that could not be read. It is WalkEntries' faster twin:
// FileSystemFileHandle.getFile costs the page little, where
// FileSystemFileEntry.file blocks it a while on every call. The walk and
// the asking for Files are web/walk.js's (recviewWalk), plain JavaScript:
// Go waits for its two promises and reads the paths, sizes and last
// changes in a call each. It blocks: call it from a goroutine (ctx.Async).
func WalkHandles(promises []app.Value, tests bool) ([]File, bool, error) {
	var roots []app.Value
	for _, p := range promises {
		h, err := Await(p)
		if err != nil || !h.Truthy() {
			return nil, false, nil
		}
		roots = append(roots, h)
	}
	walk := app.Window().Get("recviewWalk")
	if !walk.Truthy() {
		return nil, true, errors.New("the page's web/walk.js did not load")
	}
	listing, err := Await(walk.Call("list", app.ValueOf(jsArray(roots))))
	if err != nil {
		return nil, true, err
	}
	joined := listing.Get("joined").String()
	if joined == "" {
		return nil, true, nil
	}
	paths := strings.Split(joined, "\x00")
	var keep []int32
	var kept []string
	for i, p := range paths {
		if Listed(p[strings.LastIndexByte(p, '/')+1:], tests) {
			keep = append(keep, int32(i))
			kept = append(kept, p)
		}
	}
	if len(keep) == 0 {
		return nil, true, nil
	}
	got, err := Await(walk.Call("files", listing, app.ValueOf(int32Array(keep))))
	if err != nil {
		return nil, true, err
	}
	files := got.Get("files")
	sizes, modified := float64s(got.Get("sizes"), len(keep)), float64s(got.Get("modified"), len(keep))
	refs := make([]File, len(keep))
	pause := Breather()
	for i, p := range kept {
		pause()
		refs[i] = File{JS: files.Index(i), Name: p[strings.LastIndexByte(p, '/')+1:], Path: p, Size: int(sizes[i])}
		if m := modified[i]; !math.IsNaN(m) {
			refs[i].Modified = int64(m)
		}
	}
	return refs, true, nil
}

// int32Array is a JavaScript Int32Array holding vs, made in one copy.
func int32Array(vs []int32) js.Value {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
	}
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return js.Global().Get("Int32Array").New(u8.Get("buffer"))
}

// float64s reads n numbers from the JavaScript Float64Array a, in one
// copy.
func float64s(a app.Value, n int) []float64 {
	b := make([]byte, 8*n)
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(jsOf(a).Get("buffer")))
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
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
