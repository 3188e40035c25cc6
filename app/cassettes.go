package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/fixturepath"
)

// Other recorders' cassettes (vcrpy's YAML or JSON, pydantic-ai's,
// Datadog's test agent's: recordings/cassette) open as one of their
// interactions. The page's worker reads them (pageworker.ReadCassette:
// app.wasm links no YAML parser) into the interactions' recordings, which
// the page opens as any recording, with the cassette's list of
// interactions above.

// actionInteraction opens another interaction (an index from 0) of the
// current recording's cassette.
const actionInteraction action[int] = "recview/interaction"

// cassetteDoc is the cassette an open recording is an interaction of.
type cassetteDoc struct {
	name string // the cassette's file name
	data []byte // the cassette as read: what a link carries
	info *pageworker.Cassette
	k    int // the interaction shown, from 0
}

// mayBeCassette reports a file recordings.Parse refused (or pasted text)
// that may be another recorder's fixture, for the worker to read
// (recordings/cassette): any JSON (a test agent's {request, response}, a
// HAR, a test proxy's {Entries}, a vercel/ai response body); YAML of
// vcrpy's, Ruby VCR's or go-vcr's {interactions} or httpmock's when:
// and then:; an httprr trace, or gzipped data (an .httprr.gz).
func mayBeCassette(data []byte) bool {
	return looksJSON(data) || bytes.Contains(data, []byte("interactions")) ||
		bytes.Contains(data, []byte("request")) && bytes.Contains(data, []byte("response")) ||
		bytes.Contains(data, []byte("when:")) && bytes.Contains(data, []byte("then:")) ||
		bytes.HasPrefix(data, []byte("httprr trace v1")) || bytes.HasPrefix(data, []byte{0x1f, 0x8b})
}

// looksJSON reports data whose first non-blank byte opens a JSON object
// or array.
func looksJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// newDocOrCassette prepares the file name's data as a recording
// (newDoc), or, when it is another recorder's cassette, as its
// interaction k (from 1; 0 for the first), read by the worker worker
// returns. The error is the recording's when the file is JSON that is
// neither, else the cassette's. It blocks: call it from a goroutine
// (ctx.Async).
func newDocOrCassette(worker func() *pageWorker, name string, data []byte, k int) (*openDoc, error) {
	var recErr error
	if !fixturepath.CassetteOnly(name) {
		d, err := newDoc(name, data)
		if err == nil || !mayBeCassette(data) {
			return d, err
		}
		recErr = err
	}
	c, err := worker().readCassette(name, data)
	switch {
	case err != nil && recErr != nil && looksJSON(data):
		return nil, recErr
	case err != nil:
		return nil, err
	}
	if c.Unzipped != nil {
		data = c.Unzipped // a link carries text
	}
	return interactionDoc(&cassetteDoc{name: name, data: data, info: c}, k)
}

// interactionDoc prepares interaction k (from 1; 0 for the first) of a
// cassette as a recording named "NAME#K", as `recview show` names it.
func interactionDoc(cas *cassetteDoc, k int) (*openDoc, error) {
	n := len(cas.info.Interactions)
	if k == 0 {
		k = 1
	}
	switch {
	case n == 0:
		return nil, fmt.Errorf("%s: the cassette holds no interactions", cas.name)
	case k > n:
		return nil, fmt.Errorf("%s: the link names interaction #%d; the cassette holds #1 to #%d", cas.name, k, n)
	}
	c := *cas
	c.k = k - 1
	d, err := prepareDoc(fixturepath.Interaction(cas.name, k), cas.info.Interactions[k-1].Recording, false)
	if d != nil {
		d.cas = &c
	}
	return d, err
}

// readCassette asks the worker for the cassette's interactions. It
// blocks: call it from a goroutine (ctx.Async).
func (p *pageWorker) readCassette(name string, data []byte) (*pageworker.Cassette, error) {
	a, err := p.ask(func(id int) pageworker.Message { return &pageworker.ReadCassette{ID: id, Name: name} },
		[]app.Value{browser.NewBuffer(data)})
	switch {
	case err != nil:
		return nil, err
	case a.Err != "":
		return nil, fmt.Errorf("%s", a.Err)
	case a.Cassette == nil:
		return nil, fmt.Errorf("the worker's protocol: an answer to a cassette message without its cassette")
	}
	return a.Cassette, nil
}

// asyncWorker is the page's worker (comparingWorker: started now if there
// is none, or if it died) for a goroutine of the page's: it asks the UI
// goroutine for it.
func (v *Viewer) asyncWorker() *pageWorker {
	ch := make(chan *pageWorker, 1)
	v.ctx.Dispatch(func(app.Context) {
		if v.comparer != nil && v.comparer.dead() {
			v.comparer.stop()
			v.comparer = nil
		}
		ch <- v.comparingWorker()
	})
	return <-ch
}

// openInteraction shows interaction k (from 0) of the current
// recording's cassette in its place; the cassette's link goes with it.
func (v *Viewer) openInteraction(k int) {
	d := v.current()
	if d == nil || d.cas == nil || k == d.cas.k || k < 0 || k >= len(d.cas.info.Interactions) {
		return
	}
	at := v.cur
	ctx := v.ctx
	v.loading = fixturepath.Interaction(d.cas.name, k+1)
	ctx.Async(func() {
		nd, err := interactionDoc(d.cas, k+1)
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.loading = ""
			if at >= len(v.docs) || v.docs[at] != d {
				return // the page moved on meanwhile
			}
			nd.sample, nd.src, nd.link, nd.noLink = d.sample, d.src, d.link, d.noLink
			v.docs[at] = nd
			v.playing = false
			v.syncFragment()
		})
	})
}

// shareCassetteLink gives d's link (or noLink) to the open interactions
// of d's cassette: one opened while linkLocal encoded the cassette for
// another has none of its own.
func (v *Viewer) shareCassetteLink(d *openDoc) {
	if d.cas == nil {
		return
	}
	for _, o := range v.docs {
		if o.cas != nil && o.cas.info == d.cas.info && o.link == "" {
			o.link, o.noLink = d.link, d.noLink
		}
	}
}

// linkData is what a link to d carries (permalink data is JSON): the
// recording, or the cassette of an interaction, a YAML one as the JSON
// string of its text (cassetteText reads it back).
func (d *openDoc) linkData() []byte {
	switch {
	case d.cas == nil:
		return d.data
	case json.Valid(d.cas.data):
		return d.cas.data
	}
	b, _ := json.Marshal(string(d.cas.data))
	return b
}

// cassetteText is the text of a cassette a link carried as a JSON string
// (linkData); other data as it is.
func cassetteText(data []byte) []byte {
	var s string
	if len(data) > 0 && data[0] == '"' && json.Unmarshal(data, &s) == nil {
		return []byte(s)
	}
	return data
}

// linkName is the file name a link to d gives: the cassette's for an
// interaction of one.
func (d *openDoc) linkName() string {
	if d.cas != nil {
		return d.cas.name
	}
	return d.name
}

// interaction is the i=K of a link to d: K from 1 for an interaction of
// a cassette, 0 otherwise.
func (d *openDoc) interaction() int {
	if d.cas != nil {
		return d.cas.k + 1
	}
	return 0
}

// cassetteList is the list of a cassette's interactions above the one
// shown: each its number, method, host and path, status, model, whether
// it streams (and its chunks) and whether it records a credential; a
// click (or [ and ]) opens another; then the shown one's headers,
// folded. Written as HTML by hand, as the index's table is, for
// app.wasm's size; every text escaped.
func cassetteList(cas *cassetteDoc) app.UI {
	its := cas.info.Interactions
	var w htmlw.Writer
	w.Raw(`<div><p class="cassette-head"><strong>`, recorderTitle(cas.info.Recorder), `</strong> · `)
	w.Raw(plural(len(its), "interaction"), iff(len(its) > 1, ` · [ and ] step through them`, ""), `</p><ol class="interactions">`)
	for i := range its {
		it := &its[i]
		cur := i == cas.k
		w.Raw(`<li><button class="interaction`, iff(cur, " current", ""), `" data-testid="interaction" data-act="`, pageworker.ActInteraction, `" data-k="`)
		w.Num(i)
		w.Raw(`" aria-current="`, iff(cur, "true", "false"), `"><span class="n">#`)
		w.Num(i + 1)
		w.Raw(`</span><code>`)
		w.Text(it.Method + " " + hostPath(it.URI))
		w.Raw(`</code>`)
		if it.Status != 0 {
			w.Raw(`<span class="chip`, iff(it.Status >= 400, " bad", ""), `">`)
			w.Num(it.Status)
			w.Raw(`</span>`)
		}
		if it.Model != "" {
			w.Raw(`<span class="chip">`)
			w.Text(it.Model)
			w.Raw(`</span>`)
		}
		if it.Streamed {
			w.Raw(`<span class="chip">stream`)
			if it.Chunks > 0 {
				w.Raw(` · `)
				w.Num(it.Chunks)
			}
			w.Raw(`</span>`)
		}
		if len(it.Secrets) > 0 {
			w.Raw(`<span class="chip bad" data-testid="interaction-secret">credential</span>`)
		}
		w.Raw(`</button></li>`)
	}
	w.Raw(`</ol>`)
	if hs := its[cas.k].Headers; len(hs) > 0 {
		w.Raw(`<details class="headers" data-testid="interaction-headers"><summary>Headers of #`)
		w.Num(cas.k + 1)
		w.Raw(`</summary><table>`)
		for _, h := range hs {
			w.Raw(`<tr><td class="muted">`)
			w.Text(h.Side)
			w.Raw(`</td><td><code>`)
			w.Text(h.Name)
			w.Raw(`</code></td><td><code>`)
			w.Text(h.Value)
			w.Raw(`</code></td></tr>`)
		}
		w.Raw(`</table></details>`)
	}
	if n := its[cas.k].Notice; n != "" {
		w.Raw(`<p class="notice" data-testid="interaction-notice">`)
		w.Text(strings.ToUpper(n[:1]) + n[1:] + ".")
		w.Raw(`</p>`)
	}
	for _, s := range its[cas.k].Secrets {
		w.Raw(`<p class="notice bad" data-testid="secret">`)
		w.Text(s + ": filter it (vcrpy's filter_headers, filter_query_parameters) and rotate the key")
		w.Raw(`</p>`)
	}
	w.Raw(`</div>`)
	return app.Div().Class("cassette").DataSet("testid", "cassette").
		OnClick(func(ctx app.Context, e app.Event) {
			if b := browser.EventOf(e).Target().Closest("[data-act=" + pageworker.ActInteraction + "]"); b.Exists() {
				if k, err := strconv.Atoi(b.Data("k")); err == nil {
					ctx.NewActionWithValue(actionInteraction.with(k))
				}
			}
		}).Body(app.Raw(w.String()))
}

// recorderTitle names a cassette's recorder for the list's head.
func recorderTitle(r string) string {
	switch r {
	case "vcrpy":
		return "vcrpy cassette"
	case "pydantic-ai-xai":
		return "pydantic-ai xAI cassette"
	case "dd-test-agent":
		return "Datadog test agent cassette"
	case "ruby-vcr":
		return "Ruby VCR cassette"
	case "go-vcr":
		return "go-vcr cassette"
	case "httprr":
		return "httprr trace"
	case "httpmock":
		return "httpmock recording"
	case "azure-test-proxy":
		return "Azure SDK test proxy recording"
	case "har":
		return "HAR"
	case "vercel-ai-fixture":
		return "vercel/ai fixture"
	}
	return "cassette"
}

// hostPath is a URL's host and path, its query left out (it may hold a
// key: the list shows where the call went, the raw JSON the rest).
func hostPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	return u.Host + u.EscapedPath()
}

// indexCassette is the index's rows of a cassette the folder's worker w
// read from data: one per interaction, from what the worker read of its
// recording (the page parses none of them), test_id from the path as
// pytest-recording writes cassettes, a recorded credential flagged; or
// nil with the worker's error when it is none. It blocks: call it from
// a goroutine (ctx.Async).
func indexCassette(w *pageWorker, f browser.File, file int, data []byte) ([]indexRow, error) {
	c, err := w.readCassette(f.Name, data)
	if err != nil {
		return nil, err
	}
	test := fixturepath.CassetteTest(f.Path)
	rows := make([]indexRow, 0, len(c.Interactions))
	for k := range c.Interactions {
		it := &c.Interactions[k]
		row := indexRow{file: file, k: k + 1, path: fixturepath.Interaction(f.Path, k+1), testID: test, hash: "cassette",
			family: recordings.Family(it.Family), endpoint: callOf(it.Method, it.URI), model: it.Model,
			streaming: it.Streamed, chunks: it.Chunks, result: "ok"}
		switch {
		case it.Err != "":
			row = indexRow{file: file, k: k + 1, path: row.path, hash: "error", err: it.Err}
		case it.Failed:
			row.result, row.failed = "error", it.FailedStatus
		}
		if len(it.Secrets) > 0 {
			row.secret = it.Secrets[0]
		}
		row.hay = strings.ToLower(strings.Join([]string{row.path, row.testID, string(row.family), row.family.Title(), row.endpoint, row.model, row.hash, row.secret, row.err}, "\x00"))
		if row.result == "error" {
			row.hay += "\x00error"
		}
		if row.secret != "" {
			row.hay += "\x00credential"
		}
		rows = append(rows, row)
	}
	return rows, nil
}
