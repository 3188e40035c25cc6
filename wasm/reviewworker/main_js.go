//go:build js

package main

import (
	"encoding/json"
	"errors"
	"syscall/js"
	"time"

	"github.com/recview/recview/internal/reviewrows"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// readAhead is how many files the worker asks the browser to read at
// once.
const readAhead = 32

func main() {
	self := js.Global()
	replays := make(chan js.Value, 1<<16)
	go replayLoop(replays)
	self.Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		d := args[0].Get("data")
		if isReplay(d) {
			replays <- d
		} else {
			go handle(d)
		}
		return nil
	}))
	post(map[string]any{"ready": true}, nil)
	select {}
}

// post sends a message to the page, transferring the buffers listed in
// transfer (nil for none).
func post(msg map[string]any, transfer any) {
	if transfer == nil {
		transfer = js.Global().Get("Array").New()
	}
	js.Global().Call("postMessage", js.ValueOf(msg), transfer)
}

// handle reviews what one message names: {files} (read here) or
// {github: {kind, owner, repo, number, base, head}} (loader.github); it
// posts {status} as it goes, then {report} with, for GitHub, the files
// fetched ({files: [{side, path, data}]}, their buffers transferred: the
// page opens pairs from them), or a status that says why it failed and
// {error}.
func handle(msg js.Value) {
	var st reviewrows.Status
	status := func(s reviewrows.Status) {
		st = s
		data, _ := json.Marshal(s)
		post(map[string]any{"status": string(data)}, nil)
	}
	fail := func(err error) {
		st.Phase, st.Failed = "", err.Error()
		status(st)
		post(map[string]any{"error": st.Failed}, nil)
	}
	var base, head []review.File
	var err error
	if g := msg.Get("github"); g.Truthy() {
		ref := permalink.Review{Kind: permalink.ReviewKind(g.Get("kind").String()), Owner: g.Get("owner").String(), Repo: g.Get("repo").String(),
			Number: g.Get("number").Int(), Base: g.Get("base").String(), Head: g.Get("head").String()}
		l := &loader{get: jsFetch, post: status, now: time.Now}
		base, head, err = l.github(ref)
	} else {
		base, head, err = readFiles(msg.Get("files"), status)
	}
	if err != nil {
		fail(err)
		return
	}
	n, last := len(base)+len(head), time.Now()
	k := 0
	st.Phase, st.Done, st.Total = "Comparing", 0, n
	status(st)
	out, err := run(base, head, func() {
		k++
		if time.Since(last) > 50*time.Millisecond {
			last = time.Now()
			st.Done = min(k, n)
			status(st)
		}
	})
	if err != nil {
		fail(err)
		return
	}
	st.Phase = ""
	status(st)
	files, transfer := js.Global().Get("Array").New(), js.Global().Get("Array").New()
	if msg.Get("github").Truthy() {
		for side, tree := range [2][]review.File{base, head} {
			for _, f := range tree {
				buf := js.Global().Get("Uint8Array").New(len(f.Data))
				js.CopyBytesToJS(buf, f.Data)
				files.Call("push", js.ValueOf(map[string]any{"side": [2]string{"base", "head"}[side], "path": f.Path, "data": buf.Get("buffer")}))
				transfer.Call("push", buf.Get("buffer"))
			}
		}
	}
	post(map[string]any{"report": string(out), "files": files}, transfer)
}

// readFiles reads the files the page posted ([{side, path, data}], data
// a File or an ArrayBuffer), readAhead at once, into the two trees.
func readFiles(files js.Value, status func(reviewrows.Status)) (base, head []review.File, err error) {
	if files.Type() != js.TypeObject {
		return nil, nil, errors.New("review worker: the message has no files")
	}
	n := files.Length()
	started := make([]js.Value, n)
	start := func(i int) {
		if i < n {
			d := files.Index(i).Get("data")
			if d.Get("arrayBuffer").Type() == js.TypeFunction { // a File or Blob
				started[i] = d.Call("arrayBuffer")
			} else {
				started[i] = d
			}
		}
	}
	for i := range min(readAhead, n) {
		start(i)
	}
	last := time.Now()
	for i := range n {
		f := files.Index(i)
		buf := started[i]
		if buf.Get("then").Type() == js.TypeFunction {
			if buf, err = await(buf); err != nil {
				return nil, nil, errors.New(f.Get("path").String() + ": cannot read the file: " + err.Error())
			}
		}
		started[i] = js.Undefined()
		start(i + readAhead)
		data := make([]byte, buf.Get("byteLength").Int())
		js.CopyBytesToGo(data, js.Global().Get("Uint8Array").New(buf))
		rf := review.File{Path: f.Get("path").String(), Data: data}
		if f.Get("side").String() == "base" {
			base = append(base, rf)
		} else {
			head = append(head, rf)
		}
		if time.Since(last) > 50*time.Millisecond || i == n-1 {
			last = time.Now()
			status(reviewrows.Status{Phase: "Reading the folders", Done: i + 1, Total: n})
		}
	}
	return base, head, nil
}

// await waits for a promise and returns its value, or its rejection as an
// error.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.err
}
