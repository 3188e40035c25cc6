// Package wholetree generates, for tests and benchmarks, a change set of
// the shape of ogx's re-recording of its whole tests/integration tree
// from the corpus's recordings (corpustest).
package wholetree

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"regexp"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// The shape of ogx's re-recording of its whole tests/integration tree
// (5adcf0e, 2025-10-01, 332 recordings, against 5a9cb55d8, 2026-04-30,
// 3,162: 3,409 pairs, 75 renamed, 3,080 added, 254 deleted, 38 tests
// that multiplied their recordings into 1,485 of the added files), which
// New copies with the corpus's files whose request has a body.
const (
	Renamed         = 75   // the same test's recording under a new name
	RenamedChanged  = 17   // … of them with another answer (the high pairs)
	Deleted         = 255  // in base only
	Multiplied      = 38   // tests with none before and many after
	MultipliedAdded = 1485 // their recordings, spread evenly
	OtherAdded      = 1595 // one recording of a new test each
)

var (
	testIDField = regexp.MustCompile(`"test_id": *(null|"([^"\\]*)")`)
	answerText  = regexp.MustCompile(`"(content|text)": "[A-Za-z]`)
)

// New makes a change set of the shape of ogx's whole-tree
// re-recording (the constants above) from the corpus's recordings, its
// files and sizes cycled in sorted order: each file gets a test_id of
// its own (every pair's test is distinct, but the multiplied tests') and
// a request of its own (withUser, as a run's changing request multiplies
// a test's recordings), and is named as today's recorder names it
// (reqhash.SchemeCurrent). A renamed pair's head is its
// base's bytes under another folder, or for RenamedChanged of
// them with another answer (changeResult). Changes lists
// what each file is meant to be ("R", "A", "D"), as CHANGES.tsv does.
func New(t testing.TB) corpustest.ChangeSet {
	t.Helper()
	var src [][]byte
	for _, name := range corpustest.TopFiles(t) {
		// Those whose request has a body with something in it (not a
		// model list, which review pairs by its models whatever else):
		// a copy's request is made its own there.
		data := corpustest.Read(t, name)
		if loc := requestBodyAt(data); loc != nil && bytes.TrimLeft(data[loc[1]:], " \n")[0] != '}' {
			src = append(src, data)
		}
	}
	cs := corpustest.ChangeSet{Base: map[string][]byte{}, Head: map[string][]byte{}}
	k := 0
	next := func(id string) []byte {
		data := withTestID(withUser(src[k%len(src)], k), id)
		k++
		return data
	}
	name := func(suite string, data []byte) string {
		doc, err := fastjson.ParseBytes(data)
		if err != nil {
			t.Fatalf("wholetree: a generated recording is not JSON: %v", err)
		}
		in, err := reqhash.ForRequest(doc)
		if err != nil || in[0].FileName == "" {
			t.Fatalf("wholetree: a generated recording has no name: %v", err)
		}
		return "tests/integration/" + suite + "/recordings/" + in[0].FileName
	}
	for i := range Renamed {
		data := next(fmt.Sprintf("tests/integration/suite/test_kept.py::test_kept_%03d[txt=ollama/llama3.2:3b-instruct-fp16]", i))
		head := data
		if i < RenamedChanged {
			head = changeResult(data)
		}
		b, h := name("common", data), name("inference", head)
		cs.Base[b], cs.Head[h] = data, head
		cs.Changes = append(cs.Changes, [3]string{"R", b, h})
	}
	for i := range Deleted {
		data := next(fmt.Sprintf("tests/integration/suite/test_gone.py::test_gone_%03d[txt=ollama/llama3.2:3b-instruct-fp16]", i))
		b := name("common", data)
		cs.Base[b] = data
		cs.Changes = append(cs.Changes, [3]string{"D", b, ""})
	}
	for i := range MultipliedAdded {
		test := i % Multiplied
		data := next(fmt.Sprintf("tests/integration/agents/test_responses.py::test_multiplied_%02d[openai_client-txt=ollama/llama3.2:3b-instruct-fp16]", test))
		h := name("agents", data)
		cs.Head[h] = data
		cs.Changes = append(cs.Changes, [3]string{"A", "", h})
	}
	for i := range OtherAdded {
		data := next(fmt.Sprintf("tests/integration/responses/test_new.py::test_new_%04d[client_with_models-txt=openai/gpt-4o]", i))
		h := name("responses", data)
		cs.Head[h] = data
		cs.Changes = append(cs.Changes, [3]string{"A", "", h})
	}
	return cs
}

// withTestID is a recording's bytes with its test_id set to id: the
// field replaced where it has one (a string, or null), else put first in
// its object.
func withTestID(data []byte, id string) []byte {
	field := []byte(fmt.Sprintf(`"test_id": %q`, id))
	if loc := testIDField.FindIndex(data); loc != nil {
		return slicesConcat(data[:loc[0]], field, data[loc[1]:])
	}
	i := bytes.IndexByte(data, '{')
	return slicesConcat(data[:i+1], field, []byte(", "), data[i+1:])
}

var requestBody = regexp.MustCompile(`"body": *\{`)

// withUser is a recording's bytes with "user" first in its request's
// body (the first "body" object: the request comes first), words of its
// own for copy k, so that no two copies of a file ask the same, nor
// nearly: review pairs a deleted and an added file of one request, or of
// requests a leaf or three apart but for ids, as renamed.
func withUser(data []byte, k int) []byte {
	loc := requestBodyAt(data)
	if loc == nil {
		return data
	}
	sep := ", "
	if rest := bytes.TrimLeft(data[loc[1]:], " \n"); len(rest) > 0 && rest[0] == '}' {
		sep = ""
	}
	return slicesConcat(data[:loc[1]], []byte(fmt.Sprintf(`"user": %q%s`, words(k), sep)), data[loc[1]:])
}

// requestBodyAt is where the request's body object opens in a
// recording ("body": { after "request" and before "response"), nil when
// its request has none.
func requestBodyAt(data []byte) []int {
	req := bytes.Index(data, []byte(`"request"`))
	resp := bytes.Index(data, []byte(`"response"`))
	if req < 0 || resp < req {
		return nil
	}
	loc := requestBody.FindIndex(data[req:resp])
	if loc == nil {
		return nil
	}
	return []int{req + loc[0], req + loc[1]}
}

// words are five words of six letters drawn from SHA-256(k): text
// that two copies do not share.
func words(k int) string {
	sum := sha256.Sum256([]byte(fmt.Sprint(k)))
	b := make([]byte, 0, 34)
	for i, c := range sum[:30] {
		if i > 0 && i%6 == 0 {
			b = append(b, ' ')
		}
		b = append(b, 'a'+c%26)
	}
	return string(b)
}

// changeResult is a recording whose answer ends otherwise: its last
// finish reason "stop" made "length" (a finish reason that changed, of
// high severity), else a letter of its last answer text changed.
func changeResult(data []byte) []byte {
	stop := []byte(`"finish_reason": "stop"`)
	if i := bytes.LastIndex(data, stop); i >= 0 {
		return slicesConcat(data[:i], []byte(`"finish_reason": "length"`), data[i+len(stop):])
	}
	return bumpAnswer(data)
}

// bumpAnswer changes the first letter of the last answer text ("content"
// or "text") to its neighbour, on a copy.
func bumpAnswer(data []byte) []byte {
	m := answerText.FindAllIndex(data, -1)
	if m == nil {
		return data
	}
	out := bytes.Clone(data)
	at := m[len(m)-1][1] - 1
	if c := out[at]; c == 'z' || c == 'Z' {
		out[at] = c - 1
	} else {
		out[at] = c + 1
	}
	return out
}

// slicesConcat is the bytes of parts one after another, in a new slice.
func slicesConcat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}
