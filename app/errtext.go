package app

import "strings"

// corePackages are the names the core's packages begin their errors
// with ("recordings: x.json: not a recording"), Go's way of naming the
// code that failed, which says nothing to a reader of the page.
var corePackages = []string{"recordings", "cassette", "replay", "reqhash", "permalink", "review", "diff"}

// errorText is err as the page shows it: its text without the core's
// package prefixes (corePackages followed by ": ") where one opens the
// text or a clause of it (after ": ", "; " or "("), so that it reads
// "x.json: not a recording: binary data (PNG image)". What the error
// says of the file (its name, the line and column) is kept.
func errorText(err error) string {
	s := err.Error()
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if clauseStart(s, i) {
			if n := packagePrefix(s[i:]); n > 0 {
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// clauseStart reports whether a clause of s may begin at byte i: at its
// start, or after ": ", "; " or "(".
func clauseStart(s string, i int) bool {
	return i == 0 || s[i-1] == '(' || i >= 2 && s[i-1] == ' ' && (s[i-2] == ':' || s[i-2] == ';')
}

// packagePrefix is the length of the core package prefix s begins with
// ("recordings: "), 0 when none.
func packagePrefix(s string) int {
	for _, p := range corePackages {
		if len(s) > len(p)+1 && s[:len(p)] == p && s[len(p):len(p)+2] == ": " {
			return len(p) + 2
		}
	}
	return 0
}
