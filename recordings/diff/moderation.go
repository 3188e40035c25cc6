package diff

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
)

// moderation reads a response change of two moderations (see
// recordings.ReadModeration for the shape): true when it was one of
// their verdicts or scores, written by flushModeration. A verdict is
// what a test acts on, as a tool call is: "flagged" and a category that
// turned true or false. A score that moved, or a category added or gone
// while false (another model's list), is minor.
func (jd *judging) moderation(ch Change) bool {
	if jd.a.Family != recordings.FamilyOpenAIModerations || jd.b.Family != recordings.FamilyOpenAIModerations {
		return false
	}
	item, rest, ok := strings.Cut(ch.Path, "].")
	if !ok || !strings.HasPrefix(item, "results[") {
		return false
	}
	item += "]"
	category, score := memberName(rest, "categories"), memberName(rest, "category_scores")
	switch {
	case rest == "flagged":
		jd.verdicts = append(jd.verdicts, item+" flagged "+orNone(ch.Old)+" → "+orNone(ch.New))
	case category != "":
		if ch.Op == OpChanged || ch.Old == "true" || ch.New == "true" {
			jd.verdicts = append(jd.verdicts, item+" "+category+" "+orNone(ch.Old)+" → "+orNone(ch.New))
		} else {
			jd.minor = appendNew(jd.minor, "category "+category+" "+string(ch.Op))
		}
	case score != "":
		jd.scores = append(jd.scores, Change{Path: score, Op: ch.Op, Old: ch.Old, New: ch.New})
	default:
		return false
	}
	return true
}

// flushModeration turns the moderations' changes into findings.
func (jd *judging) flushModeration() {
	if len(jd.verdicts) > 0 {
		jd.add(SeverityHigh, ConcernCall, "moderation: "+listItems(jd.verdicts, 3))
	}
	if len(jd.scores) > 0 {
		// The score shown is the one that moved most; slices.MaxFunc
		// keeps the first of equals, in the file's order.
		s := slices.MaxFunc(jd.scores, func(x, y Change) int { return cmp.Compare(scoreMove(x), scoreMove(y)) })
		t := "moderation scores moved (" + s.Path + " " + orNone(s.Old) + " → " + orNone(s.New)
		if n := len(jd.scores) - 1; n > 0 {
			t += ", " + strconv.Itoa(n) + " more"
		}
		jd.add(SeverityLow, ConcernOther, t+")")
	}
}

// scoreMove is how far a score moved, 1 for one added or gone (scores
// are probabilities, from 0 to 1).
func scoreMove(c Change) float64 {
	a, errA := strconv.ParseFloat(c.Old, 64)
	b, errB := strconv.ParseFloat(c.New, 64)
	if errA != nil || errB != nil {
		return 1
	}
	return math.Abs(b - a)
}

// memberName is the name of the member of object a path rest names,
// "violence" of "category_scores.violence" or of
// `categories["self-harm/intent"]` (see keyPath); "" when rest is object
// itself or goes deeper.
func memberName(rest, object string) string {
	k, ok := strings.CutPrefix(rest, object)
	switch {
	case !ok:
		return ""
	case strings.HasPrefix(k, ".") && !strings.ContainsAny(k[1:], ".["):
		return k[1:]
	case strings.HasPrefix(k, "[") && strings.HasSuffix(k, "]"):
		if s, err := strconv.Unquote(k[1 : len(k)-1]); err == nil {
			return s
		}
	}
	return ""
}
