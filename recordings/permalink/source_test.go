package permalink

import (
	"errors"
	"testing"
)

func TestRawURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// A blob page of the ogx repository, as copied from the browser.
		{"https://github.com/ogx-ai/ogx/blob/main/tests/integration/common/recordings/models-4a3a.json",
			"https://raw.githubusercontent.com/ogx-ai/ogx/main/tests/integration/common/recordings/models-4a3a.json"},
		{"https://github.com/o/r/raw/0123abc/a/b.json", "https://raw.githubusercontent.com/o/r/0123abc/a/b.json"},
		{"  https://github.com/o/r/blob/v1.2/x%20y.json#L3 ", "https://raw.githubusercontent.com/o/r/v1.2/x%20y.json"},
		{"https://raw.githubusercontent.com/o/r/main/x.json", "https://raw.githubusercontent.com/o/r/main/x.json"},
		{"https://gist.githubusercontent.com/u/abc123/raw/def/rec.json", "https://gist.githubusercontent.com/u/abc123/raw/def/rec.json"},
		// A gist's page and its /raw/ addresses on gist.github.com (which
		// redirect to the raw host): the raw host's.
		{"https://gist.github.com/u/abc123", "https://gist.githubusercontent.com/u/abc123/raw"},
		{"https://gist.github.com/u/abc123/", "https://gist.githubusercontent.com/u/abc123/raw"},
		{"https://gist.github.com/u/abc123#file-rec-json", "https://gist.githubusercontent.com/u/abc123/raw"},
		{"https://gist.github.com/u/abc123/raw", "https://gist.githubusercontent.com/u/abc123/raw"},
		{"https://gist.github.com/u/abc123/raw/def/rec.json", "https://gist.githubusercontent.com/u/abc123/raw/def/rec.json"},
		{"https://gist.github.com/u/abc123/revisions", "https://gist.github.com/u/abc123/revisions"},
		{"http://127.0.0.1:9000/rec.json?x=1", "http://127.0.0.1:9000/rec.json?x=1"},
		// A github.com URL that is not a file is fetched as given (and
		// fails there, with the server's answer in the error).
		{"https://github.com/o/r/tree/main/dir", "https://github.com/o/r/tree/main/dir"},
	} {
		got, err := RawURL(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("RawURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "javascript:alert(1)", "data:application/json,{}", "file:///etc/passwd", "/relative.json", "ftp://x/y", "https://"} {
		if got, err := RawURL(bad); !errors.Is(err, ErrBadURL) {
			t.Errorf("RawURL(%q) = %q, %v; want ErrBadURL", bad, got, err)
		}
	}
}
