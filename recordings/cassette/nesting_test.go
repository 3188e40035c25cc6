package cassette

import (
	"strings"
	"testing"
)

func TestNestingError(t *testing.T) {
	deepBlock := "interactions:\n"
	for i := range 1100 {
		deepBlock += strings.Repeat(" ", i) + "-\n"
	}
	for name, tc := range map[string]struct {
		doc  string
		want string // "" for no error
	}{
		"flow":                {"interactions: " + strings.Repeat("[", 1001) + strings.Repeat("]", 1001), "line 1: collections nested deeper than 1000 levels"},
		"flow at the bound":   {"interactions: " + strings.Repeat("[", 1000) + strings.Repeat("]", 1000), ""},
		"block":               {deepBlock, "line 1003: indented 1001 columns"},
		"inline sequences":    {"a:\n" + strings.Repeat("- ", 600) + "x\n", "line 2: indented 1200 columns"},
		"after an apostrophe": {"a: don't " + strings.Repeat("{", 1001) + "\n", "collections nested deeper"},
		"quoted brackets":     {`a: "` + strings.Repeat("[", 2000) + `"` + "\nb: '" + strings.Repeat("{", 2000) + "'\n", ""},
		"escaped quote":       {`{"a": "x\"` + strings.Repeat("[", 2000) + `"}`, ""},
		"a comment":           {"a: 1 # " + strings.Repeat("[", 2000) + "\n", ""},
		"JSON":                {strings.Repeat(`{"a":`, 1001) + "1" + strings.Repeat("}", 1001), "collections nested deeper"},
	} {
		err := nestingError([]byte(tc.doc))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
