package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
)

// Handing a review to its pull request: Copy review puts the comment
// (`recview review --markdown --decisions FILE`'s) on the clipboard,
// Save decisions downloads the decisions file that command reads. Both
// are written by the review's worker, which keeps the review's result
// for them (pageworker.WriteComment).

// copyState is what Copy review did: the comment, and whether the
// clipboard took it ("copied", "failed", "" while waiting), or why there
// is none (err); busy while the worker writes it.
type copyState struct {
	markdown string
	copied   string
	err      string
	busy     bool
	counts   pageworker.Comment
}

// writeComment is the message asking rv's worker for its comment and
// decisions file: rv's decisions with a digest, the page's address for
// the comment's links; skipped counts the decided rows without a digest
// (not in the comment).
func (rv *reviewSet) writeComment() (q *pageworker.WriteComment, skipped int) {
	loc := browser.PageLocation()
	q = &pageworker.WriteComment{Viewer: loc.Origin + loc.Path, ChangeSet: rv.label()}
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		d := rv.decisionOf(r)
		switch {
		case d.Decision == "":
		case r.Digest == "":
			skipped++
		default:
			d.Digest = r.Digest
			q.Decisions = append(q.Decisions, d)
		}
	}
	// Two pairs of the same content share a digest, and their decision.
	seen := map[string]bool{}
	out := q.Decisions[:0]
	for _, d := range q.Decisions {
		if !seen[d.Digest] {
			seen[d.Digest] = true
			out = append(out, d)
		}
	}
	q.Decisions = out
	return q, skipped
}

// errNoWorker says why a review shown again from the history cannot write
// its comment: its worker ended when another review began.
var errNoWorker = errors.New("this review's worker ended when another review began: open the review again (reload the page) to copy its comment or save its decisions")

// askComment asks rv's worker for the comment with rv's decisions, and
// gives done the answer on the page's goroutine.
func (v *Viewer) askComment(rv *reviewSet, done func(c *pageworker.Comment, skipped int, err error)) {
	w := rv.worker
	if w == nil || rv.rep == nil {
		done(nil, 0, errNoWorker)
		return
	}
	q, skipped := rv.writeComment()
	ctx := v.ctx
	ctx.Async(func() {
		a, err := w.ask(func(id int) pageworker.Message { q.ID = id; return q }, nil)
		if err == nil && a.Comment == nil {
			err = errors.New("the worker's protocol: an answer to a comment message without its comment")
		}
		ctx.Dispatch(func(app.Context) { done(a.Comment, skipped, err) })
	})
}

// copyReview puts the review's comment on the clipboard, and shows it,
// with whether the clipboard took it.
func (v *Viewer) copyReview() {
	rv := v.rs.set
	if rv == nil || rv.rep == nil {
		return
	}
	st := &copyState{busy: true}
	rv.copied = st
	rv.version++
	v.askComment(rv, func(c *pageworker.Comment, skipped int, err error) {
		rv.version++
		st.busy = false
		if err != nil {
			st.err = err.Error()
			return
		}
		st.markdown, st.counts = c.Markdown, *c
		if skipped > 0 {
			st.err = fmt.Sprintf("%s on pairs whose files could not be hashed left out of the comment.", plural(skipped, "decision"))
		}
		written := browser.WriteClipboard(c.Markdown)
		if written.IsNull() {
			st.copied = "failed"
			return
		}
		// writeText may never settle (no focus, a permission prompt).
		v.ctx.After(2*time.Second, func(app.Context) {
			if st.copied == "" {
				st.copied = "failed"
				rv.version++
			}
		})
		v.ctx.Async(func() {
			_, err := browser.Await(written)
			v.ctx.Dispatch(func(app.Context) {
				st.copied = iff(err == nil, "copied", "failed")
				rv.version++
			})
		})
	})
}

// saveDecisions downloads the review's decisions file, which `recview
// review --decisions FILE` reads.
func (v *Viewer) saveDecisions() {
	rv := v.rs.set
	if rv == nil || rv.rep == nil {
		return
	}
	v.askComment(rv, func(c *pageworker.Comment, _ int, err error) {
		rv.version++
		if err != nil {
			rv.copied = &copyState{err: err.Error()}
			return
		}
		browser.Download(decisionsFileName(rv.label()), c.File)
	})
}

// decisionsFileName is the name Save decisions gives its file:
// "recview-decisions-ogx-ai-ogx-3737.json", the change set's name in
// letters, digits, "." and "-".
func decisionsFileName(label string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(label) {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.'
		if ok {
			b.WriteRune(r)
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = !ok
	}
	name := strings.Trim(b.String(), "-.")
	if len(name) > 80 {
		name = name[:80]
	}
	if name == "" {
		return "recview-decisions.json"
	}
	return "recview-decisions-" + name + ".json"
}
