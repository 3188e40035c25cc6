package pageworker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

const corpusDir = "../../recordings/testdata/corpus"

// The same test recorded in 2025 and in 2026 (recordings/diff's
// TestCorpusPairs reads what differs from the files): "Roses are red,
// violets are ", Ollama's llama3.2:3b-instruct-fp16, one streamed choice.
const (
	roses2025 = "tests__integration__inference__recordings__responses__84cab42e1f5c.json"
	roses2026 = "tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCompareFiles: the worker's comparison is the core's, the same
// after the trip through the protocol, and its marks are the word diff
// of the two answers' texts, each side's words its own (read from the
// files: the 2025 answer goes on "My response is based on…", the 2026
// one "My answer is \"blue\" because…", both "Blue.\n\n" first).
func TestCompareFiles(t *testing.T) {
	a, b := read(t, roses2025), read(t, roses2026)
	c, err := CompareFiles([2]string{roses2025, roses2026}, [2][]byte{a, b})
	if err != nil {
		t.Fatal(err)
	}
	ra, _ := recordings.Parse(roses2025, a)
	rb, _ := recordings.Parse(roses2026, b)
	if d := cmp.Diff(*diff.Compare(ra, rb), c.Result); d != "" {
		t.Errorf("the worker's result is not the core's (-core +worker):\n%s", d)
	}
	if c.Result.Judgement.Verdict != diff.VerdictChanged {
		t.Errorf("verdict %q, want %q", c.Result.Judgement.Verdict, diff.VerdictChanged)
	}

	spans := c.Text[0]
	var old, new strings.Builder
	for _, s := range spans {
		if s.Op != diff.OpAdded {
			old.WriteString(s.Text)
		}
		if s.Op != diff.OpRemoved {
			new.WriteString(s.Text)
		}
	}
	if !strings.HasPrefix(old.String(), "Blue.\n\nMy response is based on") || !strings.HasPrefix(new.String(), "Blue.\n\nMy answer is \"blue\" because") {
		t.Errorf("the marks' sides:\nold %.60q\nnew %.60q", old.String(), new.String())
	}
	if len(spans) == 0 || spans[0].Op != diff.OpEqual || !strings.HasPrefix(spans[0].Text, "Blue.") {
		t.Errorf("the shared start is not kept plain: %+v", spans[:min(len(spans), 2)])
	}
	if len(c.Finish) != 0 {
		t.Errorf("finish reasons marked as differing: %v (both stop at the token limit)", c.Finish)
	}

	// Through the protocol, as the page reads it.
	if d := cmp.Diff(c, throughProtocol(t, c)); d != "" {
		t.Errorf("the comparison changed on its way (-sent +read):\n%s", d)
	}
}

// throughProtocol is c as the page reads it from the worker's Answer.
func throughProtocol(t *testing.T, c *Comparison) *Comparison {
	t.Helper()
	body, err := Encode(&Answer{ID: 7, Comparison: c})
	if err != nil {
		t.Fatal(err)
	}
	var got Answer
	if err := Decode(KindAnswer, body, &got); err != nil {
		t.Fatal(err)
	}
	return got.Comparison
}

// TestCompareFilesRoundTrip: the comparison of each two corpus files in
// turn (the first and the second, the third and the fourth…) reads back
// from the protocol as the core made it.
func TestCompareFilesRoundTrip(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil || len(names) < 20 {
		t.Fatalf("%d corpus files: %v", len(names), err)
	}
	compared := 0
	for i := 0; i+1 < len(names); i += 2 {
		a, b := filepath.Base(names[i]), filepath.Base(names[i+1])
		c, err := CompareFiles([2]string{a, b}, [2][]byte{read(t, a), read(t, b)})
		if err != nil {
			continue // not a recording: TestCompareFilesErrors
		}
		compared++
		if d := cmp.Diff(c, throughProtocol(t, c)); d != "" {
			t.Errorf("%s and %s: the comparison changed on its way (-sent +read):\n%s", a, b, d)
		}
	}
	if compared < len(names)/3 {
		t.Errorf("%d pairs compared of %d files", compared, len(names))
	}
}

// TestCompareFilesErrors: a file that is not a recording is named.
func TestCompareFilesErrors(t *testing.T) {
	_, err := CompareFiles([2]string{"a.json", "b.json"}, [2][]byte{read(t, roses2025), []byte(`{"nope": 1}`)})
	if err == nil || !strings.Contains(err.Error(), "b.json") {
		t.Errorf("error %v, want one naming b.json", err)
	}
}
