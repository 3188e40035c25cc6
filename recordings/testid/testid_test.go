package testid

import "testing"

// TestShort: cases worked out by hand from the rule (the name whole, the
// parameters cut in the middle to n-len(name)-1 bytes keeping half of
// the rest at their end; a name too long for that cut in the middle
// keeping n/4 bytes of its end).
func TestShort(t *testing.T) {
	const unsafe = "tests/integration/agents/test_openai_responses.py::test_output_safety_guardrails_unsafe_content[openai_client-txt=ollama/llama3.2:3b-instruct-fp16-False]"
	for _, tc := range []struct {
		id   string
		n    int
		want string
	}{
		{"tests/a.py::test_x[p]", 64, "test_x[p]"},
		// no parameters: cut in the middle, n/4 = 2 bytes of the end kept.
		{"a.py::abcdefghijklmnop", 10, "abcde…op"},
		// name 44 bytes: params cut to 19 bytes, the last 10 kept.
		{unsafe, 64, "test_output_safety_guardrails_unsafe_content[openai…p16-False]"},
		// name 44 + 12 > 50: the whole cut to 50 bytes, the last 12 kept.
		{unsafe, 50, "test_output_safety_guardrails_unsaf…-fp16-False]"},
	} {
		if got := Short(tc.id, tc.n); got != tc.want {
			t.Errorf("Short(%q, %d) = %q, want %q", tc.id, tc.n, got, tc.want)
		}
	}
}

// TestCutMiddle cuts at rune boundaries: a multi-byte rune is never split.
func TestCutMiddle(t *testing.T) {
	for _, tc := range []struct {
		s       string
		n, tail int
		want    string
	}{
		{"short", 10, 3, "short"},
		{"abcdefghij", 8, 2, "abc…ij"},
		{"ééééé", 7, 2, "é…é"},
	} {
		if got := CutMiddle(tc.s, tc.n, tc.tail); got != tc.want {
			t.Errorf("CutMiddle(%q, %d, %d) = %q, want %q", tc.s, tc.n, tc.tail, got, tc.want)
		}
	}
}
