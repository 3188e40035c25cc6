package app

import (
	"errors"
	"fmt"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// The page's worker, worker.wasm (wasm/worker, started by
// web/worker.js), runs what app.wasm does not link: the review core and
// its GitHub client for the review page (one worker per review), replay's
// core for an open folder (one worker per folder: the index hands it
// what it read of each file, with the File objects, so that it never
// parses the folder again). The page never waits for it. They speak
// internal/pageworker's protocol; this file is the page's side of it.

// workerScript is the worker's script among the site's files.
const workerScript = "/web/worker.js"

// pageWorker is one worker of the page.
type pageWorker struct {
	w      *browser.Worker
	mu     sync.Mutex
	ready  bool
	failed error
	queue  []func()               // posts made before the worker listens
	asks   map[int]chan askAnswer // the questions not yet answered, by ID
	next   int
	status func(pageworker.Status) // a review's statuses
	done   chan reviewAnswer       // a review's end
}

// askAnswer is the worker's answer to a question, or why there is none.
type askAnswer struct {
	answer pageworker.Answer
	err    error
}

// reviewAnswer is the end of a review: the report's body
// (pageworker.EncodeReport's lines) and the files the worker fetched, or
// why there is none.
type reviewAnswer struct {
	body  []byte
	files []app.Value
	err   error
}

// startWorker starts a worker of workerScript, resolved by ctx (the
// site's base path).
func startWorker(ctx app.Context) *pageWorker {
	p := &pageWorker{asks: map[int]chan askAnswer{}, done: make(chan reviewAnswer, 1)}
	p.w = browser.StartWorker(ctx.ResolveStaticResource(workerScript), p.receive, p.fail)
	return p
}

// workerIn is the worker in slot, started now (startWorker) when the slot
// is empty: the workers the page starts ahead of their work (an index's,
// a review's, the comparisons') each wait in a slot of the Viewer's.
func (v *Viewer) workerIn(slot **pageWorker) *pageWorker {
	if *slot == nil {
		*slot = startWorker(v.ctx)
	}
	return *slot
}

// receive handles a message of the worker. It runs on the page's event
// loop: it never blocks.
func (p *pageWorker) receive(k pageworker.Kind, body []byte, files []app.Value) {
	switch k {
	case pageworker.KindReady:
		p.mu.Lock()
		p.ready = true
		queue := p.queue
		p.queue = nil
		p.mu.Unlock()
		for _, post := range queue {
			post()
		}
	case pageworker.KindStatus:
		var st pageworker.Status
		if err := pageworker.Decode(k, body, &st); err != nil {
			p.fail(err)
			return
		}
		p.mu.Lock()
		status := p.status
		p.mu.Unlock()
		if status != nil {
			status(st)
		}
	case pageworker.KindReport:
		select {
		case p.done <- reviewAnswer{body: body, files: files}:
		default: // a second report: the first is the review's
		}
	case pageworker.KindAnswer:
		var a pageworker.Answer
		if err := pageworker.Decode(k, body, &a); err != nil {
			p.fail(err)
			return
		}
		p.mu.Lock()
		ch := p.asks[a.ID]
		delete(p.asks, a.ID)
		p.mu.Unlock()
		if ch != nil {
			ch <- askAnswer{answer: a}
		}
	case pageworker.KindFailure:
		var f pageworker.Failure
		if err := pageworker.Decode(k, body, &f); err != nil {
			p.fail(err)
			return
		}
		p.fail(errors.New(f.Err))
	default:
		p.fail(fmt.Errorf("the worker's protocol: a %q message the page does not read", k))
	}
}

// fail ends every wait with err, and every later one.
func (p *pageWorker) fail(err error) {
	p.mu.Lock()
	if p.failed == nil {
		p.failed = err
	}
	asks := p.asks
	p.asks = map[int]chan askAnswer{}
	p.mu.Unlock()
	for _, ch := range asks {
		ch <- askAnswer{err: err}
	}
	select {
	case p.done <- reviewAnswer{err: err}:
	default:
	}
}

// post runs send once the worker listens: now, or when it says Ready.
func (p *pageWorker) post(send func()) {
	p.mu.Lock()
	if !p.ready {
		p.queue = append(p.queue, send)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	send()
}

// send posts m with files once the worker listens (post); a message it
// cannot post fails the worker's waits.
func (p *pageWorker) send(m pageworker.Message, files []app.Value) {
	p.post(func() {
		if err := p.w.Post(m, files); err != nil {
			p.fail(err)
		}
	})
}

// review posts m and waits for the review: the report's body and the
// files the worker fetched (ArrayBuffers, in the report's Files order).
// status gets each Status on the page's event loop (it must not block).
// It blocks: call it from a goroutine (ctx.Async).
func (p *pageWorker) review(m *pageworker.Review, status func(pageworker.Status)) ([]byte, []app.Value, error) {
	p.mu.Lock()
	p.status = status
	p.mu.Unlock()
	p.send(m, nil)
	a := <-p.done
	return a.body, a.files, a.err
}

// giveFolder hands the worker one folder of a two-folder review (side 0
// the base, 1 the head), to read while the other is picked
// (giveFiles); a folder given again for a side replaces it.
func (p *pageWorker) giveFolder(side int, f *pickedFolder) {
	paths, files := make([]string, len(f.files)), make([]app.Value, len(f.files))
	for i := range f.files {
		paths[i], files[i] = f.files[i].Path, f.files[i].JS
	}
	p.giveFiles(side, paths, files)
}

// giveFiles hands the worker a folder of side (0 base, 1 head) of a
// two-folder review (pageworker.ReviewFolder): the files at paths, their
// File objects or ArrayBuffers in files, in the same order.
func (p *pageWorker) giveFiles(side int, paths []string, files []app.Value) {
	p.send(&pageworker.ReviewFolder{Side: pageworker.Sides[side], Paths: paths}, files)
}

// addItems hands the worker what the index read of some files (items,
// pageworker.AppendItem's; files their File objects, one per item, in
// the same order: a file without an item, a cassette or YAML, is not
// among them) and the folder's test files (tests, sent once).
func (p *pageWorker) addItems(items []byte, files, tests []browser.File) {
	// The body is made now: the index reuses items.
	paths := make([]string, len(tests))
	js := make([]app.Value, 0, len(files)+len(tests))
	for _, f := range files {
		js = append(js, f.JS)
	}
	for i, f := range tests {
		paths[i], js = f.Path, append(js, f.JS)
	}
	body := pageworker.ReplayAddBody(items, paths)
	p.post(func() { p.w.PostBody(pageworker.KindReplayAdd, body, js) })
}

// replayReport asks for the folder's replay report panel, the heavy
// tests' requests compared or not, the recorder's base folder dir ("" the
// default): its head and folds. It blocks: call it from a goroutine
// (ctx.Async).
func (p *pageWorker) replayReport(compare bool, dir string) (pageworker.Answer, error) {
	return p.ask(func(id int) pageworker.Message {
		return &pageworker.ReplayReport{ID: id, Compare: compare, RecordingDir: dir}
	}, nil)
}

// compare asks for the comparison of two recordings, A and B, by their
// names and bytes (pageworker.CompareFiles: the error is the core's). It
// blocks: call it from a goroutine (ctx.Async).
func (p *pageWorker) compare(names [2]string, data [2][]byte) (*pageworker.Comparison, error) {
	files := []app.Value{browser.NewBuffer(data[0]), browser.NewBuffer(data[1])}
	a, err := p.ask(func(id int) pageworker.Message { return &pageworker.Compare{ID: id, Names: names} }, files)
	switch {
	case err != nil:
		return nil, err
	case a.Err != "":
		return nil, errors.New(a.Err)
	case a.Comparison == nil:
		return nil, errors.New("the worker's protocol: an answer to a compare message without its comparison")
	}
	return a.Comparison, nil
}

// notFound asks for the lookup panel of a pasted replay error. It
// blocks: call it from a goroutine (ctx.Async).
func (p *pageWorker) notFound(text string) (string, error) {
	a, err := p.ask(func(id int) pageworker.Message { return &pageworker.NotFound{ID: id, Text: text} }, nil)
	return a.HTML, err
}

// ask posts the question question(id) makes, with files, and waits for
// its answer.
func (p *pageWorker) ask(question func(id int) pageworker.Message, files []app.Value) (pageworker.Answer, error) {
	ch := make(chan askAnswer, 1)
	p.mu.Lock()
	if p.failed != nil {
		p.mu.Unlock()
		return pageworker.Answer{}, p.failed
	}
	p.next++
	id := p.next
	p.asks[id] = ch
	p.mu.Unlock()
	p.send(question(id), files)
	a := <-ch
	return a.answer, a.err
}

// dead reports that the worker failed (fail): it answers no more.
func (p *pageWorker) dead() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.failed != nil
}

// stop ends the worker; its waits end with an error.
func (p *pageWorker) stop() {
	if p == nil {
		return
	}
	p.fail(errors.New("the folder was closed"))
	p.w.Stop()
}

// halt ends the worker now (Worker.Halt: what it was doing stops at
// once, its downloads with it); its waits end with err.
func (p *pageWorker) halt(err error) {
	if p == nil {
		return
	}
	p.fail(err)
	p.w.Halt()
}
