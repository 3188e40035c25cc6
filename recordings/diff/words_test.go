package diff

import (
	"strconv"
	"strings"
	"testing"
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

// TestWordsManyTokens crosses the surrogate range of the token-to-rune
// mapping (token 0xD800 and up): the texts must still come back intact.
func TestWordsManyTokens(t *testing.T) {
	var a, b strings.Builder
	word := func(i int) string { return "w" + strconv.Itoa(i) }
	for i := range 70000 {
		w := word(i)
		a.WriteString(w + " ")
		if i == 60000 {
			w = "CHANGED"
		}
		b.WriteString(w + " ")
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
	if want := []Span{{OpRemoved, word(60000)}, {OpAdded, "CHANGED"}}; !cmp.Equal(edits, want) {
		t.Errorf("edits %q, want %q", edits, want)
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
