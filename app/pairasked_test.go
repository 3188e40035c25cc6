package app

import "testing"

func TestSplitTestID(t *testing.T) {
	for id, want := range map[string][2]string{
		"tests/integration/x.py::test_y[model=a::b]": {"tests/integration/x.py", "test_y[model=a::b]"},
		"test_z": {"", "test_z"},
		"":       {"", ""},
	} {
		if f, n := splitTestID(id); f != want[0] || n != want[1] {
			t.Errorf("splitTestID(%q) = %q, %q, want %q", id, f, n, want)
		}
	}
}
