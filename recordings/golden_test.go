package recordings

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/golden"
)

// assembleOutput is what `recview assemble` prints: the assembled response
// as indented JSON.
func assembleOutput(t testing.TB, r *Recording) []byte {
	v, err := Assemble(r)
	if err != nil {
		t.Errorf("Assemble: %v", err)
	}
	return append(jsonx.Pretty(v), '\n')
}

// stepsOutput is what `recview steps` prints: one line per chunk.
func stepsOutput(t testing.TB, r *Recording) []byte {
	s, err := NewStepper(r)
	if err != nil {
		t.Fatalf("NewStepper: %v", err)
	}
	var b bytes.Buffer
	for k := 1; k <= s.Len(); k++ {
		fmt.Fprintf(&b, "%d\t%s\n", k, FormatDeltas(s.Deltas(k)))
	}
	return b.Bytes()
}

func checkGolden(t *testing.T, path string, got []byte) { t.Helper(); golden.Check(t, path, got) }

// TestGolden freezes the assembled response of every streamed or failed
// corpus recording, and the steps of every stream. Non-streaming bodies
// are checked against the file itself in TestAssembleNonStreaming.
// The goldens were checked against openai-go and anthropic-sdk-go (see
// peer_*_test.go) and by reading one recording of each kind by hand.
func TestGolden(t *testing.T) {
	for _, row := range corpustest.Manifest(t) {
		if !row.Streaming && !strings.Contains(row.Category, " EXC ") {
			continue
		}
		t.Run(row.File, func(t *testing.T) {
			r := parseFile(t, row.File)
			base := filepath.Join("testdata", "golden", strings.TrimSuffix(filepath.Base(row.File), ".json"))
			checkGolden(t, base+".assemble.json", assembleOutput(t, r))
			if r.Streaming {
				checkGolden(t, base+".steps.txt", stepsOutput(t, r))
			}
		})
	}
}

// TestAssembleNonStreaming checks that non-streaming bodies come out as
// recorded, less the __type__ wrapper, by comparing with the file's own
// response.body read independently.
func TestAssembleNonStreaming(t *testing.T) {
	for _, row := range corpustest.Manifest(t) {
		if row.Streaming || strings.Contains(row.Category, " EXC ") {
			continue
		}
		t.Run(row.File, func(t *testing.T) {
			r := parseFile(t, row.File)
			v, err := Assemble(r)
			if err != nil {
				t.Fatal(err)
			}
			body := r.Doc.Get("response", "body")
			var want []byte
			if items := body.GetArray(); items != nil {
				parts := make([]string, len(items))
				for i, it := range items {
					if d := it.Get("__data__"); d != nil {
						it = d
					}
					parts[i] = string(jsonx.Compact(it))
				}
				want = []byte("[" + strings.Join(parts, ",") + "]")
			} else if d := body.Get("__data__"); d != nil {
				want = jsonx.Compact(d)
			} else {
				want = jsonx.Compact(body)
			}
			if got := jsonx.Compact(v); !bytes.Equal(got, want) {
				t.Errorf("Assemble changed a non-streaming body:\n%s", golden.FirstDiff(want, got))
			}
		})
	}
}
