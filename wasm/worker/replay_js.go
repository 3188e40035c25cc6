//go:build js

package main

import (
	"errors"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
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
}

// newJSFolder is an empty folder whose files are read from the File
// objects added with them.
func newJSFolder() *jsFolder {
	f := &jsFolder{files: map[string]js.Value{}}
	f.folder = newFolder(func(p string) ([]byte, error) {
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
