package jsonx

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/valyala/fastjson"
)

// strictCases are inputs fastjson's parser accepts; want is whether they
// are JSON (checked against encoding/json in TestStrictJSON).
var strictCases = []struct {
	in   string
	want bool
}{
	{`{"a": [1, -0, 0.5, -12.75e+3, 3E-2, 10, true, false, null, "x"]}`, true},
	{`"esc \" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00"`, true},
	{`"` + strings.Repeat("plain text, eight bytes at a time. ", 5) + `"`, true},
	{`["ünïcödé ✓", "tab\u0009"]`, true},
	{`{"k": 1}` + " \t\r\n", true},
	{`.`, false},
	{`[+1]`, false},
	{`[nan]`, false},
	{`[NaN]`, false},
	{`[inf]`, false},
	{`[1.2.3]`, false},
	{`[01]`, false},
	{`[1.]`, false},
	{`[.5]`, false},
	{`[1e]`, false},
	{`[1e+]`, false},
	{`[-01]`, false},
	{"[\"a\x01b\"]", false},
	{"[\"" + strings.Repeat("a", 20) + "\x1f\"]", false},
	{"[\"" + strings.Repeat("a", 20) + "\n" + strings.Repeat("b", 20) + "\"]", false},
	{`["\x"]`, false},
	{`["\u12"]`, false},
	{`["\u12g4"]`, false},
	{`["\'"]`, false},
	{"{\"k\x02\": 1}", false},
}

// TestStrictJSON checks the token check against encoding/json on inputs
// fastjson's parser accepts, and that it accepts every corpus file.
func TestStrictJSON(t *testing.T) {
	for _, tc := range strictCases {
		var p fastjson.Parser
		if _, err := p.Parse(tc.in); err != nil {
			t.Fatalf("%q: fastjson's parser refuses it, so it tests nothing: %v", tc.in, err)
		}
		if json.Valid([]byte(tc.in)) != tc.want {
			t.Fatalf("%q: the case is wrong, encoding/json says valid=%v", tc.in, !tc.want)
		}
		if got := CheckStrict([]byte(tc.in)) == nil; got != tc.want {
			t.Errorf("CheckStrict(%q) accepts=%v, want %v", tc.in, got, tc.want)
		}
	}
	for _, f := range corpustest.TopFiles(t) {
		if err := CheckStrict(corpustest.Read(t, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// FuzzStrictJSON: on anything fastjson's parser accepts, fastjson's parser
// plus CheckStrict accept exactly what encoding/json does.
func FuzzStrictJSON(f *testing.F) {
	for _, tc := range strictCases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p fastjson.Parser
		if _, err := p.ParseBytes(data); err != nil {
			return
		}
		if got, want := CheckStrict(data) == nil, json.Valid(data); got != want {
			t.Fatalf("CheckStrict(%q) accepts=%v, encoding/json says %v", data, got, want)
		}
	})
}

// BenchmarkStrictJSON checks the largest corpus stream's tokens; compare
// with BenchmarkValidateFastjson, the check it replaced (run both under
// WebAssembly too, where the gap is larger).
func BenchmarkStrictJSON(b *testing.B) {
	data := corpustest.Read(b, corpustest.Largest)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := CheckStrict(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateFastjson is fastjson's full validator on the same file.
func BenchmarkValidateFastjson(b *testing.B) {
	data := corpustest.Read(b, corpustest.Largest)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := fastjson.ValidateBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}
