package review

import (
	"bytes"
	"math"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/valyala/fastjson"
)

// facts is what triage learned of a pair, for its Why.
type facts struct {
	result   []diff.Change // response changes that make a result change
	usage    []diff.Change // usage counters that moved
	chunks   string        // "33 → 60" when the chunk counts differ
	stream   string        // "streamed → not streamed" and the like
	testID   bool          // the test_id changed
	errA     *recordings.Exception
	errB     *recordings.Exception
	statusA  int
	statusB  int
	mismatch string // the name the head's request hashes to, when its name mismatches
	// vectorN arrays of numbers (embeddings) moved, each number by at most
	// vectors.
	vectorN int
	vectors float64
}

// MaxVectorDelta is how far each number of an array of numbers (an
// embedding) may move with the result still the same. An embedding
// computed again on another machine moves by float noise (another GPU,
// another library), far less than this, and far less than what tells two
// texts apart.
const MaxVectorDelta = 1e-3

// vectorDelta returns by how much at most the numbers of two arrays of
// numbers of the same length differ, for a change of an array as a whole
// (diff.Compare reports an embedding so).
func vectorDelta(ch diff.Change) (float64, bool) {
	if ch.Op != diff.OpChanged || !strings.HasPrefix(ch.Old, "[") || !strings.HasPrefix(ch.New, "[") {
		return 0, false
	}
	var pa, pb fastjson.Parser
	a, errA := pa.Parse(ch.Old)
	b, errB := pb.Parse(ch.New)
	if errA != nil || errB != nil {
		return 0, false
	}
	xa, xb := a.GetArray(), b.GetArray()
	if len(xa) != len(xb) || len(xa) == 0 {
		return 0, false
	}
	most := 0.0
	for i := range xa {
		fa, errA := xa[i].Float64()
		fb, errB := xb[i].Float64()
		if errA != nil || errB != nil {
			return 0, false
		}
		most = max(most, math.Abs(fa-fb))
	}
	return most, true
}

// triage compares the recordings of a base entry and a head entry.
func triage(eb, eh *entry, change Change) Pair {
	p := Pair{
		Base: eb.path, Head: eh.path, Change: change,
		TestID: first(eh.testID, eb.testID), Endpoint: first(eh.endpoint, eb.endpoint),
		Name: eh.name(), Request: RequestSame, Result: ResultSame,
	}
	f := &facts{statusA: eb.rec.Status, statusB: eh.rec.Status, errA: eb.rec.Exception, errB: eh.rec.Exception}
	if p.Name == NameMismatch {
		f.mismatch = eh.check.ExpectedName
	}
	if bytes.Equal(eb.data, eh.data) {
		p.Verdict = VerdictUnchanged
		if change == Renamed {
			p.Rename = renameWhy(eb, eh, nil)
		}
		p.facts = f
		return p
	}

	res := diff.Compare(eb.rec, eh.rec)
	hashedRoots := hashedRoots(eb.rec.Shape)
	sameIdent := eb.ident == eh.ident
	metaOnly := sameIdent
	for _, ch := range res.Changes {
		if typeRename(ch) {
			continue
		}
		switch ch.Kind {
		case diff.KindMetadata:
			switch ch.Path {
			case "hash", "id_normalization_mapping":
			case "chunks":
				f.chunks = ch.Old + " → " + ch.New
				metaOnly = false
			case "streaming":
				f.stream = streamed(ch.Old) + " → " + streamed(ch.New)
				metaOnly = false
			case "test_id":
				f.testID = true
				metaOnly = false
			default:
				metaOnly = false
			}
		case diff.KindRequest:
			metaOnly = false
			root := rootOf(ch.Path)
			switch {
			case root == "url" && eb.rec.Shape == recordings.ShapeInference:
				hb, pb := splitURL(eb.rec.URL)
				hh, ph := splitURL(eh.rec.URL)
				if pb != ph {
					p.RequestPaths = appendNew(p.RequestPaths, "url path")
				}
				if hb != hh {
					p.Unhashed = appendNew(p.Unhashed, "url host")
				}
			case hashedRoots[root] && !sameIdent:
				p.RequestPaths = append(p.RequestPaths, ch.Path)
			case hashedRoots[root]:
				// A difference the recorder's normalization hides.
				p.Unhashed = append(p.Unhashed, ch.Path+" (normalized)")
			default:
				p.Unhashed = appendNew(p.Unhashed, root)
			}
		case diff.KindResponse:
			metaOnly = false
			if isUsage(ch.Path) {
				f.usage = append(f.usage, ch)
			} else if d, ok := vectorDelta(ch); ok && d <= MaxVectorDelta {
				f.vectors = max(f.vectors, d)
				f.vectorN++
			} else {
				f.result = append(f.result, ch)
			}
		}
	}
	if !sameIdent {
		p.Request = RequestChanged
		if len(p.RequestPaths) == 0 {
			p.RequestPaths = []string{"request"}
		}
	}
	env := environment(eh.rec.Family) || environment(eb.rec.Family)
	switch {
	case len(f.result) > 0 && env:
		p.Result = ResultEnvironment
	case len(f.result) > 0:
		p.Result = ResultChanged
	case !res.SameChunking:
		p.Result = ResultChunking
	}
	p.MetadataOnly = metaOnly && res.SameChunking
	switch {
	case p.Result == ResultChanged:
		p.Verdict = VerdictChanged
	case p.Result == ResultEnvironment:
		p.Verdict = VerdictEnvironment
	case p.Request == RequestChanged:
		p.Verdict = VerdictRequest
	case p.MetadataOnly:
		p.Verdict = VerdictMetadata
	case p.Result == ResultChunking:
		p.Verdict = VerdictChunking
	default:
		p.Verdict = VerdictSame
	}
	if change == Renamed {
		p.Rename = renameWhy(eb, eh, p.RequestPaths)
	}
	p.facts = f
	return p
}

// hashedRoots are the request members whose changes change the hash, by
// shape (the inference URL is looked at apart: only its path is hashed).
func hashedRoots(s recordings.Shape) map[string]bool {
	switch s {
	case recordings.ShapeInference:
		return map[string]bool{"body": true, "method": true}
	case recordings.ShapeHTTP:
		return map[string]bool{"payload": true, "method": true, "url": true}
	case recordings.ShapeTool:
		return map[string]bool{"kwargs": true, "provider": true, "tool_name": true}
	}
	return map[string]bool{"provider": true, "api": true, "file_id": true, "": true}
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

// typeRename reports a change of a "__type__" value that keeps the
// qualified name's last part: a module rename (llama_stack... ->
// ogx_api...).
func typeRename(ch diff.Change) bool {
	if !strings.HasSuffix(ch.Path, "__type__") || ch.Op != diff.OpChanged {
		return false
	}
	last := func(s string) string { return s[strings.LastIndex(s, ".")+1:] }
	return last(ch.Old) == last(ch.New)
}

func streamed(b string) string {
	if b == "true" {
		return "streamed"
	}
	return "not streamed"
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

func joinTexts(xs []string, sep string) string { return strings.Join(xs, sep) }
