package recordings_test

import (
	"fmt"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// summary is what the viewer's index keeps of a recording: the strings a
// Parser's Recording must keep valid after its next Parse.
func summary(name string, r *recordings.Recording, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	h := reqhash.Verify(name, r.Doc)
	return fmt.Sprintf("%q %s %q %q %v %d %q %s %s %q", r.TestID, r.Family, r.Model, r.URL, r.Streaming, len(r.Chunks), r.TypeName, h.Status, h.Scheme, h.Computed)
}

// TestParserReuse: one Parser going through every corpus file, with bad
// inputs in between, gives each file what Parse gives it, and the strings
// of the Recordings it returned stay what they were after it has parsed
// the others.
func TestParserReuse(t *testing.T) {
	var p recordings.Parser
	type kept struct {
		name, want string
		r          *recordings.Recording
		testID     string
		model      string
	}
	var all []kept
	bad := [][]byte{[]byte(`{"request": {}, "response": {"body": [nan]}}`), []byte(`[1, 2`), []byte(`{"a": 1}`)}
	for i, row := range corpustest.Manifest(t) {
		data := corpustest.Read(t, row.File)
		wr, werr := recordings.Parse(row.File, data)
		want := summary(row.File, wr, werr)
		r, err := p.Parse(row.File, data)
		if got := summary(row.File, r, err); got != want {
			t.Fatalf("%s: reused Parser gives %s, Parse %s", row.File, got, want)
		}
		if err == nil {
			all = append(all, kept{row.File, want, r, r.TestID, r.Model})
		}
		b := bad[i%len(bad)]
		_, berr := recordings.Parse("bad.json", b)
		if _, err := p.Parse("bad.json", b); fmt.Sprint(err) != fmt.Sprint(berr) {
			t.Fatalf("bad input after %s: %v, Parse %v", row.File, err, berr)
		}
	}
	if len(all) < 100 {
		t.Fatalf("only %d recordings parsed", len(all))
	}
	for _, k := range all {
		if k.r.TestID != k.testID || k.r.Model != k.model {
			t.Errorf("%s: TestID/Model changed after later parses: %q %q, were %q %q", k.name, k.r.TestID, k.r.Model, k.testID, k.model)
		}
	}
}

// TestReparse: bytes Parse took, Reparse takes to the same Recording
// (every corpus file); and it skips only the check of JSON's grammar:
// a number outside it, which Parse refuses, it lets through.
func TestReparse(t *testing.T) {
	var p recordings.Parser
	n := 0
	for _, row := range corpustest.Manifest(t) {
		data := corpustest.Read(t, row.File)
		wr, werr := recordings.Parse(row.File, data)
		if werr != nil {
			continue
		}
		n++
		want := summary(row.File, wr, werr) + string(jsonx.Compact(wr.Doc))
		r, err := p.Reparse(row.File, data)
		if got := summary(row.File, r, err) + string(jsonx.Compact(r.Doc)); got != want {
			t.Fatalf("%s: Reparse gives %.200s, Parse %.200s", row.File, got, want)
		}
	}
	if n < 100 {
		t.Fatalf("only %d recordings parsed", n)
	}
	loose := []byte(`{"request": {"url": "/v1/models", "body": {"n": 01}}, "response": {"body": {}}}`)
	if _, err := recordings.Parse("loose.json", loose); err == nil {
		t.Fatal("Parse took a number outside JSON's grammar")
	}
	if _, err := p.Reparse("loose.json", loose); err != nil {
		t.Errorf("Reparse checked the grammar again: %v", err)
	}
}

// BenchmarkIndexCorpus is what the index does with every corpus file
// (parse it and check its request hash), each file with Parse or all with
// one Parser.
func BenchmarkIndexCorpus(b *testing.B) {
	var datas [][]byte
	var names []string
	var size int64
	for _, row := range corpustest.Manifest(b) {
		data := corpustest.Read(b, row.File)
		datas, names, size = append(datas, data), append(names, row.File), size+int64(len(data))
	}
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			for i, d := range datas {
				if r, err := recordings.Parse(names[i], d); err == nil {
					reqhash.Verify(names[i], r.Doc)
				}
			}
		}
	})
	b.Run("Parser", func(b *testing.B) {
		b.SetBytes(size)
		var p recordings.Parser
		for b.Loop() {
			for i, d := range datas {
				if r, err := p.Parse(names[i], d); err == nil {
					reqhash.Verify(names[i], r.Doc)
				}
			}
		}
	})
}
