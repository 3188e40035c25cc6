// Command wasm is recview's web viewer, built twice: with GOOS=js it is
// app.wasm, the page's code (main_js.go); natively it writes the static
// site and serves it (main_native.go). Both register the same routes.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	viewer "github.com/recview/recview/app"
)

func routes() {
	app.Route("/", func() app.Composer { return &viewer.Viewer{} })
}
