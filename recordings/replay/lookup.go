package replay

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/recview/recview/recordings/reqhash"
)

// Query is what a failed lookup tells: the request hash replay computed
// and, when known, the test and the request (as replay's error text gives
// them; see ParseNotFound).
type Query struct {
	// Hash is the request hash: 64 lowercase hex digits as replay computes
	// it, or a prefix of at least 8 (a 12-hex name's hash, say).
	Hash string
	// TestID is the pytest node id of the test that ran, "" for a
	// request outside a test.
	TestID string
	// Endpoint is the request's endpoint or URL path
	// ("/v1/chat/completions"), Model its model; both narrow Candidates.
	Endpoint, Model string
}

// Place is one folder replay looks in.
type Place struct {
	// Dir is the folder, a tree path.
	Dir string
	// Want is the file replay opens there: Dir/<hash>.json, or
	// Dir/models-<hash>-*.json for a model list.
	Want string
	// Present lists the tree's files that match Want, none when replay
	// misses here.
	Present []string
}

// Candidate is a recording near a request that was not found.
type Candidate struct {
	Entry *Entry
	// Why says what it shares with the query: "same test and endpoint",
	// "same test", "same model".
	Why string
}

// Lookup is where replay looks for a hash, what is there, and what is
// near when nothing is.
type Lookup struct {
	// Places are the folders replay looks in, in order; nil when the
	// tree's root is not known.
	Places []Place
	// Found is the file replay opens, "" when none; for a model list,
	// the first of Merged.
	Found string
	// ModelList reports that the hash is a model list's (a file of the
	// tree is named models-<hash>-…, a model-list recording's request
	// hashes to it, or the query's endpoint is one): replay reads every
	// models-<hash>-*.json of Places and merges their models
	// (api_recorder.py's _model_list_responses and
	// _combine_model_list_responses), never <hash>.json.
	ModelList bool
	// Merged lists, for a model list, every file replay reads and merges,
	// in Places' order.
	Merged []string
	// Named lists the tree's files whose name holds the hash, wherever
	// they are (replay opens only those in Places).
	Named []*Entry
	// Held lists the files whose request hashes to Hash today but whose
	// name is another (stale or mismatch): doctor --fix renames the
	// stale ones so that replay finds them.
	Held []*Entry
	// Candidates are the nearest recordings when nothing was found: those
	// of the same test and endpoint first, then of the same test, then of
	// the same model; at most MaxCandidates.
	Candidates []Candidate
}

// MaxCandidates is the most candidates Find returns.
const MaxCandidates = 10

// Find looks q.Hash up as replay does (see the package doc): in the
// test's own recordings folder, then in the fallback folder, by file name.
//
// Errors: a hash that is not 8 to 64 lowercase hex digits.
func (t *Tree) Find(q Query) (*Lookup, error) {
	h := strings.ToLower(strings.TrimSpace(q.Hash))
	if len(h) < 8 || len(h) > 64 || strings.Trim(h, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("replay: %q is not a request hash (8 to 64 hex digits)", q.Hash)
	}
	t.resolve()
	l := &Lookup{ModelList: q.Endpoint != "" && reqhash.ModelListEndpoint(q.Endpoint) != q.Endpoint}
	for i := range t.entries {
		e := &t.entries[i]
		l.ModelList = l.ModelList || strings.HasPrefix(path.Base(e.Path), "models-"+h) ||
			e.Kind == Recording && e.Check.ModelList && strings.HasPrefix(e.Check.ReplayHash, h)
	}
	for _, d := range t.replayDirs(q.TestID, q.TestID != "") {
		pl := Place{Dir: d, Want: d + "/" + h + ".json"}
		if l.ModelList {
			pl.Want = d + "/models-" + h + "-*.json"
		}
		for i := range t.entries {
			e := &t.entries[i]
			if path.Dir(e.Path) != d {
				continue
			}
			base := path.Base(e.Path)
			if l.ModelList && strings.HasPrefix(base, "models-"+h+"-") || !l.ModelList && base == h+".json" {
				pl.Present = append(pl.Present, e.Path)
			}
		}
		slices.Sort(pl.Present)
		if len(pl.Present) > 0 && l.Found == "" {
			l.Found = pl.Present[0]
		}
		if l.ModelList {
			l.Merged = append(l.Merged, pl.Present...)
		}
		l.Places = append(l.Places, pl)
	}
	for i := range t.entries {
		e := &t.entries[i]
		switch {
		case NameHolds(e.Check.FileHash, h):
			l.Named = append(l.Named, e)
		case e.Kind == Recording && strings.HasPrefix(e.Check.ReplayHash, h):
			l.Held = append(l.Held, e)
		}
	}
	if l.Found == "" {
		l.Candidates = t.candidates(q)
	}
	return l, nil
}

// NameHolds reports that a file whose name holds fileHash (reqhash's
// FromName) is named by the request hash h (lowercase hex, 8 to 64
// digits): h starts it, or it is the 12 digits of a 2025 name that start
// h. Lookup.Named lists the files it holds for.
func NameHolds(fileHash, h string) bool {
	return strings.HasPrefix(fileHash, h) || len(fileHash) == 12 && strings.HasPrefix(h, fileHash)
}

// candidates ranks the recordings near q (see Lookup.Candidates).
func (t *Tree) candidates(q Query) []Candidate {
	var out []Candidate
	seen := map[*Entry]bool{}
	add := func(why string, keep func(e *Entry) bool) {
		for i := range t.entries {
			e := &t.entries[i]
			if len(out) < MaxCandidates && e.Kind == Recording && !seen[e] && keep(e) {
				seen[e] = true
				out = append(out, Candidate{e, why})
			}
		}
	}
	if q.TestID != "" {
		if q.Endpoint != "" {
			add("same test and endpoint", func(e *Entry) bool { return e.TestID == q.TestID && sameEndpoint(e, q.Endpoint) })
		}
		add("same test", func(e *Entry) bool { return e.TestID == q.TestID })
	}
	if q.Model != "" {
		add("same model", func(e *Entry) bool {
			return e.Model == q.Model && (q.Endpoint == "" || sameEndpoint(e, q.Endpoint))
		})
	}
	return out
}

// sameEndpoint reports that e's request went to endpoint, a path such as
// "/v1/chat/completions" or a URL path with the provider's base path before
// it ("/v1/v1/chat/completions").
func sameEndpoint(e *Entry, endpoint string) bool {
	return e.Endpoint != "" && (strings.HasSuffix(endpoint, e.Endpoint) || strings.HasSuffix(e.Endpoint, endpoint))
}

// Rule is how ListTest matched a test id.
type Rule string

// The rules of ListTest, tried in this order.
const (
	// RuleExact: the recordings whose test_id is the id.
	RuleExact Rule = "exact test id"
	// RuleParametrized: for an id without parameters ("path::name", no
	// "["), the recordings of every parametrization of that test, whose
	// test_id is "path::name[…]" (pytest's node id of a parametrized
	// test).
	RuleParametrized Rule = "every parametrization of the test"
	// RuleContains: the recordings whose test_id contains the id; asked
	// for (contains), never a fallback.
	RuleContains Rule = "test ids containing it"
)

// ListTest returns the recordings of the test id, sorted by path, and the
// rule that found them: RuleExact; else RuleParametrized for an id
// without "["; else, only with contains, RuleContains. When none finds
// any, it returns nil and the last rule tried.
func (t *Tree) ListTest(id string, contains bool) ([]*Entry, Rule) {
	t.resolve()
	out, rule := t.recordingsOf(id), RuleExact
	if len(out) == 0 && id != "" && !strings.Contains(id, "[") {
		rule = RuleParametrized
		for i := range t.entries {
			if e := &t.entries[i]; e.Kind == Recording && strings.HasPrefix(e.TestID, id+"[") {
				out = append(out, e)
			}
		}
	}
	if len(out) == 0 && id != "" && contains {
		rule = RuleContains
		for i := range t.entries {
			if e := &t.entries[i]; e.Kind == Recording && strings.Contains(e.TestID, id) {
				out = append(out, e)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Entry) int { return strings.Compare(a.Path, b.Path) })
	return out, rule
}

// Statuses counts the recordings by reqhash status.
func (t *Tree) Statuses() map[reqhash.Status]int {
	n := map[reqhash.Status]int{}
	for i := range t.entries {
		if e := &t.entries[i]; e.Kind == Recording {
			n[e.Check.Status]++
		}
	}
	return n
}
