package review

import (
	"crypto/sha256"
	"errors"
	"hash/fnv"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/jsonx"
	"github.com/recview/recview/recordings"
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
	// bucket groups recordings that may be near twins: the shape, method,
	// endpoint and model.
	bucket string
	// ident is the SHA-256 of what the recorder hashes, the test_id
	// aside; see identity.
	ident [32]byte
	check reqhash.Check
	// leaves, for near matching, maps each leaf of the hashed request to a
	// hash of its normalized value; built on demand.
	leaves map[string]uint64
}

// read parses a file with parse and reads what pairing and triage need.
func read(side Side, p string, data []byte, parse func(string, []byte) (*recordings.Recording, error)) *entry {
	e := &entry{side: side, path: p, data: data}
	r, err := parse(p, data)
	if err != nil {
		switch {
		case looksLikeRecording(p):
			e.err = err
		case errors.Is(err, recordings.ErrNotRecording) || errors.Is(err, recordings.ErrBadField):
			e.skip = "not a recording"
		default:
			e.skip = "not JSON"
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
	e.bucket = string(r.Shape) + " " + r.Method + " " + e.endpoint + " " + r.Model
	e.ident = identity(r)
	e.check = reqhash.Verify(path.Base(p), r.Doc)
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
	}
	return NameUnknown
}

// hashedRequest returns the parts of a request the recorder hashes, the
// test_id aside: method and URL path (inference), or method and URL (raw
// HTTP), and the body, payload or kwargs; for tools the provider and tool
// name. bedrock says the body loses stream_options.
func hashedRequest(r *recordings.Recording) (head string, body *fastjson.Value, bedrock bool) {
	switch r.Shape {
	case recordings.ShapeInference:
		host, p := splitURL(r.URL)
		return "inference " + strings.ToUpper(r.Method) + " " + p, r.Body, strings.Contains(host, "bedrock")
	case recordings.ShapeHTTP:
		return "http " + strings.ToUpper(r.Method) + " " + string(jsonx.Compact(r.Request.Get("url"))), r.Body, false
	case recordings.ShapeTool:
		return "tool " + strconv.Quote(r.Provider) + " " + strconv.Quote(r.ToolName), r.Body, false
	}
	// File processors and unknown shapes: the request, test_id aside.
	return string(r.Shape), r.Request, false
}

// identity is the SHA-256 of what the recorder hashes for r, less the
// test_id: two recordings of the same identity differ in their file names
// only by the test_id or the scheme.
func identity(r *recordings.Recording) [32]byte {
	head, body, bedrock := hashedRequest(r)
	b := append([]byte(head), '\n')
	if r.Shape == recordings.ShapeTool {
		b = pyjson.Append(b, body, true)
	} else {
		b, _ = pyjson.AppendNormalized(b, body, pyjson.Options{FileSearch: true, ExcludeStreamOptions: bedrock})
	}
	if r.Shape == recordings.ShapeFileProcessor || r.Shape == recordings.ShapeUnknown {
		b = b[:len(head)+1]
		r.Request.GetObject().Visit(func(k []byte, v *fastjson.Value) {
			if string(k) != "test_id" {
				b = append(b, k...)
				b = pyjson.Append(b, v, true)
			}
		})
	}
	return sha256.Sum256(b)
}

// splitURL splits a recorded URL into host and path, as the recorder's
// urlparse does for the URLs it records ("http://0.0.0.0:11434/v1/x" ->
// "0.0.0.0:11434", "/v1/x"; "vertexai:///generate_content" -> "",
// "/generate_content").
func splitURL(s string) (host, p string) {
	u, err := url.Parse(s)
	if err != nil {
		return "", s
	}
	return u.Host, u.EscapedPath()
}

// maxLeaves bounds the leaves read for near matching; a request with more
// is matched by identity only.
const maxLeaves = 4096

// reparse parses the entry's file again with p, as read did; the error
// (not expected: the bytes parsed before) is kept in e.err.
func (e *entry) reparse(p *recordings.Parser) bool {
	e.rec, e.err = p.Parse(e.path, e.data)
	return e.err == nil
}

// leafMap returns the leaves of the hashed request (see leaves), parsing
// the file again with p when they were not read yet.
func (e *entry) leafMap(p *recordings.Parser) map[string]uint64 {
	if e.leaves != nil {
		return e.leaves
	}
	if !e.reparse(p) {
		e.leaves = map[string]uint64{}
		return e.leaves
	}
	defer func() { e.rec = nil }()
	head, body, bedrock := hashedRequest(e.rec)
	e.leaves = map[string]uint64{"": hashBytes([]byte(head))}
	opt := pyjson.Options{FileSearch: e.shape != recordings.ShapeTool, ExcludeStreamOptions: bedrock}
	var buf []byte
	var walk func(p string, v *fastjson.Value)
	walk = func(p string, v *fastjson.Value) {
		if len(e.leaves) > maxLeaves {
			return
		}
		switch v.Type() {
		case fastjson.TypeObject:
			v.GetObject().Visit(func(k []byte, x *fastjson.Value) {
				if p == "" && bedrock && string(k) == "stream_options" {
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
			e.leaves[p] = hashBytes(buf)
		}
	}
	if body != nil {
		walk("", body)
	}
	return e.leaves
}

func hashBytes(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// distance counts the leaves in which two hashed requests differ: present
// on one side only, or with another value; -1 when either has too many
// leaves to compare.
func distance(a, b map[string]uint64) int {
	if len(a) > maxLeaves || len(b) > maxLeaves {
		return -1
	}
	n := 0
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			n++
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			n++
		}
	}
	return n
}
