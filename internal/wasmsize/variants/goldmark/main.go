// Command goldmark is the go-app page of variants/goapp plus goldmark with
// GFM, as the viewer uses it (see internal/wasmsize).
package main

import (
	"bytes"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

type hello struct{ app.Compo }

func (h *hello) Render() app.UI {
	var b bytes.Buffer
	goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert([]byte("# hello"), &b)
	return app.Raw(b.String())
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
