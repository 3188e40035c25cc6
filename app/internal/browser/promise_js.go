//go:build js

package browser

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Await blocks the calling goroutine until the JavaScript promise p
// settles, and returns its value, or its rejection (the reason's
// toString) as an error. The promise's callbacks run on a goroutine of
// their own, so Await returns even on go-app's UI goroutine, but the page
// and every other goroutine wait meanwhile: call it from a background
// goroutine (ctx.Async) unless the promise settles at once.
func Await(p app.Value) (app.Value, error) {
	type result struct {
		v   app.Value
		err error
	}
	ch := make(chan result, 1)
	var then, catch app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	catch = app.FuncOf(func(this app.Value, args []app.Value) any {
		ch <- result{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	p.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.err
}

// NewPromise returns new Promise(executor), the executor calling
// start(resolve, reject) synchronously: it turns callback APIs (the
// dropped folders' FileSystemEntry) into promises for Await.
func NewPromise(start func(resolve, reject app.Value)) app.Value {
	exec := app.FuncOf(func(this app.Value, args []app.Value) any {
		start(args[0], args[1])
		return nil
	})
	defer exec.Release() // the executor runs synchronously in the constructor
	return app.Window().Get("Promise").New(exec)
}
