package app

import "testing"

// TestPluralTexts: the page's counts of one read in the singular.
func TestPluralTexts(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{clip("ab", 1), "a… (1 more byte)"},
		{clip("abc", 1), "a… (2 more bytes)"},
		{plural(1, "more row"), "1 more row"},
		{plural(0, "file"), "0 files"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
