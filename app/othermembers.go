package app

import (
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// otherMembersHTML draws, under an answer, a message or a content block
// (what: "response", "message", "content block"), what it holds that
// the view above does not show: its members recview does not read
// (recordings.Answer.Other, recordings.Message.Other,
// recordings.Part.Other), each as recorded, unfolded when short; and
// the members of the stream's deltas that its assembly does not fold
// (recordings.Stepper.UnfoldedDeltas), named with the chunks that carry
// them, where stepping shows them. "" when there is neither.
func otherMembersHTML(what string, ms []recordings.Member, unfolded []recordings.DeltaMember) string {
	if len(ms) == 0 && len(unfolded) == 0 {
		return ""
	}
	var w htmlw.Writer
	w.Raw(`<div class="other-members" data-testid="answer-other">`)
	if len(ms) > 0 {
		w.Raw(`<p class="muted other-notice">Also in the `, what, `, which recview does not read: shown as recorded.</p>`)
		for _, m := range ms {
			pretty := jsonx.Pretty(m.Value)
			w.Raw(`<details class="raw-part" data-testid="other-member"`, iff(len(pretty) <= maxOpenPart, " open", ""), `><summary><code>`)
			w.Text(m.Path)
			w.Raw(`</code> · `, recordings.ByteSize(len(pretty)), `</summary>`)
			preHTML(&w, "json", string(pretty))
			w.Raw(`</details>`)
		}
	}
	if len(unfolded) > 0 {
		w.Raw(`<p class="muted other-notice" data-testid="unfolded-deltas">Also in the stream's deltas, which recview does not assemble (step to a chunk to read them): `)
		for i, u := range unfolded {
			if i > 0 {
				w.Raw(`; `)
			}
			w.Raw(`<code>`)
			w.Text(u.Path)
			w.Raw(`</code> in `, plural(u.Chunks, "chunk"), `, from chunk `)
			w.Num(u.First)
		}
		w.Raw(`.</p>`)
	}
	w.Raw(`</div>`)
	return w.String()
}
