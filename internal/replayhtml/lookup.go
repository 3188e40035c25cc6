package replayhtml

import (
	"github.com/recview/recview/internal/replayrows"
)

// Lookup is the panel of a pasted "Recording not found" error
// (replayrows.Lookup, answered by the folder's replay worker): what the
// error says, where replay looks and what is there, the nearest
// recordings, and, when a request body was pasted with the error, its
// differences with the nearest one by JSON path. Hooks: notfound-panel,
// notfound-candidate (a candidate recording), notfound-diff (the request
// diff); the close button's data-act is "close-notfound".
func Lookup(l *replayrows.Lookup) string {
	var w htmlw
	w.raw(`<section class="notfound" data-testid="notfound-panel" aria-label="Replay's missing recording, looked up in the folder">`)
	w.raw(`<button class="link close" data-act="close-notfound" title="Close this lookup" aria-label="Close this lookup">×</button>`)
	w.raw(`<h3>Recording not found: looked up in this folder</h3>`)
	if l.Err != "" && l.Hash == "" {
		w.raw(`<p class="warn">`)
		w.text(l.Err)
		w.raw(`</p></section>`)
		return w.String()
	}
	w.raw(`<dl class="notfound-facts">`)
	fact := func(k, v string) {
		if v == "" {
			return
		}
		w.raw(`<dt>`, k, `</dt><dd><code>`)
		w.text(v)
		w.raw(`</code></dd>`)
	}
	fact("hash", l.Hash)
	fact("test", l.TestID)
	fact("model", l.Model)
	if l.URL != "" {
		fact("request", l.Method+" "+l.URL)
	} else {
		fact("endpoint", l.Endpoint)
	}
	w.raw(`</dl>`)
	if l.Err != "" {
		w.raw(`<p class="warn">`)
		w.text(l.Err)
		w.raw(`</p>`)
	}

	if len(l.Places) > 0 {
		w.raw(`<p>Replay looks for <code>`)
		w.text(l.Places[0].Want)
		w.raw(`</code> in `)
		for i, p := range l.Places {
			w.raw(iff(i > 0, ", then ", ""), `<code>`)
			w.text(p.Dir + "/")
			w.raw(`</code>`)
		}
		w.raw(`.</p>`)
	} else if l.TestID == "" {
		w.raw(`<p class="muted">The text names no test (paste pytest's FAILED line or failure header with it), so which folder replay looks in is not known: the whole folder was searched.</p>`)
	}
	switch {
	case l.Found != "":
		w.raw(`<p class="ok">Replay finds it here: `)
		pathLink(&w, l.Found)
		w.raw(`. Is the folder open the one the test ran against?</p>`)
	case len(l.Named) > 0:
		w.raw(`<p>Files named with this hash, but not where replay looks:</p><ul class="replay-list">`)
		for _, f := range l.Named {
			w.raw(`<li>`)
			pathLink(&w, f.Path)
			w.raw(`</li>`)
		}
		w.raw(`</ul>`)
	default:
		w.raw(`<p><b>No file of this folder has this name.</b></p>`)
	}
	if len(l.Held) > 0 {
		w.raw(`<p>Files holding this very request under an older name (<code>recview doctor --fix</code> renames them):</p><ul class="replay-list">`)
		for _, f := range l.Held {
			w.raw(`<li data-testid="notfound-candidate">`)
			pathLink(&w, f.Path)
			statusBadge(&w, f.Status)
			w.raw(`</li>`)
		}
		w.raw(`</ul>`)
	}

	if l.Found == "" {
		held := map[string]bool{}
		for _, f := range l.Held {
			held[f.Path] = true
		}
		var near []replayrows.Candidate // the candidates not listed above
		for _, c := range l.Candidates {
			if !held[c.Path] {
				near = append(near, c)
			}
		}
		switch {
		case len(near) > 0:
			w.raw(`<p>The nearest recordings:</p><ul class="replay-list">`)
			for _, c := range near {
				w.raw(`<li data-testid="notfound-candidate">`)
				pathLink(&w, c.Path)
				statusBadge(&w, c.Status)
				w.raw(` <span class="muted">`)
				w.text(c.Why)
				if c.Model != "" {
					w.raw(` · `)
					w.text(c.Model)
				}
				w.raw(`</span></li>`)
			}
			w.raw(`</ul>`)
		case len(l.Held) == 0:
			w.raw(`<p class="muted">No recording of the same test, endpoint or model.</p>`)
		}
	}

	switch {
	case !l.Body:
		if l.Found == "" && len(l.Candidates) > 0 {
			w.raw(`<p class="muted">Paste the request body (its JSON) with the error to see the field that moved the hash.</p>`)
		}
	case l.BodyErr != "":
		w.raw(`<p class="warn">The pasted request body was not compared: `)
		w.text(l.BodyErr)
		w.raw(`</p>`)
	default:
		notFoundDiff(&w, l)
	}
	w.raw(`</section>`)
	return w.String()
}

// notFoundDiff writes the pasted request against the nearest recording's
// request: each leaf of the canonical text that differs, by JSON path.
func notFoundDiff(w *htmlw, l *replayrows.Lookup) {
	w.raw(`<div class="notfound-diff" data-testid="notfound-diff"><p>The pasted request against `)
	pathLink(w, l.Nearest)
	w.raw(` (today's canonical text; the pasted one hashes to <code>`)
	w.text(short(l.BodyHash))
	w.raw(`</code>`)
	if l.BodyHash == l.Hash {
		w.raw(`, the hash of the error`)
	}
	w.raw(`):</p>`)
	if len(l.Changes) == 0 {
		w.raw(`<p class="muted">The canonical requests are the same: the name differs by the test id or the hash scheme.</p></div>`)
		return
	}
	w.raw(`<table class="notfound-changes"><thead><tr><th>JSON path</th><th>recorded</th><th>requested</th></tr></thead><tbody>`)
	for _, c := range l.Changes {
		w.raw(`<tr><td><code>`)
		w.text(c.Path)
		w.raw(`</code></td><td class="del">`)
		cell(w, c.Recorded)
		w.raw(`</td><td class="ins">`)
		cell(w, c.Requested)
		w.raw(`</td></tr>`)
	}
	w.raw(`</tbody></table></div>`)
}

// cell writes a JSON value of the request diff, or "absent".
func cell(w *htmlw, v string) {
	if v == "" {
		w.raw(`<span class="muted">absent</span>`)
		return
	}
	w.raw(`<code>`)
	w.text(v)
	w.raw(`</code>`)
}

// short is the first 12 characters of a hash, as the recorder's old names.
func short(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}
