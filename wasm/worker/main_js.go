//go:build js

package main

import (
	"errors"
	"fmt"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/recview/recview/recordings/review"
)

// received is a message of the page, as pageworker.Receive read it.
type received struct {
	kind  pageworker.Kind
	body  []byte
	files []js.Value
}

func main() {
	// The request-hash checks of the files a review reads hash with the
	// browser's SHA-256, as the page's do (jsweb.SHA256).
	reqhash.SetSHA256(jsweb.SHA256)
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
// a review runs on a goroutine of its own, as does the reading of each
// folder of a two-folder review (folders_js.go); a folder's replay
// messages are handled one after the other, here (replay_js.go), as are
// the comments asked of a review once it is done.
func serve(inbox <-chan received) {
	f := newJSFolder()
	var folders [2]*folderRead // a two-folder review's, as given
	var done atomic.Pointer[reviewed]
	var sp spare
	for m := range inbox {
		var err error
		sp.heard(m.kind)
		switch m.kind {
		case pageworker.KindWarm:
			var q pageworker.Warm
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				_, err = sp.warm(&q, m.files)
			}
		case pageworker.KindReviewFolder:
			var q pageworker.ReviewFolder
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				var fr *folderRead
				if fr, err = readFolder(&q, m.files); err == nil {
					if old := folders[fr.side]; old != nil {
						old.stop()
					}
					folders[fr.side] = fr
					if other := folders[1-fr.side]; other != nil {
						other.pair()
						fr.pair()
					} else {
						go fr.warm()
					}
				}
			}
		case pageworker.KindReview:
			var r pageworker.Review
			if err = pageworker.Decode(m.kind, m.body, &r); err == nil {
				done.Store(nil) // no comment of an earlier review
				go handleReview(&r, folders, &done)
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
		case pageworker.KindComment:
			var q pageworker.WriteComment
			if err = pageworker.Decode(m.kind, m.body, &q); err == nil {
				c, cerr := writeComment(done.Load(), &q)
				a := &pageworker.Answer{ID: q.ID, Comment: c}
				if cerr != nil {
					a.Err = cerr.Error()
				}
				post(a, nil, nil)
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

// handleReview reviews what r names: a GitHub review (loader.github), or
// the two folders the page gave (folders, read as they came; waited for
// here). It posts Status as it goes, then the Report with, for GitHub,
// the files fetched (their buffers transferred: the page opens pairs from
// them), or a Status that says why it failed and a Failure. The review
// done is kept in done, for the page's WriteComment.
func handleReview(r *pageworker.Review, folders [2]*folderRead, done *atomic.Pointer[reviewed]) {
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
	var do func(*review.Options) (*review.Result, error)
	sums := func() ([2]map[string][32]byte, error) { return [2]map[string][32]byte{}, nil }
	l := &loader{get: jsFetch, post: status, now: time.Now}
	n := 0
	if r.GitHub != nil {
		var err error
		if base, head, err = l.github(*r.GitHub); err != nil {
			fail(err)
			return
		}
		n = len(base) + len(head)
		do = func(o *review.Options) (*review.Result, error) { return review.Review(base, head, o) }
		// The downloads' digests, started now: the browser works them
		// out while the review runs.
		var set [2]*sumSet
		for side, tree := range [2][]review.File{base, head} {
			set[side] = newSumSet()
			for _, f := range tree {
				buf, _ := l.raws[[2]string{pageworker.Sides[side], f.Path}].(js.Value)
				set[side].add(f.Path, f.Data, buf)
			}
		}
		sums = func() (out [2]map[string][32]byte, err error) {
			for i, s := range set {
				if out[i], err = s.wait(); err != nil {
					return out, err
				}
			}
			return out, nil
		}
	} else {
		if folders[0] == nil || folders[1] == nil {
			fail(errors.New("the worker's protocol: a review of two folders before both were given"))
			return
		}
		if err := waitFolders(folders, status); err != nil {
			fail(err)
			return
		}
		n = folders[0].tree.Len() + folders[1].tree.Len()
		do = func(o *review.Options) (*review.Result, error) {
			return review.ReviewTrees(folders[0].tree, folders[1].tree, o)
		}
		sums = func() (out [2]map[string][32]byte, err error) {
			for i, f := range folders {
				if out[i], err = f.digests(); err != nil {
					return out, err
				}
			}
			return out, nil
		}
	}
	last := time.Now()
	k := 0
	st.Phase, st.Done, st.Total = "Comparing", 0, n
	status(st)
	res, rep, err := run(do, func() {
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
	done.Store(&reviewed{res: res, github: r.GitHub, headSHA: l.st.HeadSHA})
	var bufs []js.Value
	if r.GitHub != nil {
		for side, tree := range [2][]review.File{base, head} {
			for _, f := range tree {
				rep.Files = append(rep.Files, pageworker.FileRef{Side: pageworker.Sides[side], Path: f.Path})
				if raw, ok := l.raws[[2]string{pageworker.Sides[side], f.Path}].(js.Value); ok {
					bufs = append(bufs, raw) // the download's own buffer
					continue
				}
				bufs = append(bufs, jsweb.Buffer(f.Data))
			}
		}
	}
	post(&rep, bufs, bufs)
}

// waitFolders waits until both folders are read, posting how far the
// reading is every 50 ms; the error is the first a folder met.
func waitFolders(folders [2]*folderRead, status func(pageworker.Status)) error {
	report := func() {
		done, total := 0, 0
		for _, g := range folders {
			d, t := g.progress()
			done, total = done+d, total+t
		}
		status(pageworker.Status{Phase: "Reading the folders", Done: done, Total: total})
	}
	for _, f := range folders {
		report()
		for waiting := true; waiting; {
			select {
			case <-f.done:
				waiting = false
			case <-time.After(50 * time.Millisecond):
				report()
			}
		}
		f.mu.Lock()
		err := f.err
		f.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}
