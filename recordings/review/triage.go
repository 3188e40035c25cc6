package review

import (
	"bytes"

	"github.com/recview/recview/recordings/diff"
)

// triage compares the recordings of a base entry and a head entry: the
// verdict, severity and findings are diff.Compare's, so that the review
// and every other view of the two files agree; the review adds the
// rename, the head name and the test's count (see why).
func triage(eb, eh *entry, change Change) Pair {
	p := Pair{
		Base: eb.path, Head: eh.path, Change: change,
		TestID: first(eh.testID, eb.testID), Endpoint: first(eh.endpoint, eb.endpoint),
		Name: eh.name(),
	}
	if bytes.Equal(eb.data, eh.data) {
		p.Verdict, p.Severity, p.Request, p.Result = VerdictUnchanged, SeverityNone, RequestSame, ResultSame
	} else {
		j := diff.Compare(eb.rec, eh.rec).Judgement
		p.Verdict, p.Severity, p.Request, p.Result = j.Verdict, j.Severity, j.Request, j.Result
		p.MetadataOnly, p.RequestPaths, p.Unhashed, p.Findings = j.MetadataOnly, j.RequestPaths, j.Unhashed, j.Findings
	}
	if change == Renamed {
		p.Rename = renameWhy(eb, eh)
	}
	if p.Name == NameMismatch {
		p.Findings = append(p.Findings, mismatchFinding(eh))
	}
	return p
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
