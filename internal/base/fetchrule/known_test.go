package fetchrule

import "testing"

// TestKnown: GitHub's raw hosts over https and the page's own origin are
// read at once; any other host, scheme or port asks first.
func TestKnown(t *testing.T) {
	const page = "https://recview.example/app/#v=2"
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"https://raw.githubusercontent.com/ogx-ai/ogx/main/a.json", true},
		{"https://RAW.githubusercontent.com:443/o/r/main/a.json", true},
		{"https://gist.githubusercontent.com/u/1/raw/a.json", true},
		{"https://recview.example/recordings/a.json", true}, // the page's own origin
		{"http://recview.example/recordings/a.json", false}, // another scheme: another origin
		{"https://recview.example:8443/a.json", false},      // another port
		{"http://raw.githubusercontent.com/o/r/main/a.json", false},
		{"https://raw.githubusercontent.com:8443/o/r/a.json", false},
		{"https://raw.githubusercontent.com.evil.example/a.json", false},
		{"https://github.com/o/r/blob/main/a.json", false}, // a page: RawURL rewrites it first
		{"http://192.168.1.1/a.json", false},
		{"http://127.0.0.1:8000/a.json", false},
		{"not a url", false},
	} {
		if got := Known(page, tc.src); got != tc.want {
			t.Errorf("Known(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
	if !Known("http://127.0.0.1:8000/", "http://127.0.0.1:8000/a.json") {
		t.Error("a page on loopback does not know its own origin")
	}
}
