// Package testid shortens a pytest test_id (the "test_id" a recording
// holds, "tests/integration/agents/test_agents.py::test_custom_tool[…]")
// for people: the page's chips and the pull-request comment's cells.
package testid

import (
	"strings"
	"unicode/utf8"
)

// Short is id without its file's path (the part before "::"), cut to
// about n bytes: the test's name whole when it leaves room, its
// parameters cut in the middle, whose two ends tell them apart:
// "test_output_safety_guardrails_unsafe_content[openai_c…fp16-False]".
func Short(id string, n int) string {
	if i := strings.Index(id, "::"); i >= 0 {
		id = id[i+2:]
	}
	if len(id) <= n {
		return id
	}
	name, params, ok := strings.Cut(id, "[")
	if !ok || len(name)+12 > n {
		return CutMiddle(id, n, n/4)
	}
	return name + "[" + CutMiddle(params, n-len(name)-1, (n-len(name))/2)
}

// CutMiddle cuts s to about n bytes by taking out its middle (put
// "…" there), keeping tail bytes of its end, at rune boundaries; s
// itself when it is n bytes or fewer.
func CutMiddle(s string, n, tail int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - tail
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	j := max(n-tail-len("…"), 0)
	for j > 0 && !utf8.RuneStart(s[j]) {
		j--
	}
	return s[:j] + "…" + s[i:]
}
