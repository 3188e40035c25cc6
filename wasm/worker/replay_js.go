//go:build js

package main

import (
	"errors"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/replayhtml"
)

// The replay side of the worker (docs/replay.md, "In the browser"): the
// page posts pageworker.ReplayAdd as its index reads a folder, then
// ReplayReport once the index is done, and NotFound any number of times;
// serve handles them in order. The folder's files are read here, from
// their File objects, only when needed.

// jsFolder is the folder of the page's index, with its File objects.
type jsFolder struct {
	*folder
	files map[string]js.Value // path -> File
	// fetched holds files read ahead (prefetch), by path: each is
	// served to one read, then dropped.
	fetched map[string][]byte
}

// newJSFolder is an empty folder whose files are read from the File
// objects added with them.
func newJSFolder() *jsFolder {
	f := &jsFolder{files: map[string]js.Value{}, fetched: map[string][]byte{}}
	f.folder = newFolder(func(p string) ([]byte, error) {
		if data, ok := f.fetched[p]; ok {
			delete(f.fetched, p)
			return data, nil
		}
		file, ok := f.files[p]
		if !ok {
			return nil, errors.New(p + ": not a file of the folder")
		}
		buf, err := jsweb.Await(file.Call("arrayBuffer"))
		if err != nil {
			return nil, errors.New(p + ": cannot read the file: " + err.Error())
		}
		return jsweb.Bytes(buf), nil
	})
	f.readAhead = f.prefetch
	return f
}

// add adds what a ReplayAdd hands over: its items, whose File objects
// begin files, then its test files, whose File objects follow.
func (f *jsFolder) add(a *pageworker.ReplayAdd, files []js.Value) {
	for i := range min(len(a.Items), len(files)) {
		f.files[a.Items[i].Path] = files[i]
	}
	f.folder.add(a.Items)
	for i, p := range a.Tests {
		if j := len(a.Items) + i; j < len(files) {
			f.files[p] = files[j]
			f.addTest(p)
		}
	}
}

// prefetchMax is how many bytes of files prefetch reads ahead at most.
const prefetchMax = 64 << 20

// prefetch reads the folder's files at paths at once (web/worker.js's
// recviewReadAll: small files in joint reads), up to prefetchMax bytes
// of them in paths' order, for the reads that follow: each is served
// once from what was read. A file that cannot be read is left to its
// read, which says why. Read one by one, each read a round trip to the
// browser, the heavy tests' hundreds of files took seconds. It blocks
// until the files are read.
func (f *jsFolder) prefetch(paths []string) {
	readAll := js.Global().Get("recviewReadAll")
	if readAll.Type() != js.TypeFunction {
		return // each read reads its file
	}
	var files []any
	var kept []string
	size := 0
	for _, p := range paths {
		file, ok := f.files[p]
		if !ok {
			continue
		}
		if size += file.Get("size").Int(); size > prefetchMax {
			break
		}
		files, kept = append(files, file), append(kept, p)
	}
	if len(files) == 0 {
		return
	}
	outcomes, err := jsweb.Await(readAll.Invoke(js.ValueOf(files)))
	if err != nil {
		return
	}
	for i, p := range kept {
		if o := outcomes.Index(i); o.Get("status").String() == "fulfilled" {
			f.fetched[p] = jsweb.Bytes(o.Get("value"))
		}
	}
}

// report is folder.report, the files it read ahead (prefetch) and left
// unread (a comparison stops at a file it cannot read) dropped after.
func (f *jsFolder) report(compare bool) replayhtml.Report {
	defer clear(f.fetched)
	return f.folder.report(compare)
}
