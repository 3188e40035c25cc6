//go:build js

package main

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// received is a message of the page, as pageworker.Receive read it.
type received struct {
	kind  pageworker.Kind
	body  []byte
	files []js.Value
}

func main() {
	inbox := make(chan received, 1<<16)
	js.Global().Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		k, body, files, err := pageworker.Receive(args[0].Get("data"))
		if err != nil {
			post(&pageworker.Failure{Err: err.Error()}, nil, nil)
			return nil
		}
		inbox <- received{k, body, files}
		return nil
	}))
	post(&pageworker.Ready{}, nil, nil)
	serve(inbox)
}

// serve handles the page's messages in the order posted, by their kind:
// a review runs on a goroutine of its own; a folder's replay messages are
// handled one after the other, here (replay_js.go).
func serve(inbox <-chan received) {
	f := newJSFolder()
	for m := range inbox {
		var err error
		switch m.kind {
		case pageworker.KindReview:
			var r pageworker.Review
			if err = pageworker.Decode(m.kind, m.body, &r); err == nil {
				go handleReview(&r, m.files)
			}
		case pageworker.KindReplayAdd:
			var a pageworker.ReplayAdd
			if err = pageworker.Decode(m.kind, m.body, &a); err == nil {
				f.add(&a, m.files)
			}
		case pageworker.KindReplayReport:
			var q pageworker.ReplayReport
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				f.tree.SetRecordingDir(q.RecordingDir)
				rep := f.report(q.Compare)
				rep.RecordingDir = q.RecordingDir
				head, folds := rep.Panel()
				post(&pageworker.Answer{ID: q.ID, HTML: head, Folds: folds}, nil, nil)
			}
		case pageworker.KindNotFound:
			var q pageworker.NotFound
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				l := f.lookup(q.Text)
				post(&pageworker.Answer{ID: q.ID, HTML: l.HTML()}, nil, nil)
			}
		case pageworker.KindCompare:
			var q pageworker.Compare
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				err = handleCompare(&q, m.files)
			}
		case pageworker.KindCassette:
			var q pageworker.ReadCassette
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				err = handleCassette(&q, m.files)
			}
		default:
			err = fmt.Errorf("the worker's protocol: a %q message the worker does not read", m.kind)
		}
		if err != nil {
			post(&pageworker.Failure{Err: err.Error()}, nil, nil)
		}
	}
}

// post sends m to the page with files, transferring the buffers in
// transfer.
func post(m pageworker.Message, files, transfer []js.Value) {
	if err := pageworker.Post(js.Global(), m, files, transfer); err != nil {
		pageworker.Post(js.Global(), &pageworker.Failure{Err: err.Error()}, nil, nil)
	}
}

// handleCompare compares the two recordings whose bytes are files
// (ArrayBuffers, A then B) and answers q with their Comparison, or with
// why there is none; the error is a message that is not a Compare.
func handleCompare(q *pageworker.Compare, files []js.Value) error {
	if len(files) != 2 {
		return fmt.Errorf("the worker's protocol: a compare message with %d files, not 2", len(files))
	}
	c, err := pageworker.CompareFiles(q.Names, [2][]byte{jsweb.Bytes(files[0]), jsweb.Bytes(files[1])})
	a := &pageworker.Answer{ID: q.ID, Comparison: c}
	if err != nil {
		a.Err = err.Error()
	}
	post(a, nil, nil)
	return nil
}

// handleCassette reads the cassette whose bytes are files[0] (an
// ArrayBuffer) and answers q with its interactions, or with why it is
// not one; the error is a message that is not a ReadCassette.
func handleCassette(q *pageworker.ReadCassette, files []js.Value) error {
	if len(files) != 1 {
		return fmt.Errorf("the worker's protocol: a cassette message with %d files, not 1", len(files))
	}
	c, err := readCassette(q.Name, jsweb.Bytes(files[0]))
	a := &pageworker.Answer{ID: q.ID, Cassette: c}
	if err != nil {
		a.Err = err.Error()
	}
	post(a, nil, nil)
	return nil
}

// handleReview reviews what r names: two folders' files (files, in r's
// order; read here) or a GitHub review (loader.github). It posts Status as
// it goes, then the Report with, for GitHub, the files fetched (their
// buffers transferred: the page opens pairs from them), or a Status that
// says why it failed and a Failure.
func handleReview(r *pageworker.Review, files []js.Value) {
	var st pageworker.Status
	status := func(s pageworker.Status) {
		st = s
		post(&st, nil, nil)
	}
	fail := func(err error) {
		st.Phase, st.Failed = "", err.Error()
		status(st)
		post(&pageworker.Failure{Err: st.Failed}, nil, nil)
	}
	var base, head []review.File
	var err error
	sums := func() ([2]map[string][32]byte, error) { return [2]map[string][32]byte{}, nil }
	l := &loader{get: jsFetch, post: status, now: time.Now}
	if r.GitHub != nil {
		base, head, err = l.github(*r.GitHub)
	} else {
		base, head, sums, err = readFiles(r.Files, files, status)
	}
	if err != nil {
		fail(err)
		return
	}
	n, last := len(base)+len(head), time.Now()
	k := 0
	st.Phase, st.Done, st.Total = "Comparing", 0, n
	status(st)
	rep, err := run(base, head, func() {
		k++
		if time.Since(last) > 50*time.Millisecond {
			last = time.Now()
			st.Done = min(k, n)
			status(st)
		}
	}, sums)
	if err != nil {
		fail(err)
		return
	}
	st.Phase = ""
	status(st)
	var bufs []js.Value
	if r.GitHub != nil {
		for side, tree := range [2][]review.File{base, head} {
			for _, f := range tree {
				rep.Files = append(rep.Files, pageworker.FileRef{Side: pageworker.Sides[side], Path: f.Path})
				if raw, ok := l.raws[[2]string{pageworker.Sides[side], f.Path}].(js.Value); ok {
					bufs = append(bufs, raw) // the download's own buffer
					continue
				}
				buf := js.Global().Get("Uint8Array").New(len(f.Data))
				js.CopyBytesToJS(buf, f.Data)
				bufs = append(bufs, buf.Get("buffer"))
			}
		}
	}
	post(&rep, bufs, bufs)
}

// readFiles reads the folders' files the page posted (refs, and their
// File objects or ArrayBuffers in files) into the two trees, every read
// started at once, as the browser's own floor does (the bytes are all
// kept anyway). Each file's SHA-256 is started in the browser's
// crypto.subtle as its bytes arrive, off this thread, while the review
// runs; sums waits for them (fileSums where crypto.subtle is missing: a
// page served over plain HTTP but from loopback).
func readFiles(refs []pageworker.FileRef, files []js.Value, status func(pageworker.Status)) (base, head []review.File, sums func() ([2]map[string][32]byte, error), err error) {
	if len(refs) != len(files) {
		return nil, nil, nil, fmt.Errorf("the worker's protocol: a review of %d files with %d attached", len(refs), len(files))
	}
	n := len(refs)
	started := make([]js.Value, n)
	for i, d := range files {
		started[i] = d
		if d.Get("arrayBuffer").Type() == js.TypeFunction { // a File or Blob
			started[i] = d.Call("arrayBuffer")
		}
	}
	subtle := js.Global().Get("crypto").Get("subtle")
	digests := !subtle.IsUndefined()
	var sumsOf []any // the digests' promises, in refs' order
	last := time.Now()
	for i, ref := range refs {
		buf := started[i]
		if buf.Get("then").Type() == js.TypeFunction {
			if buf, err = jsweb.Await(buf); err != nil {
				return nil, nil, nil, errors.New(ref.Path + ": cannot read the file: " + err.Error())
			}
		}
		started[i] = js.Undefined()
		if digests {
			sumsOf = append(sumsOf, subtle.Call("digest", "SHA-256", buf))
		}
		rf := review.File{Path: ref.Path, Data: jsweb.Bytes(buf)}
		if ref.Side == pageworker.Sides[0] {
			base = append(base, rf)
		} else {
			head = append(head, rf)
		}
		if time.Since(last) > 50*time.Millisecond || i == n-1 {
			last = time.Now()
			status(pageworker.Status{Phase: "Reading the folders", Done: i + 1, Total: n})
		}
	}
	sums = func() ([2]map[string][32]byte, error) {
		if !digests {
			return fileSums(base, head), nil
		}
		all, err := jsweb.Await(js.Global().Get("Promise").Call("all", sumsOf))
		if err != nil {
			return [2]map[string][32]byte{}, errors.New("the files' digests: " + err.Error())
		}
		out := [2]map[string][32]byte{make(map[string][32]byte, len(base)), make(map[string][32]byte, len(head))}
		for i, ref := range refs {
			var sum [32]byte
			js.CopyBytesToGo(sum[:], js.Global().Get("Uint8Array").New(all.Index(i)))
			side := 0
			if ref.Side != pageworker.Sides[0] {
				side = 1
			}
			out[side][ref.Path] = sum
		}
		return out, nil
	}
	return base, head, sums, nil
}
