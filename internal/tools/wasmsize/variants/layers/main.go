// Command layers is a go-app page that renders one element, plus, by build
// tag, each part of the viewer's code as the viewer uses it: goldmark
// (GFM), core (the recordings package: parse, assemble, hash, permalinks)
// and diff (recordings/diff). Built with more tags it measures what each
// layer adds to app.wasm (see internal/tools/wasmsize).
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// layers are the tagged layers' uses, called on each render so that the
// linker keeps them.
var layers []func(in string) string

type page struct{ app.Compo }

func (p *page) Render() app.UI {
	out := "<h1>hello</h1>"
	for _, use := range layers {
		out += use(out)
	}
	return app.Raw(out)
}

func main() {
	app.Route("/", func() app.Composer { return &page{} })
	app.RunWhenOnBrowser()
}
