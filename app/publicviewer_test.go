package app

import (
	"strings"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "127.1.2.3": true, "localhost": true, "LOCALHOST": true, "app.localhost": true, "::1": true,
		"127.example.com": false, "128.0.0.1": false, "example.com": false, "owner.github.io": false, "": false, "localhost.example": false,
	} {
		if got := isLoopback(host); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestViewerBase(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"https://owner.github.io/", "https://owner.github.io/", ""},
		{" https://owner.github.io ", "https://owner.github.io/", ""},
		{"https://example.com/recview?x=1#v=2&sample=a", "https://example.com/recview/", ""},
		{"http://viewer.example:8080/a/", "http://viewer.example:8080/a/", ""},
		{"javascript:alert(1)", "", "https:// URL"},
		{"owner.github.io", "", "https:// URL"},
		{"https://user:pw@example.com/", "", "https:// URL"},
		{"http://127.0.0.1:8000/", "", "only on this computer"},
		{"http://[::1]:8000/", "", "only on this computer"},
	}
	for _, tt := range tests {
		got, err := viewerBase(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("viewerBase(%q) = %q, %v; want an error with %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("viewerBase(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestOnViewer(t *testing.T) {
	const base = "https://owner.github.io/"
	tests := []struct {
		name, frag, want string
		why              bool
	}{
		{"data rides along", "v=2&d=abc&name=x.json&step=3", base + "#v=2&d=abc&name=x.json&step=3", false},
		{"a sample", "v=2&sample=a.json", base + "#v=2&sample=a.json", false},
		{"a public src", "v=2&src=https%3A%2F%2Fraw.githubusercontent.com%2Fo%2Fr%2Fm%2Fa.json", base + "#v=2&src=https://raw.githubusercontent.com/o/r/m/a.json", false},
		{"a loopback src", "v=2&src=http%3A%2F%2F127.0.0.1%3A8000%2Fa.json", "", true},
		{"a localhost src beside a public one", "v=2&sample=a.json&src=http%3A%2F%2Flocalhost%2Fb.json", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := permalink.Parse(tt.frag)
			if err != nil {
				t.Fatal(err)
			}
			link, why := onViewer(f, base)
			if tt.why {
				if link != "" || !strings.Contains(why, "opens only on this computer") {
					t.Errorf("onViewer = %q, %q; want no link and why", link, why)
				}
				return
			}
			if why != "" || link != tt.want {
				t.Errorf("onViewer = %q, %q; want %q", link, why, tt.want)
			}
		})
	}
}
