package app

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// The review runs in a Web Worker, review.wasm (wasm/reviewworker,
// started by web/review-worker.js): it asks GitHub and fetches the
// recordings, or reads the folders' files, and runs the review core
// (recordings/review). The page's thread never waits for it, and
// app.wasm carries neither the core nor the GitHub client: its budget
// has no room for them.

// reviewWorkerScript is the worker's script among the site's files.
const reviewWorkerScript = "/web/review-worker.js"

// runReview starts a review worker, posts it msg once it listens, and
// waits for its report: the report's JSON, and for a GitHub review the
// files fetched ([{side, path, data}], data an ArrayBuffer). status gets
// each status the worker sends (reviewrows.Status as JSON; it runs on a
// callback of the page: it must not block). The worker is stopped when
// it answers. It blocks: call it from a goroutine (ctx.Async).
func runReview(script string, msg app.Value, status func(string)) (report string, files app.Value, err error) {
	w := app.Window().Get("Worker").New(script)
	// Stopped in a task of its own: freeing its memory at once held up
	// the page's thread.
	defer app.Window().Call("setTimeout", w.Get("terminate").Call("bind", w), 1000)
	var onMessage, onError app.Func
	// The promise resolves with the worker's last message, {report} or
	// {error}.
	answer := browser.NewPromise(func(resolve, _ app.Value) {
		onMessage = app.FuncOf(func(this app.Value, args []app.Value) any {
			d := args[0].Get("data")
			switch {
			case d.Get("ready").Truthy():
				w.Call("postMessage", msg)
			case d.Get("status").Truthy():
				status(d.Get("status").String())
			default:
				resolve.Invoke(d)
			}
			return nil
		})
		onError = app.FuncOf(func(this app.Value, args []app.Value) any {
			d := app.Window().Get("Object").New()
			d.Set("error", "the review worker failed: "+args[0].Get("message").String())
			resolve.Invoke(d)
			return nil
		})
		w.Set("onmessage", onMessage)
		w.Set("onerror", onError)
	})
	d, err := browser.Await(answer)
	if onMessage != nil {
		onMessage.Release()
		onError.Release()
	}
	if err == nil && !d.Get("report").Truthy() {
		err = errors.New(d.Get("error").String())
	}
	if err != nil {
		return "", app.Window().Get("Array").New(), err
	}
	return d.Get("report").String(), d.Get("files"), nil
}

// workerFile is one entry of a worker message's files.
func workerFile(side, path string, data app.Value) app.Value {
	o := app.Window().Get("Object").New()
	o.Set("side", side)
	o.Set("path", path)
	o.Set("data", data)
	return o
}
