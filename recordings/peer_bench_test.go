//go:build !js

package recordings

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/recview/recview/internal/tools/corpustest"
)

// openaiAssemble is the peer's way through a recording file: encoding/json
// for the file, each chunk decoded into an openai.ChatCompletionChunk and
// added to an openai.ChatCompletionAccumulator, as a program using the
// official SDK would.
func openaiAssemble(data []byte) (*openai.ChatCompletion, error) {
	var file struct {
		Response struct {
			Body []struct {
				Data json.RawMessage `json:"__data__"`
			} `json:"body"`
		} `json:"response"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, err
	}
	var acc openai.ChatCompletionAccumulator
	for i, c := range file.Response.Body {
		var chunk openai.ChatCompletionChunk
		if err := json.Unmarshal(c.Data, &chunk); err != nil {
			return nil, fmt.Errorf("chunk %d: %w", i, err)
		}
		if !acc.AddChunk(chunk) {
			return nil, fmt.Errorf("chunk %d: the accumulator refused it", i)
		}
	}
	return &acc.ChatCompletion, nil
}

// BenchmarkPeerOpenAI decodes and assembles the 1,399-chunk corpus stream
// with recview (Parse, Assemble) and with openai-go (openaiAssemble), from
// the same bytes.
func BenchmarkPeerOpenAI(b *testing.B) {
	data := readLargest(b)
	b.Run("recview", BenchmarkDecodeAssemble)
	b.Run("openai-go", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := openaiAssemble(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestBenchTable checks that recview and openai-go assemble the same
// result from the 1,399-chunk stream, then measures both in one run and
// prints them as a table with their ratios (`make bench` shows it, with
// -v; `make test` runs it too, about 3 s, and shows it only on failure).
// Nothing fails for a ratio: speed is measured, not asserted.
func TestBenchTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(), largestStream))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(largestStream, data)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := openaiAssemble(data)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(openaiChat(theirs), recviewChat(t, ours)); d != "" {
		t.Fatalf("recview and openai-go assemble different results (-openai-go +recview):\n%s", d)
	}

	res := map[string]testing.BenchmarkResult{}
	testing.Benchmark(func(b *testing.B) {}) // warm up the runtime
	for _, name := range []string{"recview", "openai-go"} {
		res[name] = testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if name == "recview" {
					r, _ := Parse(largestStream, data)
					Assemble(r)
				} else {
					openaiAssemble(data)
				}
			}
		})
	}
	ms := func(r testing.BenchmarkResult) float64 { return float64(r.NsPerOp()) / 1e6 }
	mbps := func(r testing.BenchmarkResult) float64 {
		return float64(len(data)) / 1e6 / (float64(r.NsPerOp()) / 1e9)
	}
	fmt.Printf("\n| decode + assemble, %d-chunk stream (%.1f MB) | time | MB/s | allocs | ratio |\n|---|---|---|---|---|\n", len(r.Chunks), float64(len(data))/1e6)
	for _, name := range []string{"recview", "openai-go"} {
		fmt.Printf("| %s | %.1f ms | %.0f | %d | %.2fx |\n", name, ms(res[name]), mbps(res[name]), res[name].AllocsPerOp(), ms(res["openai-go"])/ms(res[name]))
	}
	fmt.Printf("\nrecview is %.1fx the speed of openai-go (issue 29 asks 5x), same assembled result.\n", ms(res["openai-go"])/ms(res["recview"]))
}
