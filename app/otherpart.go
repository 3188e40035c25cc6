package app

import (
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// maxOpenPart is the largest part otherPartHTML shows unfolded.
const maxOpenPart = 2 << 10

// otherPartHTML writes a part recview does not read (an output item or
// content part of an unknown type) as HTML: a notice saying what it holds
// (Part.Describe: its type, its size, the base64 it carries) and the part
// as recorded, folded when longer than maxOpenPart.
func otherPartHTML(p *recordings.Part) string {
	var w htmlw.Writer
	w.Raw(`<div class="other-part" data-testid="other-part"><p class="muted other-notice">Not rendered: `)
	w.Text(p.Describe())
	w.Raw(`. It is shown as recorded.</p><details class="raw-part"`, iff(len(p.Text) <= maxOpenPart, " open", ""), `><summary>as recorded</summary>`)
	if p.Raw != nil {
		preHTML(&w, "json", string(jsonx.Pretty(p.Raw)))
	} else {
		preHTML(&w, "text", p.Text)
	}
	w.Raw(`</details></div>`)
	return w.String()
}
