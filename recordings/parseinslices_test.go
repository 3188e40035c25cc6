package recordings

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/valyala/fastjson"
)

// sliceEverything makes ParseInSlices slice inputs of any size for the
// rest of the test, keeping the chunks of streams as bytes when lazy is
// true and as trees otherwise.
func sliceEverything(t testing.TB, lazy bool) {
	oldSlice, oldLazy := sliceMin, lazyMin
	sliceMin, lazyMin = 0, math.MaxInt
	if lazy {
		lazyMin = 0
	}
	t.Cleanup(func() { sliceMin, lazyMin = oldSlice, oldLazy })
}

// sameAsParse fails unless ParseInSlices gives what Parse gives for data:
// the same error text, or the same document and decoded fields. It returns
// how many times between was called.
func sameAsParse(t *testing.T, name string, data []byte) int {
	t.Helper()
	calls := 0
	got, folded, gerr := ParseInSlices(name, data, func() { calls++ })
	want, werr := Parse(name, data)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		if len(data) > 400 {
			t.Logf("input: %.200s … %s", data, data[len(data)-200:])
		}
		t.Fatalf("%s: ParseInSlices error %v, Parse error %v", name, gerr, werr)
	}
	if werr != nil {
		return calls
	}
	if g, w := jsonx.Compact(wholeDoc(t, got)), jsonx.Compact(want.Doc); !bytes.Equal(g, w) {
		t.Fatalf("%s: documents differ:\nsliced %.300s\nwhole  %.300s", name, g, w)
	}
	if got.Family != want.Family || got.Shape != want.Shape || got.TestID != want.TestID || got.Model != want.Model ||
		got.Streaming != want.Streaming || got.TypeName != want.TypeName || got.Size != want.Size || got.Unknown != want.Unknown {
		t.Fatalf("%s: decoded fields differ:\nsliced %+v\nwhole  %+v", name, got, want)
	}
	if fmt.Sprint(got.Duplicates) != fmt.Sprint(want.Duplicates) {
		t.Fatalf("%s: duplicate keys differ:\nsliced %v\nwhole  %v", name, got.Duplicates, want.Duplicates)
	}
	if len(got.Chunks) != len(want.Chunks) {
		t.Fatalf("%s: %d chunks sliced, %d whole", name, len(got.Chunks), len(want.Chunks))
	}
	for i := range got.Chunks {
		g, w := &got.Chunks[i], &want.Chunks[i]
		if g.Event != w.Event || g.Type != w.Type || !bytes.Equal(g.Raw(), w.Raw()) {
			t.Fatalf("%s: chunk %d differs: %s / %s", name, i, g.Raw(), w.Raw())
		}
		if ge, we := g.Element(), w.Element(); (ge == nil) != (we == nil) || ge != nil && !bytes.Equal(jsonx.Compact(ge), jsonx.Compact(we)) {
			t.Fatalf("%s: chunk %d's element differs: %v / %v", name, i, ge, we)
		}
	}
	if folded != nil {
		sameSteps(t, name, folded, want)
	}
	if gs, err := NewStepper(got); err == nil || folded == nil {
		sameSteps(t, name, gs, want)
	}
	return calls
}

// sameSteps fails unless stepping with gs, a Stepper over the sliced
// recording (nil when it has none), gives what stepping through want's
// stream gives: the deltas of every chunk, and the assembled response at
// the first steps, every 97th and the last (a chunk kept as bytes is
// parsed again at each fold).
func sameSteps(t *testing.T, name string, gs *Stepper, want *Recording) {
	t.Helper()
	ws, werr := NewStepper(want)
	if (gs != nil) != (werr == nil) {
		t.Fatalf("%s: a Stepper for the sliced recording: %v; NewStepper of the whole: %v", name, gs != nil, werr)
	}
	if werr != nil {
		return
	}
	if fmt.Sprint(gs.Err()) != fmt.Sprint(ws.Err()) {
		t.Fatalf("%s: stream errors differ: %v / %v", name, gs.Err(), ws.Err())
	}
	for k := 0; k <= ws.Len(); k++ {
		if g, w := fmt.Sprint(gs.Deltas(k)), fmt.Sprint(ws.Deltas(k)); g != w {
			t.Fatalf("%s: chunk %d's deltas differ: %s / %s", name, k, g, w)
		}
		if k < 3 || k%97 == 0 || k == ws.Len() {
			gs.Seek(k)
			ws.Seek(k)
			if g, w := jsonx.Compact(gs.Result()), jsonx.Compact(ws.Result()); !bytes.Equal(g, w) {
				t.Fatalf("%s: step %d differs:\nsliced %.300s\nwhole  %.300s", name, k, g, w)
			}
		}
	}
}

// wholeDoc puts the elements of a stream ParseInSlices kept as bytes back
// into r.Doc's response.body, for comparing with Parse, and returns r.Doc.
func wholeDoc(t *testing.T, r *Recording) *fastjson.Value {
	t.Helper()
	// Kept as bytes, or as trees when the chunk repeats a key: any chunk
	// with bytes, or an empty body beside chunks, tells the lazy route.
	lazy := false
	for i := range r.Chunks {
		lazy = lazy || r.Chunks[i].raw != nil
	}
	if b := r.Doc.Get("response", "body"); len(r.Chunks) > 0 && b != nil && b.Type() == fastjson.TypeArray && len(b.GetArray()) == 0 {
		lazy = true
	}
	if !lazy {
		return r.Doc
	}
	// The first "response" with an empty body: after a lookup that
	// missed, fastjson's Get also matches keys spelled with escapes, which
	// come first in the "escaped key" shape.
	var body *fastjson.Value
	r.Doc.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if b := v.Get("body"); body == nil && string(k) == "response" && b != nil && len(b.GetArray()) == 0 {
			body = b
		}
	})
	if body == nil {
		t.Fatal("a stream kept as bytes has no empty response.body in Doc")
	}
	for i := range r.Chunks {
		body.SetArrayItem(i, r.Chunks[i].Element())
	}
	return r.Doc
}

// TestParseInSlicesCorpus: every corpus file, sliced whatever its size,
// its stream's chunks kept as trees or as bytes (OpenAI streams always as
// bytes, folded as they are checked), decodes and steps exactly as Parse's
// result does, and the 1.1 MB stream gives the caller a break about every
// 64 KB.
func TestParseInSlicesCorpus(t *testing.T) {
	for _, lazy := range []bool{false, true} {
		t.Run(fmt.Sprintf("lazy=%v", lazy), func(t *testing.T) {
			sliceEverything(t, lazy)
			for _, row := range corpustest.Manifest(t) {
				data, err := os.ReadFile(filepath.Join(corpustest.Dir(), row.File))
				if err != nil {
					t.Fatal(err)
				}
				calls := sameAsParse(t, row.File, data)
				if row.File == largestStream {
					r, folded, err := ParseInSlices(row.File, data, func() {})
					if err != nil {
						t.Fatal(err)
					}
					// An OpenAI chat stream: kept as bytes whatever its
					// size, and folded as it was checked.
					if c := r.Chunks[0]; c.raw == nil || c.data != nil {
						t.Errorf("%s: chunk 1 kept as bytes %v, as a tree %v; want bytes", row.File, c.raw != nil, c.data != nil)
					}
					if folded == nil {
						t.Errorf("%s: not folded as its chunks were checked", row.File)
					}
					// 1.1 MB of chunks scanned in 256 KB stretches and parsed
					// in 64 KB slices: 4 + 17 breaks, give or take the
					// metadata around the chunks.
					if calls < 19 || calls > 23 {
						t.Errorf("%s: between called %d times, want about 21", row.File, calls)
					}
				}
			}
		})
	}
}

// TestParseInSlicesShapes: inputs the plain scan must get right or hand
// to Parse, written by hand.
func TestParseInSlicesShapes(t *testing.T) {
	for _, lazy := range []bool{false, true} {
		t.Run(fmt.Sprintf("lazy=%v", lazy), func(t *testing.T) { parseInSlicesShapes(t, lazy) })
	}
}

func parseInSlicesShapes(t *testing.T, lazy bool) {
	sliceEverything(t, lazy)
	head := `{"request": {"url": "http://x/v1/chat/completions", "body": {"model": "m"}}, `
	chunk := `{"choices": [{"delta": {"content": "a\"]}"}, "index": 0}]}`
	// fastjson counts a value's depth from the document (1) through
	// response, body and 296 nested lists to the 1 inside: 300, its limit.
	deep := strings.Repeat("[", 296) + "1" + strings.Repeat("]", 296)
	for name, doc := range map[string]string{
		"stream":              head + `"response": {"body": [` + chunk + `, ` + chunk + `], "is_streaming": true}}`,
		"whitespace":          " \n" + head + `"response" : { "body" :[ ` + chunk + " ,\n\t" + chunk + " ] , \"is_streaming\": true } } \n",
		"SSE lines":           head + `"response": {"body": ["event: x", "data: {\"a\": 1}", ""], "is_streaming": true}}`,
		"empty body":          head + `"response": {"body": [], "is_streaming": true}}`,
		"body not a list":     head + `"response": {"body": {"a": 1}}}`,
		"response first":      `{"response": {"is_streaming": true, "body": [` + chunk + `]}, "request": {"url": "http://x/v1/chat/completions"}}`,
		"escaped key":         head + `"respons\u0065": {"body": [1]}, "response": {"body": [` + chunk + `], "is_streaming": true}}`,
		"only escaped key":    head + `"respons\u0065": {"body": [` + chunk + `], "is_streaming": true}}`,
		"duplicate response":  head + `"response": {"body": [` + chunk + `], "is_streaming": true}, "response": {"body": [2]}}`,
		"duplicate body":      head + `"response": {"body": [` + chunk + `], "body": [3], "is_streaming": true}}`,
		"missing comma":       head + `"response": {"body": [` + chunk + ` ` + chunk + `], "is_streaming": true}}`,
		"double comma":        head + `"response": {"body": [` + chunk + `,,` + chunk + `], "is_streaming": true}}`,
		"trailing comma":      head + `"response": {"body": [` + chunk + `,], "is_streaming": true}}`,
		"bad element":         head + `"response": {"body": [{"a": tru}], "is_streaming": true}}`,
		"unbalanced element":  head + `"response": {"body": [{"a": [}], "is_streaming": true}}`,
		"truncated in body":   head + `"response": {"body": [` + chunk + `, {"choi`,
		"truncated after":     head + `"response": {"body": [` + chunk + `], "is_stre`,
		"trailing garbage":    head + `"response": {"body": [` + chunk + `], "is_streaming": true}} x`,
		"scalars":             head + `"response": {"body": [1, -2.5e3, true, null, "s"], "is_streaming": false}}`,
		"at depth limit":      head + `"response": {"body": [` + deep + `], "is_streaming": true}}`,
		"past depth limit":    head + `"response": {"body": [[` + deep + `]], "is_streaming": true}}`,
		"far past the limit":  head + `"response": {"body": [` + strings.Repeat("[", 20000) + `], "is_streaming": true}}`,
		"backslashes":         head + `"response": {"body": ["a\\\\", "b\\\"c"], "is_streaming": true}}`,
		"not an object":       `[` + chunk + `]`,
		"request has a body":  `{"request": {"body": [1, 2]}, "response": {"body": [` + chunk + `], "is_streaming": true}}`,
		"unterminated string": head + `"response": {"body": ["abc], "is_streaming": true}}`,
		"lenient number":      head + `"response": {"body": [` + chunk + `, {"a": .}], "is_streaming": true}}`,
		"nan token":           head + `"response": {"body": [{"a": nan}], "is_streaming": true}}`,
		"bad number outside":  head + `"response": {"body": [` + chunk + `], "is_streaming": true, "status": +1}}`,
		"bad escape":          head + `"response": {"body": [` + chunk + `, {"a": "\q"}], "is_streaming": true}}`,
		"control character":   head + `"response": {"body": [` + chunk + `, {"a": "x` + "\x01" + `"}], "is_streaming": true}}`,
		"leading zero":        head + `"response": {"body": [{"a": [1, 02]}], "is_streaming": true}}`,
		"literal run on":      head + `"response": {"body": [{"a": nullx}], "is_streaming": true}}`,
	} {
		t.Run(name, func(t *testing.T) { sameAsParse(t, name+".json", []byte(doc)) })
	}
}

// TestParseInSlicesSmall: under sliceMin, or with no between function,
// the input is parsed whole and between is never called.
func TestParseInSlicesSmall(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(), "seeds", "4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json"))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	if _, _, err := ParseInSlices("seed.json", data, func() { calls++ }); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("between called %d times for a %d-byte file", calls, len(data))
	}
	if _, _, err := ParseInSlices("seed.json", data, nil); err != nil {
		t.Fatal(err)
	}
}

// TestNewStepperInSlices: folding in slices gives the same steps as
// NewStepper and a break every 64 chunks.
func TestNewStepperInSlices(t *testing.T) {
	r := parseFile(t, largestStream)
	calls := 0
	got, err := NewStepperInSlices(r, func() { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	want, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Chunks); calls != (n-1)/sliceChunks {
		t.Errorf("between called %d times for %d chunks, want %d", calls, n, (n-1)/sliceChunks)
	}
	for _, k := range []int{0, 1, 5, 64, 700, 1398, got.Len()} {
		got.Seek(k)
		want.Seek(k)
		if g, w := jsonx.Compact(got.Result()), jsonx.Compact(want.Result()); !bytes.Equal(g, w) {
			t.Fatalf("step %d: %s / %s", k, g, w)
		}
		if fmt.Sprint(got.Deltas(k)) != fmt.Sprint(want.Deltas(k)) {
			t.Fatalf("step %d deltas: %v / %v", k, got.Deltas(k), want.Deltas(k))
		}
	}
}

// FuzzParseInSlices: for any input, slicing changes nothing, whether a
// stream's chunks are kept as trees or as bytes.
func FuzzParseInSlices(f *testing.F) {
	fuzzSeeds(f)
	f.Add([]byte(`{"request": {"url": "http://x/v1/chat/completions"}, "response": {"body": ["data: {}", "", 1, [[]]], "is_streaming": true}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sliceEverything(t, false)
		sameAsParse(t, "fuzz.json", data)
		lazyMin = 0 // sliceEverything's cleanup puts it back
		sameAsParse(t, "fuzz.json", data)
	})
}
