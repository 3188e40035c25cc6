package replayhtml

import (
	"fmt"
	"strings"

	"github.com/recview/recview/internal/replayrows"
)

// size writes a byte count for people: 512 B, 12.3 KB, 4.5 MB (as
// recview doctor does).
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// pathLink writes a path of the folder: a button that opens its file.
func pathLink(w *htmlw, p string) {
	w.raw(`<button class="link path" data-act="open" data-path="`)
	w.text(p)
	w.raw(`">`)
	w.text(p)
	w.raw(`</button>`)
}

// more writes "… and N more" after a list cut at replayrows.MaxList.
func more(w *htmlw, shown, all int) {
	if all > shown {
		w.raw(`<p class="muted">… and `)
		w.num(all - shown)
		w.raw(` more: recview doctor lists them all.</p>`)
	}
}

// Report is the index's replay panel: what replay will do with the
// folder (see replayrows.Report). Hooks: replay-report, replay-never,
// replay-stale, replay-mismatch (data-act "hash" with data-hash: the
// index's hash facet), replay-duplicates and each replay-duplicate,
// replay-heavy, replay-orphans.
func Report(r *replayrows.Report) string {
	var w htmlw
	w.raw(`<section class="replay-report" data-testid="replay-report" aria-label="What replay will do with these recordings"><h3>Replay</h3><p class="replay-counts"><span data-testid="replay-never"><b>`)
	w.num(r.NeverN)
	w.raw(`</b> of `)
	w.num(r.Recordings)
	w.raw(` recordings replay never finds (`, size(r.NeverBytes), `):</span>`)
	w.raw(`<button class="chip hash-stale" data-act="hash" data-hash="stale" data-testid="replay-stale" title="Named by an older hash scheme: today's recorder looks for another name. Click to show them in the table.">`)
	w.num(r.Stale)
	w.raw(` stale</button> <button class="chip hash-mismatch" data-act="hash" data-hash="mismatch" data-testid="replay-mismatch" title="No scheme gives the name: the request was edited or the file renamed. Click to show them in the table.">`)
	w.num(r.Mismatch)
	w.raw(` mismatch</button></p><p class="muted">`)
	var notes []string
	if r.Leftovers > 0 {
		notes = append(notes, plural(r.Leftovers, "stale file")+iff(r.Leftovers == 1, " holds", " hold")+" a request another file holds under today's name")
	}
	if r.Fixes > 0 {
		notes = append(notes, "recview doctor --fix renames "+plural(r.Fixes, "stale file")+" to today's name")
	}
	notes = append(notes, fmt.Sprintf("%d ok", r.OK))
	if r.Skipped+r.Broken > 0 {
		notes = append(notes, fmt.Sprintf("%d .json files are not recordings", r.Skipped+r.Broken))
	}
	if !r.RootKnown {
		notes = append(notes, "the paths do not say where tests/integration is, so which folder replay looks in is not known")
	}
	w.text(strings.Join(notes, " · ") + ".")
	w.raw(`</p>`)

	w.raw(`<details class="fold"><summary>Files replay never finds: `)
	w.num(r.NeverN)
	w.raw(`</summary><ul class="replay-list">`)
	for _, f := range r.Never {
		w.raw(`<li>`)
		pathLink(&w, f.Path)
		statusBadge(&w, f.Status)
		w.raw(` <span class="muted">`)
		switch {
		case f.Replay == "":
			w.raw(`replay's name for it is not known`)
		case f.Leftover:
			w.raw(`a copy: replay opens `)
			w.text(f.ReplayAt)
		case f.ReplayAt != "":
			w.raw(`replay opens `)
			w.text(f.ReplayAt)
		default:
			w.raw(`replay looks for `)
			w.text(f.Replay)
			w.raw(`, missing`)
		}
		w.raw(` · `, size(int64(f.Size)), `</span></li>`)
	}
	w.raw(`</ul>`)
	more(&w, len(r.Never), r.NeverN)
	w.raw(`</details>`)

	w.raw(`<details class="fold"><summary>Duplicates: `, plural(r.DuplicatesN, "request"), ` held by more than one file, `,
		iff(r.Copies == 1, "1 copy", fmt.Sprintf("%d copies", r.Copies)), ` (`, size(r.DuplicateBytes), `)</summary>`)
	if r.DuplicatesN == 0 {
		w.raw(`<p class="muted">No two files hold the same request.</p>`)
	} else {
		w.raw(`<ul class="replay-list" data-testid="replay-duplicates">`)
		for _, d := range r.Duplicates {
			w.raw(`<li data-testid="replay-duplicate"><span class="muted">keep</span> `)
			pathLink(&w, d.Keep)
			w.raw(`<ul>`)
			for _, p := range d.Drop {
				w.raw(`<li><span class="muted">copy</span> `)
				pathLink(&w, p)
				w.raw(`</li>`)
			}
			w.raw(`</ul></li>`)
		}
		w.raw(`</ul>`)
		more(&w, len(r.Duplicates), r.DuplicatesN)
	}
	w.raw(`</details>`)

	w.raw(`<details class="fold"><summary>Tests with the most recordings</summary>`)
	if len(r.Heavy) == 0 {
		w.raw(`<p class="muted">No test has two recordings.</p>`)
	} else {
		w.raw(`<ol class="replay-list" data-testid="replay-heavy">`)
		for _, h := range r.Heavy {
			w.raw(`<li><code>`)
			w.text(h.TestID)
			w.raw(`</code> <b>`)
			w.num(h.Count)
			w.raw(`</b><ul>`)
			for _, g := range h.Groups {
				w.raw(`<li>`)
				w.text(strings.Join(nonEmpty(g.Endpoint, g.Model), " · "))
				w.raw(` <b>`)
				w.num(g.N)
				w.raw(`</b>`)
				switch {
				case g.N > 1 && len(g.Fields) > 0:
					w.raw(iff(g.OnlyMissed, `: differ only in fields the normalization misses: `, `: differ in `))
					for k, f := range g.Fields {
						w.raw(iff(k > 0, ", ", ""), `<code>`)
						w.text(f)
						w.raw(`</code>`)
					}
				case g.N > 1:
					w.raw(`: the same request body`)
				}
				w.raw(`</li>`)
			}
			w.raw(`</ul></li>`)
		}
		w.raw(`</ol>`)
	}
	w.raw(`</details>`)

	if r.Tests {
		w.raw(`<details class="fold"><summary>Recordings of tests that no longer exist: `)
		w.num(r.OrphansN)
		w.raw(`</summary><ul class="replay-list" data-testid="replay-orphans">`)
		for _, o := range r.Orphans {
			w.raw(`<li>`)
			pathLink(&w, o.Path)
			w.raw(` <span class="muted">`)
			w.text(o.Why)
			w.raw(`</span></li>`)
		}
		w.raw(`</ul>`)
		more(&w, len(r.Orphans), r.OrphansN)
		w.raw(`</details>`)
	}
	w.raw(`</section>`)
	return w.String()
}

// statusBadge writes " " and a hash status as the index's badge.
func statusBadge(w *htmlw, status string) {
	w.raw(` <span class="badge hash-`)
	w.text(status)
	w.raw(`">`)
	w.text(status)
	w.raw(`</span>`)
}

// ReportError is the panel when the report could not be made.
func ReportError(err error) string {
	var w htmlw
	w.raw(`<section class="replay-report" data-testid="replay-report"><p class="warn">The replay report could not be made: `)
	w.text(err.Error())
	w.raw(`</p></section>`)
	return w.String()
}

// nonEmpty returns the strings that are not "".
func nonEmpty(s ...string) []string {
	out := s[:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}
