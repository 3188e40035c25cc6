package diff

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/internal/hashed"
)

// judge sums up the comparison of a and b from res's Changes and
// chunking, and the embeddings Compare compared (vectors, by path): the
// request by what the recorder hashes, each response change by what it
// means for a test (see Severity).
func judge(a, b *recordings.Recording, res *Result, vectors map[string]vector) Judgement {
	j := Judgement{Request: RequestSame, Result: ResultSame}
	sameIdent := hashed.Identity(a) == hashed.Identity(b)
	metaOnly := sameIdent
	roots := hashedRoots(a.Shape, b.Shape)
	env := a.Family.Environment() || b.Family.Environment()
	jd := &judging{a: a, b: b, vectors: vectors}
	family := "" // the family change, said after the request's

	errs := jd.errors()
	changed := errs // the result changed in meaning
	for _, ch := range res.Changes {
		if typeRename(ch) {
			continue
		}
		switch ch.Kind {
		case KindMetadata:
			switch ch.Path {
			case "hash", "id_normalization_mapping", "endpoint", "model":
				// The hash status is the names' business; endpoint and
				// model are the request's, said there.
				if ch.Path == "endpoint" || ch.Path == "model" {
					metaOnly = false
				}
			case "chunks":
				jd.add(SeverityNone, ConcernOther, "chunks "+ch.Old+" → "+ch.New)
				metaOnly = false
			case "streaming":
				jd.add(SeverityHigh, ConcernOther, streamed(ch.Old)+" → "+streamed(ch.New))
				metaOnly = false
			case "family":
				family = "API family " + ch.Old + " → " + ch.New
				metaOnly = false
			case "test_id":
				jd.add(SeverityNone, ConcernOther, "test_id changed")
				metaOnly = false
			default:
				jd.add(SeverityNone, ConcernOther, "file key "+ch.Path+" "+string(ch.Op))
				metaOnly = false
			}
		case KindRequest:
			metaOnly = false
			root := rootOf(ch.Path)
			switch {
			case root == "url" && a.Shape == recordings.ShapeInference && b.Shape == recordings.ShapeInference:
				hostA, pathA := hashed.SplitURL(a.URL)
				hostB, pathB := hashed.SplitURL(b.URL)
				if pathA != pathB {
					j.RequestPaths = appendNew(j.RequestPaths, "url path")
				}
				if hostA != hostB {
					j.Unhashed = appendNew(j.Unhashed, "url host")
				}
			case roots[root] && !sameIdent:
				j.RequestPaths = append(j.RequestPaths, ch.Path)
				jd.asked = append(jd.asked, ch)
			case roots[root]:
				j.Unhashed = append(j.Unhashed, ch.Path+" (normalized)")
			default:
				j.Unhashed = appendNew(j.Unhashed, root)
			}
		case KindResponse:
			metaOnly = false
			if errs && errorPath(ch.Path) {
				continue
			}
			if jd.response(ch, env) {
				changed = true
			}
		}
	}
	if !sameIdent {
		j.Request = RequestChanged
		if len(j.RequestPaths) == 0 {
			j.RequestPaths = []string{"request"}
		}
	}
	requestChanged, moved := false, false
	if j.Request == RequestChanged {
		requestChanged, moved = jd.request(&j, changed)
	}
	jd.flush()
	if family != "" && !moved {
		jd.add(SeverityHigh, ConcernOther, family)
	}
	if len(j.Unhashed) > 0 {
		jd.add(SeverityNone, ConcernOther, "not hashed: "+listItems(j.Unhashed, 2))
	}

	switch {
	case changed && env:
		j.Result = ResultEnvironment
	case changed:
		j.Result = ResultChanged
	case !res.SameChunking:
		j.Result = ResultChunking
	}
	j.MetadataOnly = metaOnly && res.SameChunking
	switch {
	case j.MetadataOnly && sameDocuments(a, b):
		j.Verdict = VerdictUnchanged
	case j.Result == ResultChanged:
		j.Verdict = VerdictChanged
	case j.Result == ResultEnvironment:
		j.Verdict = VerdictEnvironment
	case requestChanged:
		j.Verdict = VerdictRequest
	case j.MetadataOnly:
		j.Verdict = VerdictMetadata
		jd.add(SeverityNone, ConcernOther, "only ids, timestamps or type names differ")
	case j.Result == ResultChunking:
		j.Verdict = VerdictChunking
	default:
		j.Verdict = VerdictSame
	}
	if j.Result == ResultEnvironment {
		jd.add(SeverityNone, ConcernOther, "environment (the answer describes the machine)")
	}
	j.Findings = jd.sorted()
	j.Severity = SeverityNone
	if len(j.Findings) > 0 {
		j.Severity = j.Findings[0].Severity
	}
	return j
}

// sorted is the findings, most severe first, then by concern (SortFindings).
func (jd *judging) sorted() []Finding {
	SortFindings(jd.fs)
	return jd.fs
}

// SortFindings sorts findings most severe first, then by their Concern,
// most pressing first, keeping the order they were found in otherwise.
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(x, y Finding) int {
		if c := x.Severity.Rank() - y.Severity.Rank(); c != 0 {
			return c
		}
		return x.Concern.Rank() - y.Concern.Rank()
	})
}

// judging collects the findings of one comparison.
type judging struct {
	a, b    *recordings.Recording
	vectors map[string]vector // Compare's embeddings, by path
	fs      []Finding
	asked   []Change // the hashed request's changes
	// otherQuestion: the requests ask two questions, whose answers'
	// words are not compared (request).
	otherQuestion bool
	// What the response changes add up to, written by flush.
	calls        []string
	finish       []string
	choices      []string
	text, think  textChange
	usage        []Change
	noiseN       int
	noise        float64
	embeddings   []string
	other, minor []string
	verdicts     []string // moderations' verdicts (moderation)
	scores       []Change // moderations' scores, by category name
	counts       []Change // token counts' changes (tokenCount)
	failed       bool     // either recording holds a failure (errors)
	ask          *string  // the requests' text, read when first needed
}

func (jd *judging) add(s Severity, c Concern, text string) {
	jd.fs = append(jd.fs, Finding{Severity: s, Concern: c, Text: text})
}

// errors adds what changed in the two recordings' failures (a recorded
// exception, or a raw HTTP call that answered 400 or more); true when
// one did.
func (jd *judging) errors() bool {
	fa, fb := jd.a.Failure(), jd.b.Failure()
	jd.failed = fa != nil || fb != nil
	switch {
	case fa == nil && fb == nil:
		return false
	case fa == nil:
		jd.add(SeverityHigh, ConcernCall, "error appeared: "+excText(fb))
	case fb == nil:
		jd.add(SeverityHigh, ConcernCall, "error gone (was "+excText(fa)+")")
	case excText(fa) != excText(fb):
		jd.add(SeverityHigh, ConcernCall, "error changed: "+excText(fa)+" → "+excText(fb))
	case fa.Message != fb.Message:
		jd.add(SeverityMedium, ConcernCall, "error message changed ("+excText(fb)+")")
	default:
		return false
	}
	return true
}

// errorPath reports a response path that an error finding covers.
func errorPath(p string) bool {
	r := rootOf(p)
	return r == "error" || r == "http_status" || r == "assembly" || r == "detail" || r == "message" || p == ""
}

// response reads one response change; true when it changes the result.
func (jd *judging) response(ch Change, env bool) bool {
	p := ch.Path
	if env {
		return !isUsage(p)
	}
	switch {
	case isUsage(p):
		jd.usage = append(jd.usage, ch)
		return false
	case jd.moderation(ch), jd.tokenCount(ch):
	case p == "assembly":
		jd.add(SeverityHigh, ConcernCall, "stream assembly: "+unquote(ch.Old)+" → "+unquote(ch.New))
	case p == "http_status":
		jd.add(SeverityMedium, ConcernCall, "HTTP status "+ch.Old+" → "+ch.New)
	case p == "text" || strings.HasSuffix(p, ".text"):
		return jd.text.add(ch, jd.askText)
	case p == "thinking" || strings.HasSuffix(p, ".thinking"):
		return jd.think.add(ch, nil)
	case strings.Contains(p, "tool_calls["):
		jd.calls = appendNew(jd.calls, callText(ch))
	case strings.HasSuffix(p, "finish_reason"):
		jd.finish = append(jd.finish, "finish reason "+orNone(unquote(ch.Old))+" → "+orNone(unquote(ch.New)))
	case isChoice(p) && ch.Op != OpChanged:
		jd.choices = append(jd.choices, p+" "+string(ch.Op))
	case strings.HasSuffix(p, ".role") || p == "role":
		jd.other = appendNew(jd.other, p)
	default:
		if v, ok := jd.vectors[p]; ok {
			switch {
			case v.lenA != v.lenB:
				jd.embeddings = append(jd.embeddings, fmt.Sprintf("embedding %d → %d numbers", v.lenA, v.lenB))
			case v.delta <= MaxVectorDelta:
				jd.noiseN++
				jd.noise = max(jd.noise, v.delta)
				return false
			case v.cosine >= MinSameCosine:
				jd.minor = appendNew(jd.minor, "embedding moved (cosine "+strconv.FormatFloat(v.cosine, 'f', 4, 64)+")")
			default:
				jd.embeddings = append(jd.embeddings, "embedding changed (cosine "+strconv.FormatFloat(v.cosine, 'f', 2, 64)+")")
			}
			return true
		}
		if answerFamily(jd.a.Family) || answerFamily(jd.b.Family) {
			jd.minor = appendNew(jd.minor, pathText(ch))
		} else {
			jd.other = appendNew(jd.other, pathText(ch))
		}
	}
	return true
}

// askText is the text of both requests (their messages, prompts and
// inputs), for telling what an answer states from what it repeats.
func (jd *judging) askText() string {
	if jd.ask == nil {
		var b strings.Builder
		for _, r := range []*recordings.Recording{jd.a, jd.b} {
			for _, m := range r.Conversation().Messages {
				b.WriteString(m.Text())
				b.WriteByte('\n')
			}
		}
		s := b.String()
		jd.ask = &s
	}
	return *jd.ask
}

// flush turns what response turned up into findings.
func (jd *judging) flush() {
	if len(jd.choices) > 0 {
		jd.add(SeverityHigh, ConcernOther, listItems(jd.choices, 2))
	}
	if calls := groupCalls(jd.calls); len(calls) == 1 {
		jd.add(SeverityHigh, ConcernCall, "tool call "+calls[0])
	} else if len(calls) > 1 {
		jd.add(SeverityHigh, ConcernCall, "tool calls: "+listItems(calls, 3))
	}
	for _, f := range jd.finish {
		jd.add(SeverityHigh, ConcernCall, f)
	}
	if len(jd.embeddings) > 0 {
		jd.add(SeverityHigh, ConcernOther, listItems(jd.embeddings, 1))
	}
	jd.flushModeration()
	jd.flushTokenCount()
	if !jd.otherQuestion {
		// Answers to two questions differ in words, which says nothing.
		jd.text.findings(jd, "answer")
	}
	jd.think.findings(jd, "thinking")
	if len(jd.other) > 0 {
		jd.add(SeverityMedium, ConcernOther, "response: "+listItems(jd.other, 2))
	}
	if len(jd.minor) > 0 {
		jd.add(SeverityLow, ConcernOther, "response: "+listItems(jd.minor, 2))
	}
	if len(jd.usage) > 0 {
		u := jd.usage[0]
		s := "usage moved (" + strings.TrimPrefix(u.Path, "usage.") + " " + orNone(u.Old) + " → " + orNone(u.New)
		if n := len(jd.usage) - 1; n > 0 {
			s += ", " + strconv.Itoa(n) + " more"
		}
		jd.add(SeverityNone, ConcernOther, s+")")
	}
	if jd.noiseN > 0 {
		what := "1 embedding"
		if jd.noiseN > 1 {
			what = strconv.Itoa(jd.noiseN) + " embeddings"
		}
		jd.add(SeverityNone, ConcernOther, what+" moved by at most "+strconv.FormatFloat(jd.noise, 'g', 3, 64)+" (float noise)")
	}
}

// hashedRoots are the request members whose changes change the hash,
// for recordings of shapes a and b (the inference URL is looked at
// apart: only its path is hashed).
func hashedRoots(a, b recordings.Shape) map[string]bool {
	m := map[string]bool{}
	for _, s := range []recordings.Shape{a, b} {
		switch s {
		case recordings.ShapeInference:
			m["body"], m["method"] = true, true
		case recordings.ShapeHTTP:
			m["payload"], m["method"], m["url"] = true, true, true
		case recordings.ShapeTool:
			m["kwargs"], m["provider"], m["tool_name"] = true, true, true
		default:
			m["provider"], m["api"], m["file_id"], m[""] = true, true, true, true
		}
	}
	return m
}

// rootOf is the first member of a JSON path: "body" of "body.messages[0]",
// "headers" of `headers["X-Key"]`.
func rootOf(p string) string {
	if i := strings.IndexAny(p, ".["); i >= 0 {
		return p[:i]
	}
	return p
}

// isUsage reports a response path of token counters.
func isUsage(p string) bool {
	r := rootOf(p)
	return r == "usage" || r == "usage_metadata" || r == "prompt_eval_count" || r == "eval_count"
}

// isChoice reports the path of a whole choice or candidate:
// "choices[1]", "candidates[0]".
func isChoice(p string) bool {
	for _, l := range []string{"choices[", "candidates["} {
		if strings.HasPrefix(p, l) && strings.HasSuffix(p, "]") && !strings.ContainsAny(p[len(l):], ".[") {
			return true
		}
	}
	return false
}

// answerFamily reports a family whose responses are read as answers
// (see answerCovers): a change Compare lists outside the answer is a
// field beside it ("service_tier", "choices[0].logprobs").
func answerFamily(f recordings.Family) bool {
	_, ok := answerCovers(f)
	return ok
}

// typeRename reports a change of a "__type__" value that keeps the
// qualified name's last part: a module rename (llama_stack... ->
// ogx_api...).
func typeRename(ch Change) bool {
	if !strings.HasSuffix(ch.Path, "__type__") || ch.Op != OpChanged {
		return false
	}
	last := func(s string) string { return s[strings.LastIndex(s, ".")+1:] }
	return last(ch.Old) == last(ch.New)
}

// callText describes a tool-call change: "get_weather added",
// "get_weather gone", "get_weather: city "Tokyo" → "Paris"", "get_weather:
// units added ("C")", "get_weather: units gone (was "C")",
// "book_flight: passenger → not valid JSON" (its Note says a side's text
// is not valid JSON), "get_weather: arguments → not valid JSON".
func callText(ch Change) string {
	p := ch.Path[strings.Index(ch.Path, "tool_calls[")+len("tool_calls["):]
	label, rest, _ := strings.Cut(p, "]")
	switch {
	case ch.Op == OpAdded && rest == "":
		return label + " added"
	case ch.Op == OpRemoved && rest == "":
		return label + " gone"
	}
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, ".arguments"), ".")
	if rest == "" {
		rest = "arguments"
	}
	switch {
	case strings.HasPrefix(ch.Note, NoteInvalidB):
		return label + ": " + rest + " → not valid JSON"
	case strings.HasPrefix(ch.Note, NoteInvalidA):
		return label + ": " + rest + " not valid JSON → valid"
	case ch.Note != "":
		return label + ": " + rest + " changed (" + ch.Note + ")"
	case ch.Op == OpAdded:
		return label + ": " + rest + " added (" + clipText(ch.New, 24) + ")"
	case ch.Op == OpRemoved:
		return label + ": " + rest + " gone (was " + clipText(ch.Old, 24) + ")"
	case ch.Text != nil:
		return label + ": " + rest + " changed"
	}
	return label + ": " + rest + " " + clipText(ch.Old, 24) + " → " + clipText(ch.New, 24)
}

// groupCalls joins the changes of each call (callText's "label: what"),
// in the order the calls came: "book_flight: passenger → not valid
// JSON, flight.date "2023-08-20" → "2023-12-15"", a call's arguments
// that are no longer valid JSON first.
func groupCalls(texts []string) []string {
	var labels []string
	details := map[string][]string{}
	for _, t := range texts {
		label, detail, ok := strings.Cut(t, ": ")
		if !ok {
			labels = append(labels, t) // "get_weather added"
			continue
		}
		if details[label] == nil {
			labels = append(labels, label)
		}
		if strings.HasSuffix(detail, "→ not valid JSON") {
			details[label] = append([]string{detail}, details[label]...)
		} else {
			details[label] = append(details[label], detail)
		}
	}
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = l
		if d := details[l]; d != nil {
			out[i] += ": " + listItems(d, 2)
		}
	}
	return out
}

// pathText names a response change: its path, with the Note when there
// is one ("data[0].embedding: 3 of 768 numbers differ, …").
func pathText(ch Change) string {
	p := ch.Path
	if p == "" {
		p = "(whole response)"
	}
	switch ch.Op {
	case OpAdded:
		p += " added"
	case OpRemoved:
		p += " removed"
	}
	if ch.Note != "" {
		p += " (" + ch.Note + ")"
	}
	return p
}

// excText is an exception for people: "BadRequestError 400".
func excText(e *recordings.Exception) string {
	var s []string
	if e.Type != "" {
		s = append(s, e.Type)
	}
	if e.Status != 0 {
		s = append(s, strconv.Itoa(e.Status))
	}
	if len(s) == 0 {
		return "exception"
	}
	return strings.Join(s, " ")
}

func streamed(b string) string {
	if b == "true" {
		return "streamed"
	}
	return "not streamed"
}

// listItems joins up to n items, saying how many more there are.
func listItems(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(" and %d more", len(xs)-n)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func appendNew(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// sameDocuments reports whether a and b hold the same JSON document
// (objects compared regardless of key order, numbers by value), the
// chunks of a stream read in slices included.
func sameDocuments(a, b *recordings.Recording) bool {
	if !equal(a.Doc, b.Doc, nil) || len(a.Chunks) != len(b.Chunks) {
		return false
	}
	for i := range a.Chunks {
		if !equal(a.Chunks[i].Element(), b.Chunks[i].Element(), nil) {
			return false
		}
	}
	return true
}
