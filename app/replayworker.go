package app

import (
	"errors"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The replay report of an open folder, and the lookups of replay's "not
// found" errors pasted while it is open, run in the viewer's worker,
// review.wasm (wasm/reviewworker's replay side): app.wasm does not link
// recordings/replay. The index hands the worker what it found in each
// file it read (replayrows.Item lines) with the File objects, so the
// worker never parses the folder again; it reads a file itself only when
// it needs the bytes (a file the index could not read as a recording,
// the requests of the tests with the most recordings, the candidates a
// pasted request is compared with). The worker lives as long as the
// folder's index.

// replayWorker is the worker of one open folder.
type replayWorker struct {
	w         app.Value
	mu        sync.Mutex
	ready     bool
	failed    error
	queue     []app.Value            // messages posted before the worker listens
	asks      map[int]chan askAnswer // the questions not yet answered, by id
	next      int
	onMessage app.Func
	onError   app.Func
}

// askAnswer is the worker's answer to a question, or why there is none.
type askAnswer struct {
	text string
	err  error
}

// startReplayWorker starts the worker of script (the site's
// reviewWorkerScript, resolved).
func startReplayWorker(script string) *replayWorker {
	r := &replayWorker{w: app.Window().Get("Worker").New(script), asks: map[int]chan askAnswer{}}
	r.onMessage = app.FuncOf(func(this app.Value, args []app.Value) any {
		r.receive(args[0].Get("data"))
		return nil
	})
	r.onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		r.fail(errors.New("the replay worker failed: " + args[0].Get("message").String()))
		return nil
	})
	r.w.Set("onmessage", r.onMessage)
	r.w.Set("onerror", r.onError)
	return r
}

// receive handles a message of the worker: {ready} (post what waited),
// an answer {id, replayReport | notFound}, or {error}.
func (r *replayWorker) receive(d app.Value) {
	if d.Get("ready").Truthy() {
		r.mu.Lock()
		r.ready = true
		queue := r.queue
		r.queue = nil
		r.mu.Unlock()
		for _, m := range queue {
			r.w.Call("postMessage", m)
		}
		return
	}
	if e := d.Get("error"); e.Truthy() {
		r.fail(errors.New("the replay worker: " + e.String()))
		return
	}
	id := d.Get("id").Int()
	text := d.Get("replayReport")
	if !text.Truthy() {
		text = d.Get("notFound")
	}
	r.mu.Lock()
	ch := r.asks[id]
	delete(r.asks, id)
	r.mu.Unlock()
	if ch != nil {
		ch <- askAnswer{text: text.String()}
	}
}

// fail answers every question with err, and every later one.
func (r *replayWorker) fail(err error) {
	r.mu.Lock()
	r.failed = err
	asks := r.asks
	r.asks = map[int]chan askAnswer{}
	r.mu.Unlock()
	for _, ch := range asks {
		ch <- askAnswer{err: err}
	}
}

// post sends msg to the worker, or keeps it until the worker listens.
func (r *replayWorker) post(msg app.Value) {
	r.mu.Lock()
	if !r.ready {
		r.queue = append(r.queue, msg)
		r.mu.Unlock()
		return
	}
	r.mu.Unlock()
	r.w.Call("postMessage", msg)
}

// ask posts {key: value, id} (for replayReport, {replayReport: id,
// compare: value == "compare"}) and waits for the answer's text. It blocks: call it from a goroutine
// (ctx.Async).
func (r *replayWorker) ask(key, value string) (string, error) {
	ch := make(chan askAnswer, 1)
	r.mu.Lock()
	if r.failed != nil {
		r.mu.Unlock()
		return "", r.failed
	}
	r.next++
	id := r.next
	r.asks[id] = ch
	r.mu.Unlock()
	msg := app.Window().Get("Object").New()
	msg.Set("id", id)
	if key == "replayReport" {
		msg.Set(key, id)
		msg.Set("compare", value == "compare")
	} else {
		msg.Set(key, value)
	}
	r.post(msg)
	a := <-ch
	return a.text, a.err
}

// stop ends the worker; its questions are answered with an error. It
// is terminated a second later, in a task of its own: freeing its memory
// at once held up the page's thread (runReview).
func (r *replayWorker) stop() {
	if r == nil {
		return
	}
	r.fail(errors.New("the folder was closed"))
	r.w.Set("onmessage", app.Null())
	r.w.Set("onerror", app.Null())
	r.onMessage.Release()
	r.onError.Release()
	app.Window().Call("setTimeout", r.w.Get("terminate").Call("bind", r.w), 1000)
}
