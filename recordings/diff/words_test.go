package diff

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestWords(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     []Span
	}{
		{"both empty", "", "", nil},
		{"equal", "same text", "same text", []Span{{OpEqual, "same text"}}},
		{"from nothing", "", "new text", []Span{{OpAdded, "new text"}}},
		{"to nothing", "old text", "", []Span{{OpRemoved, "old text"}}},
		{"one word", "the red car", "the blue car", []Span{{OpEqual, "the "}, {OpRemoved, "red"}, {OpAdded, "blue"}, {OpEqual, " car"}}},
		{"word added", "a b", "a new b", []Span{{OpEqual, "a "}, {OpAdded, "new "}, {OpEqual, "b"}}},
		{"punctuation on its own", `say "hi"`, `say "ho"`, []Span{{OpEqual, `say "`}, {OpRemoved, "hi"}, {OpAdded, "ho"}, {OpEqual, `"`}}},
		{"whole words, not letters", "cat", "cut", []Span{{OpRemoved, "cat"}, {OpAdded, "cut"}}},
		{"phrase, not interleaved words", "My answer is blue", "I chose blue", []Span{{OpRemoved, "My answer is"}, {OpAdded, "I chose"}, {OpEqual, " blue"}}},
		{"lines", "one\ntwo\nthree", "one\n2\nthree", []Span{{OpEqual, "one\n"}, {OpRemoved, "two"}, {OpAdded, "2"}, {OpEqual, "\nthree"}}},
		{"non-ASCII", "café crème", "café noir", []Span{{OpEqual, "café "}, {OpRemoved, "crème"}, {OpAdded, "noir"}}},
		{"invalid UTF-8", "a \xff b", "a \xfe b", []Span{{OpEqual, "a "}, {OpRemoved, "\xff"}, {OpAdded, "\xfe"}, {OpEqual, " b"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Words(tc.old, tc.new)
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("Words(%q, %q) (-want +got):\n%s", tc.old, tc.new, d)
			}
		})
	}
}

// TestWordsLong covers texts whose differing part is past maxDirect:
// diffed by lines first (60,000 distinct lines, so that the line-to-rune
// mapping crosses the surrogate range), and, for one unrelated long line
// on each side, replaced as a whole rather than diffed for seconds.
func TestWordsLong(t *testing.T) {
	var a, b strings.Builder
	line := func(i int) string { return "line " + strconv.Itoa(i) + " says hello\n" }
	for i := range 60000 {
		a.WriteString(line(i))
		switch i {
		case 0, 30000, 59999:
			b.WriteString(strings.Replace(line(i), "hello", "bye", 1))
		default:
			b.WriteString(line(i))
		}
	}
	spans := Words(a.String(), b.String())
	if !rebuilds(spans, a.String(), b.String()) {
		t.Fatal("spans do not rebuild the texts")
	}
	var edits []Span
	for _, s := range spans {
		if s.Op != OpEqual {
			edits = append(edits, s)
		}
	}
	want := []Span{{OpRemoved, "hello"}, {OpAdded, "bye"}, {OpRemoved, "hello"}, {OpAdded, "bye"}, {OpRemoved, "hello"}, {OpAdded, "bye"}}
	if !cmp.Equal(edits, want) {
		t.Errorf("edits %q, want %q", edits, want)
	}

	r := rand.New(rand.NewSource(1))
	noise := func() string {
		var b strings.Builder
		for range 20000 {
			b.WriteString(string(rune('a'+r.Intn(26))) + "/")
		}
		return b.String()
	}
	x, y := noise(), noise()
	start := time.Now()
	spans = Words("same start "+x, "same start "+y)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Words took %v on 40,000 tokens", d)
	}
	// Apart from shared tokens at the ends, one replacement.
	if !rebuilds(spans, "same start "+x, "same start "+y) || len(spans) > 4 ||
		spans[0].Op != OpEqual || !strings.HasPrefix(spans[0].Text, "same start ") {
		t.Errorf("unrelated long lines: %d spans, want at most: equal, removed, added, equal", len(spans))
	}
	for i, s := range spans {
		if s.Op != OpEqual && len(s.Text) < 39000 {
			t.Errorf("span %d: %s %d bytes, want the whole line", i, s.Op, len(s.Text))
		}
	}
}

func FuzzWords(f *testing.F) {
	f.Add("the red car", "the blue car")
	f.Add("My answer is blue", "I chose blue")
	f.Add("a \xff b", "")
	f.Add("line\n\nline", "line\nline\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		spans := Words(a, b)
		if !rebuilds(spans, a, b) {
			t.Fatalf("Words(%q, %q) = %q does not rebuild the texts", a, b, spans)
		}
		for i, s := range spans {
			if s.Text == "" || i > 0 && spans[i-1].Op == s.Op || i > 0 && spans[i-1].Op == OpAdded && s.Op == OpRemoved {
				t.Fatalf("Words(%q, %q) = %q: empty, repeated or misordered span %d", a, b, spans, i)
			}
			if utf8.ValidString(a) && utf8.ValidString(b) && !utf8.ValidString(s.Text) {
				t.Fatalf("span %q cuts a rune", s.Text)
			}
		}
	})
}
