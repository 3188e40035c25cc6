package diff

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/valyala/fastjson"
)

// FewWords is the most words a text change may remove or add and still
// be "a few words" (low severity) rather than a rewording (medium).
const FewWords = 3

// textChange adds up the changes of one kind of text (the answers', or
// their thinking) across the choices of a comparison.
type textChange struct {
	removed, added int // words, over the changes that change the result
	changes        int
	claims         []string // what an answer now states otherwise
	spelled        bool     // the same JSON, spelled differently
	space          bool     // the same text but for white space
}

// add reads one text change; ask, when not nil, gives the requests'
// text (see claimChange). It reports whether the change changes the
// result: text that is the same JSON, or the same but for white space,
// does not.
func (t *textChange) add(ch Change, ask func() string) bool {
	old, new := unquote(ch.Old), unquote(ch.New)
	switch {
	case sameJSON(old, new):
		t.spelled = true
		return false
	case strings.Join(strings.Fields(old), "") == strings.Join(strings.Fields(new), ""):
		t.space = true
		return false
	}
	if ask != nil {
		if c := claimChange(old, new, ask()); c != "" {
			t.claims = appendNew(t.claims, "answer changed: "+c)
		} else if f := figureChange(old, new); f != "" {
			t.claims = appendNew(t.claims, "number changed: "+f)
		}
	}
	spans := ch.Text
	if spans == nil {
		spans = Words(old, new)
	}
	for _, s := range spans {
		switch s.Op {
		case OpRemoved:
			t.removed += countWords(s.Text)
		case OpAdded:
			t.added += countWords(s.Text)
		}
	}
	t.changes++
	return true
}

// findings adds what the text changes add up to, label naming the text
// ("answer", "thinking").
func (t *textChange) findings(jd *judging, label string) {
	for _, c := range t.claims {
		jd.add(SeverityHigh, ConcernClaim, c)
	}
	switch {
	case t.changes == 0:
	case t.removed == 0 && t.added == 0:
		jd.add(SeverityLow, ConcernReword, label+": punctuation only")
	case max(t.removed, t.added) <= FewWords:
		jd.add(SeverityLow, ConcernReword, fmt.Sprintf("%s: -%d +%d words", label, t.removed, t.added))
	default:
		jd.add(SeverityMedium, ConcernReword, fmt.Sprintf("%s reworded: -%d +%d words", label, t.removed, t.added))
	}
	if t.spelled {
		jd.add(SeverityLow, ConcernReword, label+" spelled differently (the same JSON)")
	}
	if t.space {
		jd.add(SeverityLow, ConcernReword, label+" differs in white space only")
	}
}

// sameJSON reports whether two texts are both a JSON object or array and
// mean the same JSON: `{"city": "Tokyo"}` and `{"city":"Tokyo"}`.
func sameJSON(a, b string) bool {
	ta, tb := strings.TrimSpace(a), strings.TrimSpace(b)
	if ta == "" || tb == "" || !strings.ContainsAny(ta[:1], "{[") || !strings.ContainsAny(tb[:1], "{[") {
		return false
	}
	var pa, pb fastjson.Parser
	va, errA := pa.Parse(ta)
	vb, errB := pb.Parse(tb)
	return errA == nil && errB == nil && equal(va, vb, nil)
}

// countWords counts the runs of letters and digits in s.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		w := unicode.IsLetter(r) || unicode.IsDigit(r)
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// unquote reads a JSON string literal, or returns s as it is.
func unquote(s string) string {
	var out string
	if json.Unmarshal([]byte(s), &out) == nil {
		return out
	}
	return s
}
