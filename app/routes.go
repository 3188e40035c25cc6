package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// clickRoutes is what a click does in a part of the page whose HTML is
// written as text (reviewhtml.go, the worker's replay panels), by the
// data-act name of the element clicked or the nearest around it
// (pageworker's Act constants). A route gets that element's dataset.
// routes_test.go checks that every name a writer emits has a route.
type clickRoutes map[string]func(ctx app.Context, ds app.Value)

// handle does what e's click asks, if anything.
func (routes clickRoutes) handle(ctx app.Context, e app.Event) {
	el := e.Get("target").Call("closest", "[data-act]")
	if !el.Truthy() {
		return
	}
	ds := el.Get("dataset")
	if route := routes[ds.Get("act").String()]; route != nil {
		route(ctx, ds)
	}
}
