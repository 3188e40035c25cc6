package replayhtml

import (
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/pageworker"
)

// Lookup is the panel of a pasted "Recording not found" error
// (Lookup, answered by the folder's worker): what the
// error says, where replay looks and what is there, the nearest
// recordings, and, when a request body was pasted with the error, its
// differences with the nearest one by JSON path. Hooks: notfound-panel,
// notfound-candidate (a candidate recording), notfound-diff (the request
// diff); the close button's data-act is "close-notfound".
func (l *Lookup) HTML() string {
	var w htmlw.Writer
	w.Raw(`<section class="notfound" data-testid="notfound-panel" aria-label="Replay's missing recording, looked up in the folder">`)
	w.Raw(`<button class="link close" data-act="` + pageworker.ActCloseNotFound + `" title="Close this lookup" aria-label="Close this lookup">×</button>`)
	w.Raw(`<h3>Recording not found: looked up in this folder</h3>`)
	if l.Err != "" && l.Hash == "" {
		w.Raw(`<p class="warn">`)
		w.Text(l.Err)
		w.Raw(`</p></section>`)
		return w.String()
	}
	w.Raw(`<dl class="notfound-facts">`)
	fact := func(k, v string) {
		if v == "" {
			return
		}
		w.Raw(`<dt>`, k, `</dt><dd><code>`)
		w.Text(v)
		w.Raw(`</code></dd>`)
	}
	fact("hash", l.Hash)
	fact("test", l.TestID)
	fact("model", l.Model)
	if l.URL != "" {
		fact("request", l.Method+" "+l.URL)
	} else {
		fact("endpoint", l.Endpoint)
	}
	w.Raw(`</dl>`)
	if l.Err != "" {
		w.Raw(`<p class="warn">`)
		w.Text(l.Err)
		w.Raw(`</p>`)
	}

	if len(l.Places) > 0 {
		w.Raw(`<p>Replay looks for <code>`)
		w.Text(l.Places[0].Want)
		w.Raw(`</code> in `)
		for i, p := range l.Places {
			w.Raw(iff(i > 0, ", then ", ""), `<code>`)
			w.Text(p.Dir + "/")
			w.Raw(`</code>`)
		}
		w.Raw(`.</p>`)
	} else if l.TestID == "" {
		w.Raw(`<p class="muted">The text names no test (paste pytest's FAILED line or failure header with it), so which folder replay looks in is not known: the whole folder was searched.</p>`)
	}
	switch {
	case len(l.Merged) > 1:
		w.Raw(`<p class="ok">A model list: replay reads and merges these files:</p><ul class="replay-list">`)
		for _, p := range l.Merged {
			w.Raw(`<li>`)
			pathLink(&w, p)
			w.Raw(`</li>`)
		}
		w.Raw(`</ul><p>Is the folder open the one the test ran against?</p>`)
	case l.Found != "":
		w.Raw(`<p class="ok">Replay finds it here: `)
		pathLink(&w, l.Found)
		w.Raw(`. Is the folder open the one the test ran against?</p>`)
	case len(l.Named) > 0:
		w.Raw(`<p>Files named with this hash, but not where replay looks:</p><ul class="replay-list">`)
		for _, f := range l.Named {
			w.Raw(`<li>`)
			pathLink(&w, f.Path)
			w.Raw(`</li>`)
		}
		w.Raw(`</ul>`)
	default:
		w.Raw(`<p><b>No file of this folder has this name.</b></p>`)
	}
	if len(l.Held) > 0 {
		w.Raw(`<p>Files holding this very request under an older name (<code>recview doctor --fix</code> renames them):</p><ul class="replay-list">`)
		for _, f := range l.Held {
			w.Raw(`<li data-testid="notfound-candidate">`)
			pathLink(&w, f.Path)
			statusBadge(&w, f.Status)
			w.Raw(`</li>`)
		}
		w.Raw(`</ul>`)
	}

	if l.Found == "" {
		held := map[string]bool{}
		for _, f := range l.Held {
			held[f.Path] = true
		}
		var near []Candidate // the candidates not listed above
		for _, c := range l.Candidates {
			if !held[c.Path] {
				near = append(near, c)
			}
		}
		switch {
		case len(near) > 0:
			w.Raw(`<p>The nearest recordings:</p><ul class="replay-list">`)
			for _, c := range near {
				w.Raw(`<li data-testid="notfound-candidate">`)
				pathLink(&w, c.Path)
				statusBadge(&w, c.Status)
				w.Raw(` <span class="muted">`)
				w.Text(c.Why)
				if c.Model != "" {
					w.Raw(` · `)
					w.Text(c.Model)
				}
				w.Raw(`</span></li>`)
			}
			w.Raw(`</ul>`)
		case len(l.Held) == 0:
			w.Raw(`<p class="muted">No recording of the same test, endpoint or model.</p>`)
		}
	}

	switch {
	case !l.Body:
		if l.Found == "" && len(l.Candidates) > 0 {
			w.Raw(`<p class="muted">Paste the request body (its JSON) with the error to see the field that moved the hash.</p>`)
		}
	case l.BodyErr != "":
		w.Raw(`<p class="warn">The pasted request body was not compared: `)
		w.Text(l.BodyErr)
		w.Raw(`</p>`)
	default:
		notFoundDiff(&w, l)
	}
	w.Raw(`</section>`)
	return w.String()
}

// notFoundDiff writes the pasted request against the nearest recording's
// request: each leaf of the canonical text that differs, by JSON path.
func notFoundDiff(w *htmlw.Writer, l *Lookup) {
	w.Raw(`<div class="notfound-diff" data-testid="notfound-diff"><p>The pasted request against `)
	pathLink(w, l.Nearest)
	w.Raw(` (today's canonical text; the pasted one hashes to <code>`)
	w.Text(short(l.BodyHash))
	w.Raw(`</code>`)
	if l.BodyHash == l.Hash {
		w.Raw(`, the hash of the error`)
	}
	w.Raw(`):</p>`)
	if len(l.Changes) == 0 {
		w.Raw(`<p class="muted">The canonical requests are the same: the name differs by the test id or the hash scheme.</p></div>`)
		return
	}
	w.Raw(`<table class="notfound-changes"><thead><tr><th>JSON path</th><th>recorded</th><th>requested</th></tr></thead><tbody>`)
	for _, c := range l.Changes {
		w.Raw(`<tr><td><code>`)
		w.Text(c.Path)
		w.Raw(`</code></td><td class="del">`)
		cell(w, c.Recorded)
		w.Raw(`</td><td class="ins">`)
		cell(w, c.Requested)
		w.Raw(`</td></tr>`)
	}
	w.Raw(`</tbody></table></div>`)
}

// cell writes a JSON value of the request diff, or "absent".
func cell(w *htmlw.Writer, v string) {
	if v == "" {
		w.Raw(`<span class="muted">absent</span>`)
		return
	}
	w.Raw(`<code>`)
	w.Text(v)
	w.Raw(`</code>`)
}

// short is the first 12 characters of a hash, as the recorder's old names.
func short(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}
