//go:build js

package browser

import (
	"encoding/binary"
	"errors"
	"fmt"
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

// Walking is a folder walk under way (StartListing): Wait gives its
// Listing.
type Walking struct {
	walked app.Value // recviewWalk.walk's promise of the walk
	asked  app.Value // its promise of the walk asked of the worker
	err    error     // why the walk could not be asked for
}

// StartListing asks at once for the walk of dropped FileSystemHandle
// objects (the promises DroppedHandles returned), without waiting for
// anything: the walk's worker has it as soon as the browser settles the
// promises, not once the page has drawn what the caller dispatched
// meanwhile. Wait gives its outcome.
//
// The walk lists the .json files (by name, any case), and with tests
// the Python test files (Listed), folders recursively: a folder's files
// in the order the browser lists them, then its subfolders', each
// File's Path relative to the drop, the test files after all the others
// (Listing). It is WalkEntries' faster twin:
// FileSystemFileHandle.getFile costs the page little, where
// FileSystemFileEntry.file blocks it a while on every call. The walk,
// its filter (Listed's twin) and the asking for Files are web/walk.js's
// (recviewWalk.walk), in a worker: the page's collector, finalizing a
// folder's thousands of handles at once, froze the page
// (docs/dev/performance-notes.md). Go waits for one promise for the
// listing and its first Files, then one per batch, and reads the paths,
// sizes and last changes in a call each.
func StartListing(promises []app.Value, tests bool) Walking {
	if len(promises) == 0 {
		return Walking{}
	}
	walk, err := walker()
	if err != nil {
		return Walking{err: err}
	}
	var suffixes []any
	for _, s := range ListedSuffixes() {
		suffixes = append(suffixes, s)
	}
	w := walk.Call("walk", app.ValueOf(jsArray(promises)), suffixes, tests)
	return Walking{walked: w.Get("walked"), asked: w.Get("asked")}
}

// Asked returns once the walk is asked of the walk's worker, which waits
// for the browser to give the drop's handles: a page that draws only
// then leaves the thread to those answers. It returns at once for a walk
// that could not be asked for. It blocks: call it from a goroutine.
func (w Walking) Asked() {
	if w.asked != nil {
		Await(w.asked)
	}
}

// Wait returns the walk's Listing, with the first batch of its File
// objects described, the rest to come (Listing.Describe). It returns ok
// false when there were no promises or a handle cannot be had (a
// browser without getAsFileSystemHandle), for the caller to walk the
// dropped entries instead (WalkEntries); an error names the folder that
// could not be listed. It blocks: call it from a goroutine (ctx.Async).
func (w Walking) Wait() (*Listing, bool, error) {
	if w.err != nil {
		return nil, true, w.err
	}
	if w.walked == nil {
		return nil, false, nil
	}
	walked, err := Await(w.walked)
	if err != nil {
		return nil, true, err
	}
	if walked.Get("unavailable").Truthy() {
		return nil, false, nil
	}
	l := &Listing{Tests: walked.Get("tests").Int()}
	if joined := walked.Get("joined").String(); joined != "" {
		paths := strings.Split(joined, "\x00")
		l.Files = make([]File, len(paths))
		for i, p := range paths {
			l.Files[i] = File{Name: p[strings.LastIndexByte(p, '/')+1:], Path: p}
		}
	}
	if l.Tests > len(l.Files) {
		return nil, true, errors.New("the folder's walk counted more test files than it listed")
	}
	next := walked.Get("next")
	l.next = func(files []File) (int, bool, error) {
		got, err := Await(next.Invoke())
		if err != nil {
			return 0, false, err
		}
		return described(got, files), got.Get("last").Bool(), nil
	}
	l.forget = func() { walked.Call("forget") }
	first := walked.Get("first")
	l.ready = described(first, l.Files)
	if first.Get("last").Bool() {
		l.next = nil
	}
	return l, true, nil
}

// WaitAll is Wait's files, every one described: the first that could
// not be had is its error, named by its path (a review reads them all).
// It blocks: call it from a goroutine (ctx.Async).
func (w Walking) WaitAll() ([]File, bool, error) {
	l, ok, err := w.Wait()
	if !ok || err != nil {
		return nil, ok, err
	}
	l.Describe(len(l.Files))
	for _, f := range l.Files {
		if f.Err != nil {
			return nil, true, fmt.Errorf("%s: %w", f.Path, f.Err)
		}
	}
	return l.Files, true, nil
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
	refs := make([]File, len(keep))
	for i := range refs {
		refs[i] = File{Name: names[i], Path: paths[i]}
	}
	described(got, refs)
	return refs, nil
}

// described fills in files, from the first, with a recviewWalk answer
// got ({files, sizes, modified, failed}): each File object, size and
// last change, or why there is none (failed: [[place, message]]), and
// returns how many it filled in: a call into JavaScript a File, and the
// page let draw (Breather) meanwhile.
func described(got app.Value, files []File) int {
	objs := got.Get("files")
	n := min(objs.Length(), len(files))
	sizes, modified := float64s(got.Get("sizes"), n), float64s(got.Get("modified"), n)
	pause := Breather()
	for i := range n {
		pause()
		f := &files[i]
		f.JS, f.Size = objs.Index(i), int(sizes[i])
		if m := modified[i]; !math.IsNaN(m) {
			f.Modified = int64(m)
		}
	}
	if failed := got.Get("failed"); failed.Truthy() {
		for i := range failed.Length() {
			at := failed.Index(i)
			if k := at.Index(0).Int(); k < n {
				files[k].Err = errors.New(at.Index(1).String())
			}
		}
	}
	return n
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
