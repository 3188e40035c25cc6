package diff

import (
	"slices"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/internal/hashed"
	"github.com/valyala/fastjson"
)

// minSameQuestion is the least Similarity of two asked texts that are
// one question asked in other words (the review's near-request rule,
// nine words in ten); below it they are two questions.
const minSameQuestion = 0.9

// request adds the findings of a changed request (j.RequestPaths),
// changed saying whether the answers changed:
//
//   - another question (the asked messages, recordings.Asked, share less
//     than minSameQuestion of their words): high, ConcernQuestion, and the
//     answers' texts are not judged (flush);
//   - its content changed (a message, the tools, a parameter that
//     changes the answer): high, ConcernRequest, with the words that
//     changed in the first text;
//   - only the recorded endpoint moved (the URL's path), the body the
//     same: low, "recorded endpoint moved: A → B, same body", ", same
//     answer" when it is; it explains a change of API family (moved);
//   - parameters added or dropped with the value the API takes without
//     them (defaultParam): low;
//   - ids carried from a recorded answer: low when nothing else changed.
//
// asked reports a change other than ids (another question, content, the
// endpoint, a parameter however set): the verdict is then "changed
// request" when the answers stayed.
func (jd *judging) request(j *Judgement, changed bool) (asked, moved bool) {
	a, b := jd.a, jd.b
	byPath := make(map[string]Change, len(jd.asked))
	for _, ch := range jd.asked {
		byPath[ch.Path] = ch
	}
	content := false
	var ids, other, defaults []string
	var first *Change // the first change of content, for its words
	endpoint := ""
	for _, p := range j.RequestPaths {
		ch, ok := byPath[p]
		switch {
		case p == "url path":
			_, pathA := hashed.SplitURL(a.URL)
			_, pathB := hashed.SplitURL(b.URL)
			endpoint = pathA + " → " + pathB
		case hashed.IsID(p):
			ids = appendNew(ids, hashed.LastKey(p))
		case ok && defaultParam(a.Family, ch, sideBody(ch, a, b)):
			defaults = append(defaults, defaultText(ch))
		default:
			other = append(other, strings.TrimPrefix(p, "body."))
			if ok && first == nil {
				first = &ch
			}
		}
	}
	if q := jd.question(); q != "" {
		jd.otherQuestion, j.OtherQuestion = true, true
		jd.add(SeverityHigh, ConcernQuestion, "different question: "+q)
		other = slices.DeleteFunc(other, askedPath)
		content = true
		if first != nil && askedPath(strings.TrimPrefix(first.Path, "body.")) {
			first = nil
		}
	}
	switch {
	case len(other) > 0:
		content = true
		if endpoint != "" {
			other = append([]string{"endpoint " + endpoint}, other...)
		}
		jd.add(SeverityHigh, ConcernRequest, "request changed: "+listItems(other, 2)+changedWords(first))
	case endpoint != "" && !content:
		moved = true
		s := "recorded endpoint moved: " + endpoint + ", same body"
		if !changed {
			s += ", same answer"
		}
		jd.add(SeverityLow, ConcernOther, s)
	}
	if len(defaults) > 0 {
		jd.add(SeverityLow, ConcernOther, listItems(defaults, 2)+" (the API's default)")
	}
	if len(ids) > 0 {
		if !content && endpoint == "" && len(defaults) == 0 {
			jd.add(SeverityLow, ConcernRequest, "request differs only in ids ("+listItems(ids, 2)+")")
		} else {
			jd.add(SeverityNone, ConcernOther, "ids differ ("+listItems(ids, 2)+")")
		}
	}
	return content || endpoint != "" || len(defaults) > 0, moved
}

// sideBody is the request body that holds the value of ch: A's for a
// member removed, B's otherwise.
func sideBody(ch Change, a, b *recordings.Recording) *fastjson.Value {
	if ch.Op == OpRemoved {
		return a.Body
	}
	return b.Body
}

// defaultText says a parameter set to its default was added or dropped:
// `response_format {"type":"text"} dropped`.
func defaultText(ch Change) string {
	name, _ := topParam(ch.Path)
	if ch.Op == OpRemoved {
		return name + " " + clipText(ch.Old, 30) + " dropped"
	}
	return name + " " + clipText(ch.New, 30) + " added"
}

// askedPath reports a request path under what is asked: the messages, a
// prompt, inputs, a query (the request paths of "different question").
func askedPath(p string) bool {
	for _, k := range []string{"messages", "prompt", "input", "contents", "query", "payload.messages", "payload.input", "payload.contents"} {
		if p == k || strings.HasPrefix(p, k+"[") || strings.HasPrefix(p, k+".") {
			return true
		}
	}
	return false
}

// question is `"A" → "B"`, the texts the two requests ask (recordings.Asked)
// when they are two questions (minSameQuestion), "" when they are one.
func (jd *judging) question() string {
	ta, tb := askedText(jd.a), askedText(jd.b)
	if ta == tb || ta == "" || tb == "" || Similarity(ta, tb) >= minSameQuestion {
		return ""
	}
	ma, mb := differingMiddle(ta, tb)
	return arrow(ma, mb, 42)
}

// differingMiddle is what differs between two texts: each without the
// words both start and end with, "…" standing for them ("…Give me a
// sentence…" of two llama-guard prompts that judge other messages).
func differingMiddle(a, b string) (string, string) {
	wa, wb := strings.Fields(a), strings.Fields(b)
	i := 0
	for i < len(wa) && i < len(wb) && wa[i] == wb[i] {
		i++
	}
	j := 0
	for j < len(wa)-i && j < len(wb)-i && wa[len(wa)-1-j] == wb[len(wb)-1-j] {
		j++
	}
	cut := func(w []string) string {
		s := strings.Join(w[i:len(w)-j], " ")
		if i > 0 {
			s = "…" + s
		}
		if j > 0 {
			s += "…"
		}
		return s
	}
	return cut(wa), cut(wb)
}

// askedText is the text a recording's request asks, its asked messages
// joined by blank lines.
func askedText(r *recordings.Recording) string {
	ms, _ := recordings.Asked(r.Conversation().Messages)
	var texts []string
	for _, m := range ms {
		texts = append(texts, m.Text())
	}
	return strings.Join(texts, "\n\n")
}

// changedWords is the words a request's text change took out and put in,
// ` ("old words" → "new words")`, for the first change of content; "" when
// it is not a change of text.
func changedWords(ch *Change) string {
	if ch == nil || ch.Op != OpChanged {
		return ""
	}
	old, new := unquote(ch.Old), unquote(ch.New)
	if old == ch.Old || new == ch.New {
		return "" // not two strings
	}
	var gone, put string
	for _, s := range Words(old, new) {
		switch {
		case s.Op == OpRemoved && gone == "":
			gone = s.Text
		case s.Op == OpAdded && put == "":
			put = s.Text
		}
	}
	return " (" + arrow(gone, put, 40) + ")"
}

// arrow is `"a" → "b"`, each text's white space folded, the two cut to
// about room bytes in all, a short one leaving its share to the other (a
// text that is cut ends in "…").
func arrow(a, b string, room int) string {
	a, b = strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " ")
	ra, rb := room/2, room-room/2
	switch {
	case len(a) < ra:
		rb = room - len(a)
	case len(b) < rb:
		ra = room - len(b)
	}
	q := func(s string, n int) string {
		if s == "" {
			return "nothing"
		}
		return `"` + clipText(s, n) + `"`
	}
	return q(a, ra) + " → " + q(b, rb)
}
