//go:build js

package browser

import (
	"syscall/js"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/jsweb"
)

// Await blocks the calling goroutine until the JavaScript promise p
// settles, and returns its value, or its rejection (the reason's
// toString) as an error (jsweb.Await). The promise's callbacks run on a
// goroutine of their own, so Await returns even on go-app's UI goroutine,
// but the page and every other goroutine wait meanwhile: call it from a
// background goroutine (ctx.Async) unless the promise settles at once.
func Await(p app.Value) (app.Value, error) {
	v, err := jsweb.Await(jsOf(p))
	if err != nil {
		return nil, err
	}
	return app.ValueOf(v), nil
}

// holder is the object through which jsOf turns go-app's Values into
// syscall/js's, and appHolder the same object as go-app's Value.
var (
	holder    = js.Global().Get("Object").New()
	appHolder = app.ValueOf(holder)
)

// jsOf is the syscall/js Value that go-app's v wraps. go-app does not
// export it, but unwraps its Values it passes to JavaScript: jsOf sets v
// as a property of an object of its own and reads it back.
func jsOf(v app.Value) js.Value {
	appHolder.Set("v", v)
	j := holder.Get("v")
	holder.Set("v", js.Undefined())
	return j
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
