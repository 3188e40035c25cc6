// Command diff is variants/core plus recordings/diff (see
// internal/wasmsize).
package main

import (
	"bytes"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

type hello struct{ app.Compo }

func (h *hello) Render() app.UI {
	var b bytes.Buffer
	goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert([]byte("# hello"), &b)
	r, err := recordings.Parse(os.Args[0], b.Bytes())
	if err == nil {
		recordings.Assemble(r)
		recordings.VerifyHash("x.json", r.Doc)
		recordings.EncodeData(b.Bytes())
		recordings.DecodeData("")
		recordings.ParseFragment("")
		diff.Compare(r, r)
	}
	return app.Raw(b.String())
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
