//go:build js

package main

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/review"
)

// folderRead is one folder of a two-folder review, read as soon as the
// page gives it (ReviewFolder): every file's read started at once, each
// file added to the side's review.Tree (parsed and name-checked) once
// all are read, and its SHA-256 (for the pairs' digests: viewed marks
// and decisions) started as it is added (sumSet).
type folderRead struct {
	side  int
	paths []string
	done  chan struct{} // closed when every file is read, or on err

	mu      sync.Mutex
	tree    *review.Tree
	sums    *sumSet
	read    int // files added to tree so far
	err     error
	stopped bool
	// sample is the first warmFiles files added to tree, for warmReview.
	sample []review.File
	// paired is set once the other side's folder is given too (pair):
	// the review is coming, warming for it ends.
	paired bool
}

// readFolder starts reading the folder of m, whose File objects (or
// ArrayBuffers) are files, in m.Paths' order. The error is a message that
// is not a folder of the protocol.
func readFolder(m *pageworker.ReviewFolder, files []js.Value) (*folderRead, error) {
	side := -1
	for i, s := range pageworker.Sides {
		if m.Side == s {
			side = i
		}
	}
	switch {
	case side < 0:
		return nil, fmt.Errorf("the worker's protocol: a folder of side %q", m.Side)
	case len(m.Paths) != len(files):
		return nil, fmt.Errorf("the worker's protocol: a folder of %d files with %d attached", len(m.Paths), len(files))
	}
	f := &folderRead{side: side, paths: m.Paths, done: make(chan struct{}), sums: newSumSet(),
		tree: review.NewTree([2]review.Side{review.Base, review.Head}[side])}
	readAll := js.Global().Get("recviewReadAll")
	if readAll.Type() != js.TypeFunction {
		return nil, errors.New("the worker's web/worker.js has no recviewReadAll")
	}
	go f.readAll(readAll.Invoke(js.ValueOf(toAny(files))))
	return f, nil
}

// readAll adds each file to the tree, in order, once the browser has
// read them all (reads, web/worker.js's recviewReadAll: plain
// JavaScript starts every read and waits for them, Promise.allSettled).
// Started from Go one by one and awaited one by one, as each arrived,
// the reads of a folder of hundreds took far longer
// (docs/dev/performance-notes.md).
func (f *folderRead) readAll(reads js.Value) {
	defer close(f.done)
	outcomes, err := jsweb.Await(reads)
	if err != nil { // allSettled never rejects; a broken worker.js
		f.mu.Lock()
		f.err = errors.New("the folder's reads: " + err.Error())
		f.mu.Unlock()
		return
	}
	for i, p := range f.paths {
		o := outcomes.Index(i)
		buf := o.Get("value")
		var err error
		if o.Get("status").String() != "fulfilled" {
			err = errors.New(p + ": cannot read the file: " + o.Get("reason").Call("toString").String())
		}
		f.mu.Lock()
		if err == nil && !f.stopped {
			data := jsweb.Bytes(buf)
			f.sums.add(p, data, buf)
			err = f.tree.Add(review.File{Path: p, Data: data})
			if err == nil && len(f.sample) < warmFiles {
				f.sample = append(f.sample, review.File{Path: p, Data: data})
			}
			f.read++
		}
		if err != nil && f.err == nil {
			f.err = err
		}
		stop := f.stopped || f.err != nil
		f.mu.Unlock()
		if stop {
			return
		}
	}
}

// warm waits until the folder is read, then, unless the other side's
// folder came meanwhile, warms the review's code on its files
// (warmReview) until it does or this folder is replaced. Before each of
// its reviews the browser runs the worker's waiting tasks
// (jsweb.Yield): the other folder, given while this one was parsed,
// is then read at once, not after one review or more.
func (f *folderRead) warm() {
	<-f.done
	f.mu.Lock()
	sample, failed := f.sample, f.err != nil
	f.mu.Unlock()
	if failed {
		return
	}
	warmReview(sample, func() bool {
		jsweb.Yield()
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.stopped || f.paired
	})
}

// pair says that the other side's folder is given: the review is coming.
func (f *folderRead) pair() {
	f.mu.Lock()
	f.paired = true
	f.mu.Unlock()
}

// stop ends the reading: the folder was replaced.
func (f *folderRead) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
}

// progress is how many files were read, of how many.
func (f *folderRead) progress() (done, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.read, len(f.paths)
}

// digests waits for the folder's files' SHA-256 (done first), by path
// (sumSet).
func (f *folderRead) digests() (map[string][32]byte, error) {
	<-f.done
	return f.sums.wait()
}
