package recordings

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// largestStream is the longest stream of the corpus: 1,399 OpenAI chat
// chunks, 1.1 MB.
const largestStream = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"

func readLargest(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join(corpusDir, largestStream))
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
		r, err := ParseInSlices(largestStream, data, func() {})
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
