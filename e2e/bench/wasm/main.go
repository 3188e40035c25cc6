//go:build js

// Command wasm is the recview side of make bench's in-browser comparison
// (e2e/bench_test.go): it exposes recviewAssemble(Uint8Array) to the
// benchmark page, which decodes a recording file with recordings.Parse,
// assembles its stream with recordings.Assemble and returns the first
// choice's message content, the same core the viewer runs.
package main

import (
	"syscall/js"

	"github.com/recview/recview/recordings"
)

func main() {
	js.Global().Set("recviewAssemble", js.FuncOf(func(this js.Value, args []js.Value) any {
		data := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(data, args[0])
		r, err := recordings.Parse("bench.json", data)
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
