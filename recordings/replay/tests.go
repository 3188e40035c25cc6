package replay

import (
	"regexp"
	"strings"
)

// testFile is what a Python test file defines: its functions and classes,
// at any indentation.
type testFile struct {
	funcs, classes map[string]bool
}

var (
	pyDefRe   = regexp.MustCompile(`(?m)^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(`)
	pyClassRe = regexp.MustCompile(`(?m)^[ \t]*class[ \t]+(\w+)`)
)

// parseTestFile lists the functions and classes a Python file defines.
func parseTestFile(src []byte) *testFile {
	f := &testFile{funcs: map[string]bool{}, classes: map[string]bool{}}
	for _, m := range pyDefRe.FindAllSubmatch(src, -1) {
		f.funcs[string(m[1])] = true
	}
	for _, m := range pyClassRe.FindAllSubmatch(src, -1) {
		f.classes[string(m[1])] = true
	}
	return f
}

// missingTest says what of the pytest node id is missing from the tree's
// Python files ("" when the test exists): its file, a class, or the
// function (the last part, its [parameters] left out).
func (t *Tree) missingTest(id string) string {
	parts := strings.Split(id, "::")
	file := parts[0]
	f, ok := t.tests[t.at(file)]
	if !ok {
		return "no test file " + file
	}
	for i, name := range parts[1:] {
		if i == len(parts)-2 {
			name, _, _ = strings.Cut(name, "[")
			if !f.funcs[name] {
				return "no function " + name + " in " + file
			}
			continue
		}
		if !f.classes[name] {
			return "no class " + name + " in " + file
		}
	}
	return ""
}
