package replayhtml

import (
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/htmlw"
)

// panelHTML is r's panel (Report.Panel) as one markup, as the page draws
// it from its parts: the head, then each fold as <details class="fold"
// data-fold=NAME>.
func panelHTML(r *Report) string {
	head, folds := r.Panel()
	var w htmlw.Writer
	w.Raw(`<section class="replay-report" data-testid="replay-report">`, head)
	for _, f := range folds {
		w.Raw(`<details class="fold" data-fold="`)
		w.Text(f.Name)
		w.Raw(`"><summary>`, f.Summary, `</summary>`, f.Body, `</details>`)
	}
	w.Raw(`</section>`)
	return w.String()
}

// The panels are HTML written by hand: every path, test id, status and
// value from the worker is escaped, and the hooks the e2e tests read are
// there.
func TestReplayPanelsEscape(t *testing.T) {
	const evil = `x"><img src=x onerror=alert(1)>.json`
	rep := Report{Recordings: 2, Stale: 1, Mismatch: 1, NeverN: 2,
		Never:       []File{{Path: evil, Status: `stale"><b>`, Replay: evil}},
		DuplicatesN: 1, Copies: 1, Duplicates: []Duplicate{{Keep: evil, Drop: []string{evil}}},
		Heavy: []Heavy{{TestID: evil, Count: 3, Groups: []Group{{Endpoint: evil, N: 3, Fields: []string{evil}}}}}}
	look := Lookup{Hash: strings.Repeat("a", 64), TestID: evil, Model: evil, Method: "POST", URL: evil,
		Places:     []Place{{Dir: evil, Want: evil}},
		Held:       []File{{Path: evil, Status: "stale"}},
		Candidates: []Candidate{{File: File{Path: "b.json", Status: "ok", Model: evil}, Why: evil}},
		Body:       true, BodyHash: strings.Repeat("b", 64), Nearest: "b.json",
		Changes: []Change{{Path: evil, Recorded: evil, Requested: ""}}}
	for name, html := range map[string]string{
		"report": panelHTML(&rep),
		"lookup": look.HTML(),
	} {
		if strings.Contains(html, "<img") || strings.Contains(html, `hash-stale"><b>`) {
			t.Errorf("%s: unescaped text:\n%s", name, html)
		}
		if !strings.Contains(html, "&lt;img src=x onerror=alert(1)&gt;") {
			t.Errorf("%s: the path is not shown escaped", name)
		}
	}
	for _, hook := range []string{"replay-report", "replay-stale", "replay-mismatch", "replay-duplicates", "replay-duplicate", "replay-heavy"} {
		if !strings.Contains(panelHTML(&rep), `data-testid="`+hook+`"`) {
			t.Errorf("the report has no %s", hook)
		}
	}
	lookup := look.HTML()
	for _, hook := range []string{"notfound-panel", "notfound-candidate", "notfound-diff"} {
		if !strings.Contains(lookup, `data-testid="`+hook+`"`) {
			t.Errorf("the lookup has no %s", hook)
		}
	}
	// A held file is not listed again among the candidates: two in all.
	if n := strings.Count(lookup, `data-testid="notfound-candidate"`); n != 2 {
		t.Errorf("%d candidates, want the held file and b.json", n)
	}
}

// A request held many times over lists maxCopies copies and says how many
// more; before its requests are compared, a heavy test says so.
func TestReportCaps(t *testing.T) {
	drop := []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7"}
	rep := Report{DuplicatesN: 1, Copies: 7, Duplicates: []Duplicate{{Keep: "k", Drop: drop}},
		Heavy: []Heavy{{TestID: "t", Count: 2, Groups: []Group{{Endpoint: "/e", N: 2}}}}}
	html := panelHTML(&rep)
	if n := strings.Count(html, `<span class="muted">copy</span>`); n != maxCopies || !strings.Contains(html, "… and 2 more copies") {
		t.Errorf("%d copies listed, want %d and 2 more:\n%s", n, maxCopies, html)
	}
	if !strings.Contains(html, "comparing their requests") {
		t.Error("the quick report does not say the requests are being compared")
	}
	rep.Compared = true
	if html := panelHTML(&rep); strings.Contains(html, "comparing") || !strings.Contains(html, "the same request body") {
		t.Errorf("the compared report:\n%s", html)
	}
}
