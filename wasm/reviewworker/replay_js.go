//go:build js

package main

import (
	"errors"
	"syscall/js"

	"github.com/recview/recview/internal/replayhtml"
	"github.com/recview/recview/internal/replayrows"
)

// The replay side of the worker (docs/replay.md, "In the browser"): the
// page posts, in order,
//
//   - {replayAdd: LINES, files: [File], tests: [File], testPaths: [PATH]}
//     as its index reads a folder: LINES are replayrows.Item lines, files
//     the File objects of the same files in the same order; tests are
//     Python test files (with their paths in testPaths);
//   - {replayReport: ID, compare: BOOL} once the index is done: the
//     worker answers {id: ID, replayReport: HTML}, the report panel
//     (replayhtml.Report), the heavy tests' requests compared if asked;
//   - {notFound: TEXT, id: ID}, any number of times: the worker answers
//     {id: ID, notFound: HTML}, the lookup panel (replayhtml.Lookup).
//
// The messages are handled one after the other, in the order posted, by
// one goroutine; the folder's files are read here, from the File
// objects, only when needed.

// isReplay reports a message of the replay side.
func isReplay(d js.Value) bool {
	return d.Get("replayAdd").Type() == js.TypeString || d.Get("replayReport").Truthy() || d.Get("notFound").Type() == js.TypeString
}

// replayLoop handles the replay messages of one folder, in order.
func replayLoop(msgs <-chan js.Value) {
	files := map[string]js.Value{} // path -> File
	f := newFolder(func(p string) ([]byte, error) {
		file, ok := files[p]
		if !ok {
			return nil, errors.New(p + ": not a file of the folder")
		}
		buf, err := await(file.Call("arrayBuffer"))
		if err != nil {
			return nil, errors.New(p + ": cannot read the file: " + err.Error())
		}
		data := make([]byte, buf.Get("byteLength").Int())
		js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(buf))
		return data, nil
	})
	for d := range msgs {
		switch {
		case d.Get("replayAdd").Type() == js.TypeString:
			items, err := replayrows.ParseItems(d.Get("replayAdd").String())
			if err != nil {
				post(map[string]any{"error": err.Error()}, nil)
				continue
			}
			fs := d.Get("files")
			for i := range min(len(items), length(fs)) {
				files[items[i].Path] = fs.Index(i)
			}
			f.add(items)
			tests, paths := d.Get("tests"), d.Get("testPaths")
			for i := range min(length(tests), length(paths)) {
				p := paths.Index(i).String()
				files[p] = tests.Index(i)
				f.addTest(p)
			}
		case d.Get("replayReport").Truthy():
			rep := f.report(d.Get("compare").Truthy())
			post(map[string]any{"id": d.Get("replayReport"), "replayReport": replayhtml.Report(&rep)}, nil)
		default:
			l := f.lookup(d.Get("notFound").String())
			post(map[string]any{"id": d.Get("id"), "notFound": replayhtml.Lookup(&l)}, nil)
		}
	}
}

// length is the length of a JavaScript array, 0 for anything else.
func length(v js.Value) int {
	if !js.Global().Get("Array").Call("isArray", v).Bool() {
		return 0
	}
	return v.Length()
}
