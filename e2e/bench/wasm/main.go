//go:build js

// Command wasm is the recview side of make bench's in-browser comparison
// (e2e/bench_test.go). It exposes two functions to the benchmark page, each
// taking a recording file as a Uint8Array and returning the first choice's
// assembled message content:
//
//   - recviewOpen decodes and folds the file the way the viewer opens one
//     (app.newDoc): ParseInSlices, NewStepperInSlices and the last step's
//     Result, with the collector held off for a file of 1 MB or more
//     (gchold: collecting only past 16 MB of garbage, and once when the
//     hold ends, which is counted here);
//   - recviewAssemble is the bare core with the collector left running:
//     recordings.Parse and recordings.Assemble.
package main

import (
	"syscall/js"

	"github.com/recview/recview/internal/base/gchold"
	"github.com/recview/recview/recordings"
)

func main() {
	js.Global().Set("recviewOpen", js.FuncOf(func(this js.Value, args []js.Value) any {
		return open(bytesOf(args[0]))
	}))
	js.Global().Set("recviewAssemble", js.FuncOf(func(this js.Value, args []js.Value) any {
		r, err := recordings.Parse("bench.json", bytesOf(args[0]))
		if err != nil {
			return "error: " + err.Error()
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(v.GetStringBytes("choices", "0", "message", "content"))
	}))
	select {}
}

// bytesOf copies a Uint8Array into Go.
func bytesOf(a js.Value) []byte {
	data := make([]byte, a.Get("length").Int())
	js.CopyBytesToGo(data, a)
	return data
}

// open is what app.newDoc does to decode and fold a file, minus the
// request hash and the conversation, with no pauses (the page's pauses
// also hand the thread to the browser).
func open(data []byte) string {
	if len(data) >= gchold.MinSize {
		defer gchold.Hold()()
	}
	r, s, err := recordings.ParseInSlices("bench.json", data, gchold.Collect)
	if err != nil {
		return "error: " + err.Error()
	}
	if s == nil {
		if s, err = recordings.NewStepperInSlices(r, gchold.Collect); err != nil {
			return "error: " + err.Error()
		}
	}
	s.Seek(s.Len())
	if err := s.Err(); err != nil {
		return "error: " + err.Error()
	}
	return string(s.Result().GetStringBytes("choices", "0", "message", "content"))
}
