package review

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/reqhash"
)

// renameWhy says why a renamed pair's name changed.
func renameWhy(eb, eh *entry) string {
	var parts []string
	if bytes.Equal(eb.data, eh.data) {
		parts = append(parts, "identical content")
	}
	if path.Base(eb.path) == path.Base(eh.path) {
		return strings.Join(append(parts, "moved from "+path.Dir(eb.path)+"/"), ", ")
	}
	cb, ch := eb.check, eh.check
	// A scheme explains both names: today's, or an older one's.
	known := func(s reqhash.Status) bool { return s == reqhash.OK || s == reqhash.Stale }
	ok := known(cb.Status) && known(ch.Status)
	schemes := " (" + cb.Scheme + " → " + ch.Scheme + ")"
	var r string
	switch {
	case eb.ident != eh.ident:
		r = "the request changed"
	case cb.FileHash == ch.FileHash && cb.FileDigest != ch.FileDigest:
		r = "the model list's digest changed"
	case ok && cb.Scheme == reqhash.SchemeV0 && (ch.Scheme == reqhash.SchemeCurrent || ch.Scheme == reqhash.SchemeLegacyNoFileSearch):
		r = "test_id entered the hash" + schemes
	case ok && cb.Scheme != ch.Scheme:
		r = "the hash scheme changed" + schemes
	case eb.testID != eh.testID:
		r = "test_id changed"
	case ch.Status == reqhash.Mismatch && len(parts) > 0:
		// Why says so, with the name the request hashes to.
	case ch.Status == reqhash.Mismatch:
		r = "the head name matches no hash scheme"
	case cb.Status == reqhash.Mismatch:
		r = "the base name matched no hash scheme"
	default:
		r = "another name for the same request"
	}
	if r != "" {
		parts = append(parts, r)
	}
	return strings.Join(parts, ", ")
}

// finish completes a pair's Findings with the review's own (why a file
// is unreadable, the rename, the test's count), sorts them most severe
// first, and writes its Why from them.
func finish(p *Pair) {
	fs := slices.Clip(p.Findings)
	if p.Change == Renamed {
		// The rename says so, with why the name changed.
		fs = slices.DeleteFunc(fs, func(f diff.Finding) bool { return f.Text == "test_id changed" })
	}
	if p.Err != "" {
		// The paths are the row's: say the side, the place and what.
		e := p.Err
		for _, path := range []string{p.Base, p.Head} {
			if path != "" {
				e = strings.ReplaceAll(e, "recordings: "+path+":", "")
			}
		}
		fs = append([]diff.Finding{{Severity: SeverityHigh, Concern: diff.ConcernCall, Text: "unreadable: " + e}}, fs...)
	}
	if p.Rename != "" {
		// First among its severity: what a renamed pair is about.
		fs = append([]diff.Finding{{Severity: SeverityNone, Text: "renamed: " + p.Rename}}, fs...)
	}
	if f, ok := testFinding(p); ok {
		fs = append(fs, f)
	}
	if p.Change == Modified {
		// One name, two questions: the name no longer tells the request.
		for i, f := range fs {
			if q, ok := strings.CutPrefix(f.Text, "different question: "); ok && f.Concern == diff.ConcernQuestion {
				fs[i].Text = "one name, two questions: " + q
			}
		}
	}
	diff.SortFindings(fs)
	p.Findings = fs
	p.Why = diff.JoinFindings(fs, diff.MaxWhy)
}

// testFinding says how the pair's test's recordings grew or shrank, for
// a recording added, deleted or renamed: "new test (7 recordings)", "test
// went from 1 to 75 recordings" (a test that multiplies its recordings,
// see Result.Multiplied), "test has 6 recordings (4 in base)".
func testFinding(p *Pair) (diff.Finding, bool) {
	t := p.Tests
	if p.TestID == "" || t.Base == t.Head || p.Change == Modified || p.Change == Unchanged {
		return diff.Finding{}, false
	}
	sev := p.Severity
	if p.Change == Renamed {
		sev = SeverityNone
	}
	unit := "recording"
	if p.cassette {
		unit = "interaction"
		if t.Base > 0 && t.Head > 0 && !multiplied(t) {
			return diff.Finding{}, false // the cassette's own finding says it
		}
	}
	var s string
	switch {
	case multiplied(t):
		s = fmt.Sprintf("test went from %d to %s", t.Base, plural(t.Head, unit))
	case t.Base == 0:
		s = "new test"
		if t.Head > 1 {
			s += fmt.Sprintf(" (%s)", plural(t.Head, unit))
		}
	case t.Head == 0:
		s = "test gone"
	case max(t.Base, t.Head) >= 2:
		s = fmt.Sprintf("test has %s (%d in base)", plural(t.Head, unit), t.Base)
	default:
		return diff.Finding{}, false
	}
	return diff.Finding{Severity: sev, Text: s}, true
}

// mismatchFinding says that e's name matches no hash scheme, with the
// name its request gives today: replay will not find the file. It adds
// nothing to the pair's severity: the head names have a summary of their
// own (and `recview review --fail-on stale`).
func mismatchFinding(e *entry) diff.Finding {
	return diff.Finding{Severity: SeverityNone, Text: "name matches no hash scheme (request hashes to " + short(e.check.ExpectedName) + ")"}
}

// plural is "1 thing", "2 things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
