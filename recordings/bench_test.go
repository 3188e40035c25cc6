package recordings

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// largestStream is the longest stream of the corpus: 1,399 OpenAI chat
// chunks, 1.1 MB.
const largestStream = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"

func readLargest(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(), largestStream))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeAssemble parses the largest corpus stream and assembles
// it; MB/s is of the file's bytes.
func BenchmarkDecodeAssemble(b *testing.B) {
	data := readLargest(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, err := Parse(largestStream, data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Assemble(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseInSlices decodes the largest corpus stream chunk by chunk
// (ParseInSlices, as the viewer does for files of 1 MB and more) and
// assembles it; compare with BenchmarkDecodeAssemble.
func BenchmarkParseInSlices(b *testing.B) {
	data := readLargest(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, _, err := ParseInSlices(largestStream, data, func() {})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Assemble(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewStepper is the one-time cost of preparing to step through
// the largest stream (a full fold plus snapshots).
func BenchmarkNewStepper(b *testing.B) {
	r, err := Parse(largestStream, readLargest(b))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := NewStepper(r); err != nil {
			b.Fatal(err)
		}
	}
}

// syntheticStream builds a chat stream of n chunks of one word each.
func syntheticStream(n int) []byte {
	var sb strings.Builder
	sb.WriteString(`{"request": {"url": "http://h/v1/chat/completions", "body": {}}, "response": {"is_streaming": true, "body": [`)
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fr := "null"
		if i == n-1 {
			fr = `"stop"`
		}
		fmt.Fprintf(&sb, `{"id": "s", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "word%d "}, "finish_reason": %s}]}`, i, fr)
	}
	sb.WriteString(`]}}`)
	return []byte(sb.String())
}

func benchStepper(b *testing.B, n int) *Stepper {
	r, err := Parse("synthetic.json", syntheticStream(n))
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewStepper(r)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkStep is one step forward plus building the result to show, on
// a 10,000-chunk stream.
func BenchmarkStep(b *testing.B) {
	s := benchStepper(b, 10000)
	for b.Loop() {
		if !s.Next() {
			s.Seek(0)
		}
		s.Result()
	}
}

// BenchmarkSeekRandom is a jump to a random step plus building the result
// to show, on a 10,000-chunk stream: what a slider drag costs per frame.
func BenchmarkSeekRandom(b *testing.B) {
	s := benchStepper(b, 10000)
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		s.Seek(rng.IntN(s.Len() + 1))
		s.Result()
	}
}

// bigStream builds an OpenAI chat stream of n wrapped chunks, each a
// content delta padded so the file is about size bytes, like the 50 MB
// stream of make bench's browser rows (e2e/bench_test.go, writeBigStream).
func bigStream(n, size int) []byte {
	var sb strings.Builder
	word := strings.Repeat("lorem ipsum ", (size/n-250)/12)
	sb.WriteString(`{"test_id": "synthetic", "request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "headers": {}, "body": {"model": "m", "messages": [{"role": "user", "content": "long"}], "stream": true}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"body": [`)
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk", "__data__": {"id": "c", "choices": [{"delta": {"content": "%d %s", "role": null}, "finish_reason": null, "index": 0}], "created": 0, "model": "m", "object": "chat.completion.chunk"}}`, i, word)
	}
	sb.WriteString(`], "is_streaming": true}}`)
	return []byte(sb.String())
}

// BenchmarkOpenBigStream opens a 50 MB stream of 50,000 chunks the way the
// viewer does (ParseInSlices, NewStepperInSlices, the last step's Result)
// and reports the memory reachable afterwards from what the viewer keeps
// (the file, the stepper and recording, the result) as live-MB and as
// live/file, the ratio the browser's 4× budget is about
// (the browser's figure is larger: WebAssembly memory never shrinks, so
// it counts the peak, garbage included).
func BenchmarkOpenBigStream(b *testing.B) {
	data := bigStream(50_000, 50<<20)
	var live uint64
	for b.Loop() {
		r, s, err := ParseInSlices("big.json", data, func() {})
		if err != nil {
			b.Fatal(err)
		}
		if s == nil {
			s, err = NewStepperInSlices(r, func() {})
			if err != nil {
				b.Fatal(err)
			}
		}
		s.Seek(s.Len())
		v := s.Result()
		b.StopTimer()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		live = m.HeapAlloc
		runtime.KeepAlive(v) // the viewer keeps the result, the stepper
		runtime.KeepAlive(s) // and through it the recording
		b.StartTimer()
	}
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(live)/float64(len(data)), "live/file")
}
