package app

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/recview/recview/internal/pageworker"
)

// A review's decisions, as cargo insta's review asks them: each pair
// accepted (the change is fine) or flagged (it needs a look, or a new
// recording), with an optional one-line note. They are kept by the
// pair's digest (Row.Digest: the SHA-256 of its two files), in this
// browser's localStorage: a reload, the same folders picked again or a
// new push of the pull request finds them again on every pair whose two
// files did not change, and a pair that changed comes back undecided.
const (
	choiceAccept = "accept"
	choiceFlag   = "flag"
)

// decisionKeys are the review page's decision keys: a accepts, f flags
// the pair shown (or the table's current row), then moves to the next
// pair to look at, as n does.
var decisionKeys = map[string]string{"a": choiceAccept, "f": choiceFlag}

// decisionsKey is the localStorage key of the decisions: a list of
// storedDecision, oldest first, at most maxDecisions of them.
const (
	decisionsKey = "recview-decisions"
	maxDecisions = 10000
)

// storedDecision is a decision as localStorage keeps it: the pair's
// digest, "accept", "flag" or "" (a note on an undecided pair), its note.
type storedDecision struct {
	Digest string `json:"d"`
	Choice string `json:"c,omitempty"`
	Note   string `json:"n,omitempty"`
}

// decisionKey is the key of row r's decision in reviewSet.decisions: its
// digest; for a row without one (its files could not be hashed) its path,
// a decision kept while the page is open, and not in the comment.
func decisionKey(r *pageworker.Row) string {
	if r.Digest != "" {
		return r.Digest
	}
	return "path:" + r.Path()
}

// decisionOf is row r's decision: Decision "accept", "flag", or "" when
// undecided (its Note may be set still).
func (rv *reviewSet) decisionOf(r *pageworker.Row) pageworker.Decided {
	return rv.decisions[decisionKey(r)]
}

// cleanNote makes s a note as the decisions file takes it (review.Decision
// .Check): one line, its line breaks and tabs made spaces, no other
// control character and none that turns the direction of text, trimmed,
// at most pageworker.MaxNote characters.
func cleanNote(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unicode.IsControl(r) || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > pageworker.MaxNote {
		s = strings.TrimSpace(string([]rune(s)[:pageworker.MaxNote]))
	}
	return s
}

// decide records choice ("accept", "flag"; "" undecides) on row i,
// keeping its note, and keeps it in localStorage.
func (v *Viewer) decide(i int, choice string) {
	rv := v.rs.set
	if rv == nil || rv.rep == nil || i < 0 || i >= len(rv.rep.Rows) {
		return
	}
	r := &rv.rep.Rows[i]
	d := rv.decisionOf(r)
	d.Decision = choice
	v.keepDecision(rv, r, d)
}

// setNote sets row i's note (cleanNote), keeping its decision.
func (v *Viewer) setNote(i int, note string) {
	rv := v.rs.set
	if rv == nil || rv.rep == nil || i < 0 || i >= len(rv.rep.Rows) {
		return
	}
	r := &rv.rep.Rows[i]
	d := rv.decisionOf(r)
	if d.Note = cleanNote(note); d.Note == rv.decisionOf(r).Note {
		return
	}
	v.keepDecision(rv, r, d)
}

// keepDecision sets row r's decision to d, and keeps it in localStorage
// (by its digest, the newest last): an undecided row without a note is
// dropped from both.
func (v *Viewer) keepDecision(rv *reviewSet, r *pageworker.Row, d pageworker.Decided) {
	key := decisionKey(r)
	d.Digest = r.Digest
	if d.Decision == "" && d.Note == "" {
		delete(rv.decisions, key)
	} else {
		rv.decisions[key] = d
	}
	rv.version++
	rv.rowsVer++
	rv.copied = nil // the comment copied before says other decisions
	if r.Digest == "" {
		return
	}
	var list []storedDecision
	v.ctx.LocalStorage().Get(decisionsKey, &list)
	for k := range list {
		if list[k].Digest == r.Digest {
			list = append(list[:k], list[k+1:]...)
			break
		}
	}
	if d.Decision != "" || d.Note != "" {
		list = append(list, storedDecision{Digest: r.Digest, Choice: d.Decision, Note: d.Note})
	}
	list = list[max(0, len(list)-maxDecisions):]
	// A full storage drops the oldest half, then says so.
	for v.ctx.LocalStorage().Set(decisionsKey, list) != nil {
		if len(list) < 2 {
			rv.storeErr = "This browser's storage is full: the decisions are kept while the page is open. Save decisions keeps them in a file."
			return
		}
		list = list[len(list)/2:]
	}
	rv.storeErr = ""
}

// loadDecisions reads the decisions of a review's rows from localStorage
// (decisionsKey), by their digests.
func (v *Viewer) loadDecisions(rv *reviewSet) {
	var list []storedDecision
	v.ctx.LocalStorage().Get(decisionsKey, &list)
	if len(list) == 0 {
		return
	}
	byDigest := make(map[string]storedDecision, len(list))
	for _, s := range list {
		if s.Choice == "" || s.Choice == choiceAccept || s.Choice == choiceFlag {
			byDigest[s.Digest] = s
		}
	}
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		if s, ok := byDigest[r.Digest]; ok && r.Digest != "" {
			rv.decisions[r.Digest] = pageworker.Decided{Digest: r.Digest, Decision: s.Choice, Note: cleanNote(s.Note)}
		}
	}
}

// decideKey does what a key of decisionKeys does: it decides the pair
// shown, then opens the next pair to look at; on the table, the current
// row, then moves to the next.
func (v *Viewer) decideKey(choice string) {
	rv := v.rs.set
	switch {
	case rv == nil || rv.rep == nil:
	case rv.pair >= 0:
		// The next pair is found first: the decision may take this one
		// out of the filter (undecided pairs only).
		next, ok := rv.step(1)
		v.decide(rv.pair, choice)
		if ok {
			v.openPair(next, false)
		}
	case rv.seen >= 0:
		next, ok := rv.stepFrom(rv.seen, 1)
		v.decide(rv.seen, choice)
		if ok {
			rv.seen = next
			showCurrentRow(next, true, true)
		}
	}
}

// decisionTally counts a review's decisions as the comment does
// (review.Result.Tally): of the pairs to look at (high and medium
// severity) those flagged, accepted and left; of the others those
// flagged and accepted.
type decisionTally struct {
	flagged, accepted, left, lookAt int
	otherFlagged, otherAccepted     int
}

// tally counts rv's decisions (decisionTally).
func (rv *reviewSet) tally() decisionTally {
	var t decisionTally
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		look := toLookAt(r)
		if look {
			t.lookAt++
		}
		switch d := rv.decisionOf(r).Decision; {
		case d == "" && look:
			t.left++
		case d == choiceFlag && look:
			t.flagged++
		case d == choiceAccept && look:
			t.accepted++
		case d == choiceFlag:
			t.otherFlagged++
		case d == choiceAccept:
			t.otherAccepted++
		}
	}
	return t
}

// toLookAt reports whether a row is one of the pairs to look at: high or
// medium severity (review.Pair.ToLookAt).
func toLookAt(r *pageworker.Row) bool { return r.Severity == "high" || r.Severity == "medium" }

// inDecision reports whether row r is among those the decision facet v
// keeps: "flag" and "accept" the rows so decided, "left" the pairs to
// look at not decided yet.
func (rv *reviewSet) inDecision(r *pageworker.Row, v string) bool {
	d := rv.decisionOf(r).Decision
	if v == "left" {
		return d == "" && toLookAt(r)
	}
	return d == v
}
