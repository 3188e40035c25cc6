package review

import (
	"hash/fnv"
	"path"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/internal/hashed"
	"github.com/recview/recview/recordings/internal/pyjson"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// entry is one file read: what pairing and triage need of it.
type entry struct {
	side Side
	path string
	data []byte
	rec  *recordings.Recording // nil once dropped, or when not a recording
	// skip says why the file is not a recording ("" when it is one, or
	// when it is unreadable); err why a file that looks like a recording
	// does not parse.
	skip string
	err  error

	testID   string
	endpoint string
	family   recordings.Family
	shape    recordings.Shape
	// call is the shape, method and endpoint; bucket, which groups
	// recordings that may be near twins, adds the model.
	call, bucket string
	// it is the cassette interaction the entry is, and host its URL's
	// host (the provider it called); nil and "" for a recording.
	it   *cassette.Interaction
	host string
	// ident is what the recorder hashes, the test_id aside; see
	// hashed.Identity.
	ident string
	check reqhash.Check
	// leaves, for near matching, maps each leaf of the hashed request to
	// what near needs of it; built on demand.
	leaves map[string]leaf
}

// read parses a file with parse and reads what pairing and triage need,
// its name checked against its request (reqhash.Verify).
func read(side Side, p string, data []byte, parse func(string, []byte) (*recordings.Recording, error)) *entry {
	e := readUnnamed(side, p, data, parse)
	if e.rec != nil {
		e.check = reqhash.Verify(path.Base(p), e.rec.Doc)
	}
	return e
}

// readUnnamed is read without the name's check: a cassette's
// interactions are named by their test, never by a request hash.
func readUnnamed(side Side, p string, data []byte, parse func(string, []byte) (*recordings.Recording, error)) *entry {
	e := &entry{side: side, path: p, data: data}
	r, err := parse(p, data)
	if err != nil {
		if e.skip = reqhash.Skip(p, err); e.skip == "" {
			e.err = err
		}
		return e
	}
	e.rec = r
	e.testID = r.TestID
	e.family, e.shape = r.Family, r.Shape
	e.endpoint = r.Endpoint
	if e.endpoint == "" && r.ToolName != "" {
		e.endpoint = r.Provider + "." + r.ToolName
	}
	e.call = string(r.Shape) + " " + r.Method + " " + e.endpoint
	e.bucket = e.call + " " + r.Model
	e.ident = hashed.Identity(r)
	return e
}

// name is the entry's name status.
func (e *entry) name() NameStatus {
	switch e.check.Status {
	case reqhash.OK:
		return NameOK
	case reqhash.Stale:
		return NameStale
	case reqhash.Mismatch:
		return NameMismatch
	case reqhash.NotReplayed:
		return NameNotReplayed
	}
	return NameUnknown
}

// maxLeaves bounds the leaves read for near matching; a request with more
// is matched by identity only.
const maxLeaves = 4096

// reparse parses the entry's file again with p, as read did (Reparse:
// the bytes parsed before); the error (not expected) is kept in e.err.
func (e *entry) reparse(p *recordings.Parser) bool {
	e.rec, e.err = p.Reparse(e.path, e.data)
	return e.err == nil
}

// leaf is one leaf of a hashed request, for near matching.
type leaf struct {
	// hash is a hash of the leaf's value, normalized as the recorder
	// normalizes the body it hashes.
	hash uint64
	// text is the value of a string leaf that holds text rather than a
	// parameter (see isText); "" for others.
	text string
	// id marks a leaf that is an id (hashed.IsID): carried from a
	// recorded answer, it says nothing of what is asked.
	id bool
}

// leafMap returns the leaves of the hashed request by path ("" for the
// method and endpoint, ".messages[0].content"...), parsing the file again
// with p when they were not read yet.
func (e *entry) leafMap(p *recordings.Parser) map[string]leaf {
	if e.leaves != nil {
		return e.leaves
	}
	if !e.reparse(p) {
		e.leaves = map[string]leaf{}
		return e.leaves
	}
	defer func() { e.rec = nil }()
	head, body, opt, _ := hashed.Request(e.rec)
	opt.FileSearch = e.shape != recordings.ShapeTool
	e.leaves = map[string]leaf{"": {hash: hashBytes([]byte(head))}}
	var buf []byte
	var walk func(p string, v *fastjson.Value)
	walk = func(p string, v *fastjson.Value) {
		if len(e.leaves) > maxLeaves {
			return
		}
		switch v.Type() {
		case fastjson.TypeObject:
			v.GetObject().Visit(func(k []byte, x *fastjson.Value) {
				if p == "" && opt.ExcludeStreamOptions && string(k) == "stream_options" {
					return
				}
				walk(p+"."+string(k), x)
			})
		case fastjson.TypeArray:
			for i, x := range v.GetArray() {
				walk(p+"["+strconv.Itoa(i)+"]", x)
			}
		default:
			buf, _ = pyjson.AppendNormalized(buf[:0], v, opt)
			l := leaf{hash: hashBytes(buf), id: hashed.IsID(p)}
			if v.Type() == fastjson.TypeString {
				if s := string(v.GetStringBytes()); isText(p, s) {
					l.text = s
				}
			}
			e.leaves[p] = l
		}
	}
	if body != nil {
		walk("", body)
	}
	return e.leaves
}

// isText reports a string leaf that holds what is asked (a message, an
// input, a prompt) rather than a parameter ("auto", "json_object"): it
// holds white space, or lies under a member that holds text.
func isText(path, s string) bool {
	if strings.ContainsAny(s, " \t\n") {
		return true
	}
	for _, k := range []string{".messages", ".input", ".prompt", ".contents", ".content", ".system", ".instructions", ".query", ".documents", ".text", ".parts"} {
		if strings.Contains(path, k+"[") || strings.Contains(path, k+".") || strings.HasSuffix(path, k) {
			return true
		}
	}
	return false
}

func hashBytes(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// How near two requests must be to make twins (see near).
const (
	// maxNear is the most leaves, ids aside, in which they may differ.
	maxNear = 3
	// minSimilar is the least diff.Similarity of each text leaf that
	// differs: a message or an input nearly the same as text, a few words
	// of a long one edited, never another question.
	minSimilar = 0.9
)

// near reports whether two hashed requests ask the same thing, nearly:
// they differ in at most maxNear leaves (ids aside), at most half of the
// larger request's, and each text leaf that differs is nearly the same
// text (minSimilar). n is how many leaves differ, ids aside, to prefer
// the nearest.
func near(a, b map[string]leaf) (n int, ok bool) {
	if len(a) > maxLeaves || len(b) > maxLeaves {
		return 0, false
	}
	// still counts the leaves at one path (x and y, both when present
	// on both sides) and reports whether the requests may still be twins.
	still := func(x, y leaf, both bool) bool {
		if x.id || y.id || both && x.hash == y.hash {
			return true
		}
		n++
		if n > maxNear {
			return false
		}
		if x.text != "" || y.text != "" {
			return both && x.text != "" && y.text != "" && diff.Similarity(x.text, y.text) >= minSimilar
		}
		return true
	}
	for p, x := range a {
		if y, both := b[p]; !still(x, y, both) {
			return n, false
		}
	}
	for p, y := range b {
		if _, both := a[p]; !both && !still(leaf{}, y, false) {
			return n, false
		}
	}
	return n, 2*n <= max(len(a), len(b))
}
