package jsonx

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/valyala/fastjson"
)

// dedupeCases: JSON with repeated keys and what Python's json.loads makes
// of it, written back compactly (each want checked with CPython 3.11:
// json.dumps(json.loads(in), separators=(",", ":"), ensure_ascii=False)).
var dedupeCases = []struct {
	in, want string
	found    bool
}{
	{`{"a":1,"b":2}`, `{"a":1,"b":2}`, false},
	{`{"content":"harmless","content":"something else"}`, `{"content":"something else"}`, true},
	{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`, true},
	{`{"a":1,"b":2,"a":3,"b":4,"a":5}`, `{"a":5,"b":4}`, true},
	{`{"x":{"k":1,"k":2},"y":[{"k":3,"k":4}]}`, `{"x":{"k":2},"y":[{"k":4}]}`, true},
	{`{"\u0061":1,"a":2}`, `{"a":2}`, true},
	{`[{"a":1},{"a":2}]`, `[{"a":1},{"a":2}]`, false},
	{`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k3":"last"}`,
		`{"k0":0,"k1":1,"k2":2,"k3":"last","k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16}`, true},
}

func TestDedupe(t *testing.T) {
	for _, tc := range dedupeCases {
		v, err := fastjson.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := Dedupe(v); got != tc.found {
			t.Errorf("Dedupe(%s) = %v, want %v", tc.in, got, tc.found)
		}
		if diff := cmp.Diff(tc.want, string(Compact(v))); diff != "" {
			t.Errorf("Dedupe(%s) (-want +got):\n%s", tc.in, diff)
		}
		if Dedupe(v) {
			t.Errorf("Dedupe(%s) finds a repeat the second time", tc.in)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	in := "{\"request\": {\"body\": {\"messages\": [\n" +
		"  {\"role\": \"user\", \"content\": \"harmless\",\n" +
		"   \"content\": \"something else\"}]}},\n" +
		" \"response\": {\"body\": [1, {\"a\": 1, \"b\": [], \"a\": 2, \"a\": 3}]},\n" +
		" \"test_id\": null, \"test_id\": \"x\"}"
	got := DuplicateKeys([]byte(in))
	want := []Duplicate{
		{Path: "request.body.messages[0]", Key: "content", Line: 3, Col: 4},
		{Path: "response.body[1]", Key: "a", Line: 4, Col: 53},
		{Path: "", Key: "test_id", Line: 5, Col: 19},
	}
	for i := range got {
		if in[got[i].Offset] != '"' {
			t.Errorf("%+v: no '\"' at its offset", got[i])
		}
		got[i].Offset = 0
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DuplicateKeys (-want +got):\n%s", diff)
	}
	// An object's repeats are found when it closes, an inner one's first;
	// they are given in the file's order.
	got = DuplicateKeys([]byte(`{"a": 1, "a": 2, "b": {"c": 1, "c": 2}}`))
	if len(got) != 2 || got[0].Key != "a" || got[0].Offset != 9 || got[1].Key != "c" || got[1].Offset != 31 {
		t.Errorf("DuplicateKeys out of the file's order: %+v", got)
	}
	if d := DuplicateKeys([]byte(`{"a": [1, 2], "b": {"c": 1}}`)); d != nil {
		t.Errorf("DuplicateKeys of a file without repeats = %v", d)
	}
	if d := DuplicateKeys([]byte(`{"a": 1, "a": 2, "b": [`)); len(d) != 0 {
		t.Errorf("truncated input: %v (the object never closes)", d)
	}
}

// BenchmarkDedupe walks the largest corpus stream's tree looking for
// repeated keys (it has none), the cost Parse adds to every file; compare
// with BenchmarkParseLargest, the parse it follows.
func BenchmarkDedupe(b *testing.B) {
	data := corpustest.Read(b, corpustest.Largest)
	var p fastjson.Parser
	v, err := p.ParseBytes(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if Dedupe(v) {
			b.Fatal("repeated keys in the corpus stream")
		}
	}
}

// BenchmarkParseLargest parses the largest corpus stream with a reused
// parser.
func BenchmarkParseLargest(b *testing.B) {
	data := corpustest.Read(b, corpustest.Largest)
	var p fastjson.Parser
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := p.ParseBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDedupe: on UTF-8 JSON encoding/json accepts, Dedupe leaves the
// values encoding/json reads (its maps keep a repeated key's last value,
// as Python's dicts do), reports a repeat exactly when DuplicateKeys finds
// one, and leaves none behind. (Input that is not UTF-8 is left out: the
// recorder's json.load cannot read it at all, and encoding/json reads
// every invalid byte as U+FFFD, so two different keys compare equal.)
func FuzzDedupe(f *testing.F) {
	for _, tc := range dedupeCases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return
		}
		var want any
		if json.Unmarshal(data, &want) != nil {
			return
		}
		var p fastjson.Parser
		v, err := p.ParseBytes(data)
		if err != nil || CheckStrict(data) != nil {
			return
		}
		found := Dedupe(v)
		if d := DuplicateKeys(data); (len(d) > 0) != found {
			t.Fatalf("Dedupe found a repeat: %v; DuplicateKeys: %v", found, d)
		}
		out := Compact(v)
		var got any
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("deduplicated output is not JSON: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("values changed:\n%s\n%s", data, out)
		}
		if d := DuplicateKeys(out); len(d) > 0 {
			t.Fatalf("repeats left: %v", d)
		}
	})
}
