package diff

import (
	"strconv"

	"github.com/recview/recview/recordings"
)

// tokenCount reads a response change of two token counts
// (recordings.ReadTokenCount): true when it was one, written by
// flushTokenCount. A count is the answer to the request, so a count that
// moved changes the result, where an answer's usage does not; it is
// minor, as a tokenizer's or a prompt's small change moves it. An
// error's body is not a count (errors reads it).
func (jd *judging) tokenCount(ch Change) bool {
	if jd.a.Family != recordings.FamilyTokenCount || jd.b.Family != recordings.FamilyTokenCount ||
		ch.Path == "" || ch.Path == "object" || jd.failed {
		return false
	}
	jd.counts = append(jd.counts, ch)
	return true
}

// flushTokenCount turns the token counts' changes into a finding,
// naming the first.
func (jd *judging) flushTokenCount() {
	if len(jd.counts) == 0 {
		return
	}
	c := jd.counts[0]
	s := "token count moved (" + c.Path + " " + orNone(c.Old) + " → " + orNone(c.New)
	if n := len(jd.counts) - 1; n > 0 {
		s += ", " + strconv.Itoa(n) + " more"
	}
	jd.add(SeverityLow, ConcernOther, s+")")
}
