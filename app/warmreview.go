package app

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/permalink"
)

// warmReviewDrawing runs the page's code for a review's messages once, on
// made-up ones, and drops what it makes: the collector, unless it ran
// before (warmCollector), a status message read (pageworker.Decode), a report
// (warmReport) read and drawn as a review's is: decoded
// (pageworker.DecodeReport), each row written (writeRow), the head, the
// summary and the table (headHTML, summaryHTML, tableHTML). The page calls
// it while a two-folder review waits for its second folder, and while
// the worker makes a review: V8 compiles each function of WebAssembly the
// first time it is called, and the page's first report paid for that
// between the second folder's drop and its first row
// (docs/dev/performance-notes.md has the figures). pause is
// called between the steps (browser.Breather), and stop before each: the
// warming ends once stop reports true. Nothing is shown and no state of
// the page's is touched. It returns how many steps it made.
func warmReviewDrawing(pause func(), stop func() bool) int {
	steps := 0
	step := func(f func()) bool {
		if stop() {
			return false
		}
		f()
		steps++
		pause()
		return true
	}
	var body []byte
	var rep *pageworker.Report
	rv := warmSet()
	_ = step(warmCollector) &&
		step(func() {
			st := pageworker.Status{Phase: "Comparing", Done: 1, Total: 2}
			if b, err := pageworker.Encode(&st); err == nil {
				_ = pageworker.Decode(st.Kind(), b, &st)
			}
		}) &&
		step(func() { body, _ = pageworker.EncodeReport(warmReport()) }) &&
		step(func() { rep, _ = pageworker.DecodeReport(body, func() {}) }) &&
		rep != nil &&
		step(func() {
			rv.rep = rep
			for i := range rep.Rows {
				rv.rowsHTML = append(rv.rowsHTML, writeRow(&rep.Rows[i], i))
			}
		}) &&
		step(func() { _ = headHTML(rv) }) &&
		step(func() { _ = summaryHTML(rv) }) &&
		step(func() { _, _, _ = tableHTML(rv) })
	return steps
}

// warmCollector runs Go's collector if it never ran in the page's life:
// its code is compiled when it first runs, which the page otherwise paid
// for in the middle of a reader's first review. A page that never
// collected holds little, and so that collection is short; one that did
// (a folder indexed before) has the code compiled already, and is not
// made to collect a larger heap for nothing. It counts the collections
// with runtime/metrics, which the page links already (gchold):
// debug.ReadGCStats grew app.wasm past its budget (docs/dev/wasm-size.md).
func warmCollector() {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	if metrics.Read(s); s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() == 0 {
		runtime.GC()
	}
}

// warmSet is the change set warmReviewDrawing draws its report in, its
// folded rows unfolded: all of them drawn.
func warmSet() *reviewSet {
	rv := newReviewSet(permalink.Review{Kind: permalink.ReviewFolders, Base: "base", Head: "head"})
	rv.table.unfold = true
	return rv
}

// warmReport is the report warmReviewDrawing reads: a pair of each kind a
// review's table shows (modified with its answer changed, its request
// changed, the same answer chunked otherwise, ids only; renamed; added;
// deleted), with the summary's counts and a test whose recordings
// multiplied. Its paths and tests are made up.
func warmReport() *pageworker.Report {
	const dir = "tests/integration/recordings/"
	const test = "tests/integration/inference/test_openai_completion.py::test_openai_chat_completion_streaming[txt=ollama/llama3.2:3b-instruct-fp16]"
	row := func(change, base, head string, req diff.RequestStatus, res diff.ResultStatus, v diff.Verdict, sev diff.Severity, why string) pageworker.Row {
		return pageworker.Row{
			Base: base, Head: head, Change: change, Request: string(req), Result: string(res),
			TestID: test, Endpoint: "/v1/chat/completions", Name: "ok", Why: why,
			Severity: string(sev), Verdict: string(v), Meaningful: sev != diff.SeverityNone,
			Digest: "0123456789abcdef0123456789abcdef",
		}
	}
	a, b := dir+"4a0f1c.json", dir+"9d2e7b.json"
	// Appended one at a time: a literal of the seven made app.wasm link an
	// equality function for their array, whose type the runtime needs.
	rows := make([]pageworker.Row, 0, 7)
	rows = append(rows, row("modified", a, a, diff.RequestSame, diff.ResultChanged, diff.VerdictChanged, diff.SeverityHigh, "the answer's text changed: “Paris” → “Lyon”"))
	rows = append(rows, row("modified", b, b, diff.RequestChanged, diff.ResultChanged, diff.VerdictRequest, diff.SeverityMedium, "the request's messages[1].content changed"))
	rows = append(rows, row("modified", a, a, diff.RequestSame, diff.ResultChunking, diff.VerdictChunking, diff.SeverityLow, "the same answer in 12 chunks, not 9"))
	rows = append(rows, row("modified", b, b, diff.RequestSame, diff.ResultEnvironment, diff.VerdictEnvironment, diff.SeverityNone, "ids and timestamps"))
	rows = append(rows, row("renamed", a, dir+"moved/4a0f1c.json", diff.RequestSame, diff.ResultSame, diff.VerdictSame, diff.SeverityNone, "moved"))
	rows = append(rows, row("added", "", dir+"c3b5a8.json", "", "", diff.VerdictAdded, diff.SeverityLow, "a new recording"))
	rows = append(rows, row("deleted", dir+"e8d4f2.json", "", "", "", diff.VerdictDeleted, diff.SeverityMedium, "its test no longer records it"))
	return &pageworker.Report{
		Rows:       rows,
		Verdicts:   []pageworker.Count{{Of: string(diff.VerdictChanged), N: 1}, {Of: string(diff.VerdictRequest), N: 1}, {Of: string(diff.VerdictAdded), N: 1}},
		Changes:    []pageworker.Count{{Of: "modified", N: 4}, {Of: "renamed", N: 1}, {Of: "added", N: 1}, {Of: "deleted", N: 1}},
		Severities: []pageworker.Count{{Of: string(diff.SeverityHigh), N: 1}, {Of: string(diff.SeverityMedium), N: 2}},
		Names:      []pageworker.Count{{Of: "ok", N: 6}},
		ToLookAt:   3,
		Multiplied: []pageworker.TestCount{{TestID: test, Base: 1, Head: 3}},
	}
}

// warmStir counts what may begin a reader's next step: a drag over the
// page, a press anywhere on it, a folder taken for a review (setFolder).
// warmReviewDrawing's stop watches it.
type warmStir struct{ n atomic.Uint32 }

// stir counts one.
func (s *warmStir) stir() { s.n.Add(1) }

// since is a stop for warmReviewDrawing: true once anything is counted
// after the call.
func (s *warmStir) since() func() bool {
	at := s.n.Load()
	return func() bool { return s.n.Load() != at }
}
