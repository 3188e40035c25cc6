package cassette

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/recview/recview/recordings"
)

// maxSeeds is how many fixtures of a format seed its fuzz target: the
// smallest, so that each input parses quickly (`make test` runs 20,000
// of them; the real files' sizes made the seven targets take 160 s).
const maxSeeds = 6

// fuzzFormat seeds f with the smallest maxSeeds fixtures of the
// recorders' folder format and fuzzes Parse under name (the name tells a
// .chunks.txt stream and rig's provider folder): it never panics, a
// cassette it reads names its recorder, and every interaction's
// recording is JSON that recordings.Parse reads.
func fuzzFormat(f *testing.F, format, name string) {
	files, err := filepath.Glob(filepath.Join(recorders, format, "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no fixtures in %s: %v", format, err)
	}
	var seeds [][]byte
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	slices.SortFunc(seeds, func(a, b []byte) int { return len(a) - len(b) })
	for _, data := range seeds[:min(maxSeeds, len(seeds))] {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(name, data)
		if err != nil {
			return
		}
		if c.Recorder == "" {
			t.Error("a cassette without its recorder")
		}
		for i, it := range c.Interactions {
			rec := it.Recording()
			if !json.Valid(rec) {
				t.Fatalf("interaction %d: the recording is not JSON: %.200s", i, rec)
			}
			if _, err := recordings.Parse("f.json", rec); err != nil {
				t.Fatalf("interaction %d: %v", i, err)
			}
		}
	})
}

func FuzzRubyVCR(f *testing.F)   { fuzzFormat(f, "ruby-vcr", "spec/fixtures/vcr_cassettes/f.yml") }
func FuzzGoVCR(f *testing.F)     { fuzzFormat(f, "go-vcr", "testdata/TestF/f.yaml") }
func FuzzHTTPRR(f *testing.F)    { fuzzFormat(f, "httprr", "testdata/TestF.httprr") }
func FuzzHTTPMock(f *testing.F)  { fuzzFormat(f, "httpmock-yaml", "tests/cassettes/openai/f.yaml") }
func FuzzTestProxy(f *testing.F) { fuzzFormat(f, "azure-test-proxy", "tests/SessionRecords/F/f.json") }
func FuzzHAR(f *testing.F)       { fuzzFormat(f, "har", "recordings/f/recording.har") }
func FuzzChunks(f *testing.F) {
	fuzzFormat(f, "chunks-txt", "packages/anthropic/src/__fixtures__/f.chunks.txt")
}
func FuzzFixtureBody(f *testing.F) {
	fuzzFormat(f, "chunks-txt", "packages/google/src/__fixtures__/f.json")
}
