//go:build js

package browser

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// walker is web/walk.js's recviewWalk: the folder walks (in a worker of
// their own, web/walkworker.js) and File descriptions done by plain
// JavaScript, where each of the browser's answers costs little (resuming
// Go's scheduler for each held the page's thread for several frames on
// a folder of thousands of files).
func walker() (app.Value, error) {
	w := app.Window().Get("recviewWalk")
	if !w.Truthy() {
		return nil, errors.New("the page's web/walk.js did not load")
	}
	return w, nil
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
// the asking for Files are web/walk.js's (recviewWalk), in a worker: the
// page's collector, finalizing a folder's thousands of handles at once,
// froze the page (docs/dev/performance-notes.md). Go waits for two
// promises and reads the paths, sizes and last changes in a call each.
// It blocks: call it from a goroutine (ctx.Async).
func WalkHandles(promises []app.Value, tests bool) ([]File, bool, error) {
	var roots []app.Value
	for _, p := range promises {
		h, err := Await(p)
		if err != nil || !h.Truthy() {
			return nil, false, nil
		}
		roots = append(roots, h)
	}
	walk, err := walker()
	if err != nil {
		return nil, true, err
	}
	listing, err := Await(walk.Call("list", app.ValueOf(jsArray(roots))))
	if err != nil {
		return nil, true, err
	}
	joined := listing.Get("joined").String()
	if joined == "" {
		walk.Call("forget", listing)
		return nil, true, nil
	}
	var keep []int32
	var names, kept []string
	for i, p := range strings.Split(joined, "\x00") {
		if name := p[strings.LastIndexByte(p, '/')+1:]; Listed(name, tests) {
			keep, names, kept = append(keep, int32(i)), append(names, name), append(kept, p)
		}
	}
	if len(keep) == 0 {
		walk.Call("forget", listing)
		return nil, true, nil
	}
	got, err := Await(walk.Call("files", listing, int32Array(keep)))
	if err != nil {
		return nil, true, err
	}
	return described(got, names, kept), true, nil
}

// FilesOf describes the File objects of a JavaScript array or FileList
// (a file input's): with folder set (a folder input's files) only the
// files Listed keeps (tests included), with their paths in the folder
// (webkitRelativePath), else each under its name. Their names and paths
// come in one call (recviewWalk.named), their sizes and last changes in
// one promise (recviewWalk.stat: the size of a File from an input costs
// the page a lookup of the file, and stat lets the page draw between
// lookups). It blocks: call it from a goroutine (ctx.Async).
func FilesOf(list app.Value, folder bool) ([]File, error) {
	walk, err := walker()
	if err != nil {
		return nil, err
	}
	picked := walk.Call("named", list)
	n := picked.Get("files").Length()
	if n == 0 {
		return nil, nil
	}
	allNames := strings.Split(picked.Get("names").String(), "\x00")
	allPaths := strings.Split(picked.Get("paths").String(), "\x00")
	if len(allNames) != n || len(allPaths) != n {
		return nil, errors.New("a picked file's name holds a NUL")
	}
	var keep []int32
	var names, paths []string
	for i, name := range allNames {
		path := name
		if folder {
			if !Listed(name, true) {
				continue
			}
			if allPaths[i] != "" {
				path = allPaths[i]
			}
		}
		keep, names, paths = append(keep, int32(i)), append(names, name), append(paths, path)
	}
	if len(keep) == 0 {
		return nil, nil
	}
	got, err := Await(walk.Call("stat", picked, int32Array(keep)))
	if err != nil {
		return nil, err
	}
	return described(got, names, paths), nil
}

// described is the Files of a recviewWalk answer got ({files, sizes,
// modified}), named names and found at paths, in that order: a call into
// JavaScript a File, and the page let draw (Breather) meanwhile.
func described(got app.Value, names, paths []string) []File {
	files := got.Get("files")
	sizes, modified := float64s(got.Get("sizes"), len(names)), float64s(got.Get("modified"), len(names))
	refs := make([]File, len(names))
	pause := Breather()
	for i := range refs {
		pause()
		refs[i] = File{JS: files.Index(i), Name: names[i], Path: paths[i], Size: int(sizes[i])}
		if m := modified[i]; !math.IsNaN(m) {
			refs[i].Modified = int64(m)
		}
	}
	return refs
}

// int32Array is a JavaScript Int32Array holding vs, made in one copy
// (NewBuffer).
func int32Array(vs []int32) app.Value {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
	}
	return app.Window().Get("Int32Array").New(NewBuffer(b))
}

// float64s reads n numbers from the JavaScript Float64Array a, in one
// copy (BufferBytes).
func float64s(a app.Value, n int) []float64 {
	b := BufferBytes(a.Get("buffer"))
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}
