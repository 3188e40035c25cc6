package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// clickRoutes is what a click does in a part of the page whose HTML is
// written as text (reviewhtml.go, the worker's replay panels), by the
// data-act name of the element clicked or the nearest around it
// (pageworker's Act constants). A route gets that element, to read the
// data-* attributes its action needs. routes_test.go checks that every
// name a writer emits has a route.
type clickRoutes map[string]func(ctx app.Context, el browser.Element)

// handle does what e's click asks, if anything.
func (routes clickRoutes) handle(ctx app.Context, e app.Event) {
	el := browser.EventOf(e).Target().Closest("[data-act]")
	if !el.Exists() {
		return
	}
	if route := routes[el.Data("act")]; route != nil {
		route(ctx, el)
	}
}
