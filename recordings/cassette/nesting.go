package cassette

import (
	"fmt"
	"strings"
)

// maxNesting bounds how deep a cassette's collections may nest before
// Parse reads it. YAML and JSON parsers recurse once per level, and as
// WebAssembly in a browser's worker (the viewer reads cassettes there)
// that recursion runs on the engine's own stack, far smaller than a
// native goroutine's: yaml.v3's own bound of 10,000 levels overflowed it.
// Real cassettes nest a few dozen levels.
const maxNesting = 1000

// nestingError says where data nests deeper than maxNesting: flow
// collections ("[", "{") open inside each other outside quoted scalars
// and comments, or a line indented (spaces, then block indicators "- ",
// "? ", ": ") past maxNesting columns, each column at most one block
// level. Text in block scalars is counted as flow text: a bracket there
// counts as one, which errs on the safe side. nil when data nests less.
func nestingError(data []byte) error {
	depth, line := 0, 1
	var quote byte // the open quote, 0 outside quoted scalars
	var prev byte  // the line's last byte outside spaces, 0 at its start
	atLineStart := true
	for i := 0; i < len(data); i++ {
		c := data[i]
		if atLineStart {
			atLineStart = false
			col := 0
			for i < len(data) {
				switch {
				case data[i] == ' ':
					col++
					i++
					continue
				case i+1 < len(data) && (data[i] == '-' || data[i] == '?' || data[i] == ':') && data[i+1] == ' ':
					col += 2
					i += 2
					continue
				}
				break
			}
			prev = 0
			if col > maxNesting {
				return fmt.Errorf("line %d: indented %d columns, nesting deeper than %d levels", line, col, maxNesting)
			}
			if i == len(data) {
				break
			}
			c = data[i]
		}
		switch {
		case c == '\n':
			line++
			atLineStart = true
		case quote == '"' && c == '\\':
			i++ // the escaped byte
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && (prev == 0 || strings.IndexByte(":-[{,?", prev) >= 0):
			// A quote opens a scalar only where one starts: "don't" is
			// plain text.
			quote = c
		case c == '#' && (i == 0 || data[i-1] == ' ' || data[i-1] == '\t'):
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case c == '[' || c == '{':
			if depth++; depth > maxNesting {
				return fmt.Errorf("line %d: collections nested deeper than %d levels", line, maxNesting)
			}
		case c == ']' || c == '}':
			depth = max(0, depth-1)
		}
		if c != ' ' && c != '\t' && c != '\n' {
			prev = c
		}
	}
	return nil
}
