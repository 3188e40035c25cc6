package replayhtml

import (
	"fmt"
	"github.com/recview/recview/internal/pageworker"
	"strings"

	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// pathLink writes a path of the folder: a button that opens its file.
func pathLink(w *htmlw.Writer, p string) {
	w.Raw(`<button class="link path" data-act="` + pageworker.ActOpen + `" data-path="`)
	w.Text(p)
	w.Raw(`">`)
	w.Text(p)
	w.Raw(`</button>`)
}

// more writes "… and N more" after a list cut at MaxList.
func more(w *htmlw.Writer, shown, all int) {
	if all > shown {
		w.Raw(`<p class="muted">… and `)
		w.Num(all - shown)
		w.Raw(` more: recview doctor lists them all.</p>`)
	}
}

// maxCopies is the most copies of a duplicated request the panel lists
// (a folder of many checkouts holds a request many times over: the list
// of 100 groups would run to thousands of links).
const maxCopies = 5

// Panel is the index's replay panel: what replay will do with the
// folder (see Report), in parts. head is one element (a <div>): the
// counts, with hooks replay-never, replay-stale and replay-mismatch
// (data-act "hash" with data-hash: the index's hash facet), and the
// recorder's base folder, replay-recording-dir (a text input, data-act
// "recording-dir"). The folds are the lists, in order: never, duplicates
// (hooks replay-duplicates, each replay-duplicate), heavy (replay-heavy),
// misplaced (replay-misplaced: ok names in no folder replay looks in)
// and, when the folder's test files were read, orphans (replay-orphans). The page draws each
// fold's <details> itself, so that a fold the reader opened stays open
// when the panel comes again (the second time with the heavy tests'
// requests compared).
func (r *Report) Panel() (head string, folds []pageworker.Fold) {
	var w htmlw.Writer
	take := func() string { s := w.String(); w.Reset(); return s }
	var summary string
	endSummary := func() { summary = `<span>` + take() + `</span>` }
	endFold := func(name string) {
		folds = append(folds, pageworker.Fold{Name: name, Summary: summary, Body: `<div class="fold-content">` + take() + `</div>`})
	}
	w.Raw(`<div class="replay-head"><h3>Replay</h3><p class="replay-counts"><span data-testid="replay-never"><b>`)
	w.Num(r.NeverN)
	w.Raw(`</b> of `)
	w.Num(r.Recordings)
	w.Raw(` recordings replay never finds (`, replay.Size(r.NeverBytes), `):</span>`)
	w.Raw(`<button class="chip hash-stale" data-act="` + pageworker.ActHash + `" data-hash="stale" data-testid="replay-stale" title="Named by an older hash scheme: today's recorder looks for another name. Click to show them in the table.">`)
	w.Num(r.Stale)
	w.Raw(` stale</button> <button class="chip hash-mismatch" data-act="` + pageworker.ActHash + `" data-hash="mismatch" data-testid="replay-mismatch" title="No scheme gives the name: the request was edited or the file renamed. Click to show them in the table.">`)
	w.Num(r.Mismatch)
	w.Raw(` mismatch</button></p><p class="muted">`)
	var notes []string
	if r.Leftovers > 0 {
		notes = append(notes, plural(r.Leftovers, "stale file")+iff(r.Leftovers == 1, " holds", " hold")+" a request another file holds under today's name")
	}
	if r.Fixes > 0 {
		notes = append(notes, "recview doctor --fix renames "+plural(r.Fixes, "stale file")+" to today's name")
	}
	notes = append(notes, fmt.Sprintf("%d ok", r.OK))
	if r.NotReplayed > 0 {
		notes = append(notes, fmt.Sprintf("%d not replayed (file processors: the recorder makes the real call)", r.NotReplayed))
	}
	// Apart, as the index lists them: the files that are not recordings,
	// and those that look like recordings and do not parse (its error
	// rows).
	if r.Skipped > 0 {
		notes = append(notes, plural(r.Skipped, ".json file")+iff(r.Skipped == 1, " is not a recording", " are not recordings"))
	}
	if r.Broken > 0 {
		notes = append(notes, plural(r.Broken, "recording")+iff(r.Broken == 1, " does", " do")+" not parse")
	}
	if !r.RootKnown {
		notes = append(notes, "the paths do not say where tests/integration is, so which folder replay looks in is not known")
	}
	w.Text(strings.Join(notes, " · ") + ".")
	w.Raw(`</p><label class="replay-dir" title="The recorder's base folder, relative to the repository root, as OGX_TEST_RECORDING_DIR sets it: replay's fallback folder is this folder's recordings/. Press Enter to apply.">Recorder's folder (OGX_TEST_RECORDING_DIR) <input type="text" spellcheck="false" data-testid="replay-recording-dir" data-act="` + pageworker.ActRecordingDir + `" placeholder="` + replay.DefaultRecordingDir + `" value="`)
	w.Text(r.RecordingDir)
	w.Raw(`"></label></div>`)
	head = take()

	w.Raw(`Files replay never finds: `)
	w.Num(r.NeverN)
	endSummary()
	w.Raw(`<ul class="replay-list">`)
	for _, f := range r.Never {
		w.Raw(`<li>`)
		pathLink(&w, f.Path)
		statusBadge(&w, f.Status)
		w.Raw(` <span class="muted">`)
		switch {
		case f.Status == reqhash.NotReplayed.String():
			w.Raw(`the recorder never replays file processors`)
		case f.Replay == "":
			w.Raw(`replay's name for it is not known`)
		case f.Leftover:
			w.Raw(`a copy: replay opens `)
			w.Text(f.ReplayAt)
		case f.ReplayAt != "":
			w.Raw(`replay opens `)
			w.Text(f.ReplayAt)
		default:
			w.Raw(`replay looks for `)
			w.Text(f.Replay)
			w.Raw(`, missing`)
		}
		w.Raw(` · `, replay.Size(int64(f.Size)), `</span></li>`)
	}
	w.Raw(`</ul>`)
	more(&w, len(r.Never), r.NeverN)
	endFold("never")

	w.Raw(`Duplicates: `, plural(r.DuplicatesN, "request"), ` held by more than one file, `,
		iff(r.Copies == 1, "1 copy", fmt.Sprintf("%d copies", r.Copies)), ` (`, replay.Size(r.DuplicateBytes), `)`)
	endSummary()
	if r.DuplicatesN == 0 {
		w.Raw(`<p class="muted">No two files hold the same request.</p>`)
	} else {
		w.Raw(`<ul class="replay-list" data-testid="replay-duplicates">`)
		for _, d := range r.Duplicates {
			w.Raw(`<li data-testid="replay-duplicate"><span class="muted">keep</span> `)
			pathLink(&w, d.Keep)
			w.Raw(`<ul>`)
			for _, p := range d.Drop[:min(len(d.Drop), maxCopies)] {
				w.Raw(`<li><span class="muted">copy</span> `)
				pathLink(&w, p)
				w.Raw(`</li>`)
			}
			if len(d.Drop) > maxCopies {
				n := len(d.Drop) - maxCopies
				w.Raw(`<li class="muted">… and `, iff(n == 1, "1 more copy", fmt.Sprintf("%d more copies", n)), `</li>`)
			}
			w.Raw(`</ul></li>`)
		}
		w.Raw(`</ul>`)
		more(&w, len(r.Duplicates), r.DuplicatesN)
	}
	endFold("duplicates")

	w.Raw(`Tests with the most recordings`)
	endSummary()
	if len(r.Heavy) == 0 {
		w.Raw(`<p class="muted">No test has two recordings.</p>`)
	} else {
		w.Raw(`<ol class="replay-list" data-testid="replay-heavy">`)
		for _, h := range r.Heavy {
			w.Raw(`<li><code>`)
			w.Text(h.TestID)
			w.Raw(`</code> <b>`)
			w.Num(h.Count)
			w.Raw(`</b><ul>`)
			for _, g := range h.Groups {
				w.Raw(`<li>`)
				w.Text(strings.Join(nonEmpty(g.Endpoint, g.Model), " · "))
				w.Raw(` <b>`)
				w.Num(g.N)
				w.Raw(`</b>`)
				switch {
				case g.N > 1 && len(g.Fields) > 0:
					w.Raw(iff(g.OnlyMissed, `: differ only in fields the normalization misses: `, `: differ in `))
					for k, f := range g.Fields {
						w.Raw(iff(k > 0, ", ", ""), `<code>`)
						w.Text(f)
						w.Raw(`</code>`)
					}
				case g.N > 1 && !r.Compared:
					w.Raw(` <span class="muted">(comparing their requests…)</span>`)
				case g.N > 1:
					w.Raw(`: the same request body`)
				}
				w.Raw(`</li>`)
			}
			w.Raw(`</ul></li>`)
		}
		w.Raw(`</ol>`)
	}
	endFold("heavy")

	w.Raw(`OK name, wrong folder: `)
	w.Num(r.MisplacedN)
	endSummary()
	whyList(&w, "replay-misplaced", r.Misplaced, r.MisplacedN)
	endFold("misplaced")

	if r.Tests {
		w.Raw(`Recordings of tests that no longer exist: `)
		w.Num(r.OrphansN)
		endSummary()
		whyList(&w, "replay-orphans", r.Orphans, r.OrphansN)
		endFold("orphans")
	}
	return head, folds
}

// whyList writes the list (hook testid) of files and why each is in it,
// all of them being the list's length before it was cut at MaxList.
func whyList(w *htmlw.Writer, testid string, files []Listed, all int) {
	w.Raw(`<ul class="replay-list" data-testid="`, testid, `">`)
	for _, o := range files {
		w.Raw(`<li>`)
		pathLink(w, o.Path)
		w.Raw(` <span class="muted">`)
		w.Text(o.Why)
		w.Raw(`</span></li>`)
	}
	w.Raw(`</ul>`)
	more(w, len(files), all)
}

// statusBadge writes " " and a hash status as the index's badge.
func statusBadge(w *htmlw.Writer, status string) {
	w.Raw(` <span class="badge hash-`)
	w.Text(status)
	w.Raw(`">`)
	w.Text(status)
	w.Raw(`</span>`)
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
