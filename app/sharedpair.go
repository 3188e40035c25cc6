package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/fixturepath"
)

// judgeSharedPair reviews the two files of a two-folder review's pair
// opened from its shared link (c, whose paths are the link's), as the
// review did: a worker of its own is given each file as a one-file
// folder at its path (giveFiles; a cassette whole, for a pair of its
// interactions) and reviews them (pageworker.Review); the row of the
// pair gives c its severity, verdict and why (comparison.judged), which
// can differ from the comparison's alone (a credential the cassette
// records). c shows that it is being reviewed meanwhile
// (comparison.reviewing); a review that fails, or that does not pair the
// two files as the link does, leaves the comparison's own judgement.
func (v *Viewer) judgeSharedPair(c *comparison) {
	c.reviewing = true
	ctx := v.ctx
	w := startWorker(ctx)
	for side, d := range [2]*openDoc{c.a, c.b} {
		file := c.paths[side]
		if f, _, ok := fixturepath.CutInteraction(file); ok && d.cas != nil {
			file = f // the cassette, reviewed whole
		}
		w.giveFiles(side, []string{file}, []app.Value{browser.NewBuffer(fileData(d))})
	}
	ctx.Async(func() {
		body, _, err := w.review(&pageworker.Review{}, func(pageworker.Status) {})
		w.stop()
		var judged *judgement
		if err == nil {
			if rep, err := pageworker.DecodeReport(body, func() {}); err == nil {
				for _, r := range rep.Rows {
					if r.Base == c.paths[0] && r.Head == c.paths[1] {
						judged = &judgement{severity: r.Severity, verdict: r.Verdict, why: r.Why}
					}
				}
			}
		}
		ctx.Dispatch(func(app.Context) {
			c.reviewing, c.judged = false, judged
			c.version++
		})
	})
}

// fileData is the file d was read from: a cassette's whole text for one
// of its interactions.
func fileData(d *openDoc) []byte {
	if d.cas != nil {
		return d.cas.data
	}
	return d.data
}
