package fetchrule

import (
	"errors"
	"strings"
	"testing"
)

func TestSameOrigin(t *testing.T) {
	tests := []struct {
		page, from, to string
		want           bool
	}{
		{"", "https://raw.githubusercontent.com/a/b/c.json", "https://raw.githubusercontent.com/a/b/d.json", true},
		{"", "https://h/a", "https://h:443/b", true},
		{"", "http://h/a", "http://h:80/b", true},
		{"", "https://h/a", "http://h/a", false}, // scheme
		{"", "https://h/a", "https://evil.example/a", false},
		{"", "http://127.0.0.1:8001/a", "http://127.0.0.1:8002/a", false}, // port
		{"", "http://127.0.0.1:8001/a", "http://localhost:8001/a", false}, // host
		{"http://127.0.0.1:8000/", "/web/samples/x.json", "http://127.0.0.1:8000/web/samples/x.json", true},
		{"http://127.0.0.1:8000/", "/web/samples/x.json", "https://elsewhere.example/x.json", false},
		{"", "https://H.example/a", "https://h.EXAMPLE/b", true},
		{"", "%zz", "https://h/a", false},
	}
	for _, tc := range tests {
		if got := SameOrigin(tc.page, tc.from, tc.to); got != tc.want {
			t.Errorf("SameOrigin(%q, %q, %q) = %v, want %v", tc.page, tc.from, tc.to, got, tc.want)
		}
	}
}

func TestRefuse(t *testing.T) {
	ok := Answer{Src: "https://h/r.json", URL: "https://h/r.json", Status: 200, ContentType: "application/json", ContentLength: "1234"}
	if err := Refuse(ok); err != nil {
		t.Fatalf("a plain answer: %v", err)
	}
	tests := []struct {
		change func(*Answer)
		want   string
	}{
		{func(a *Answer) { a.Redirected, a.Status = true, 0 }, "https://h/r.json: the server answered with a redirect; recview follows none"},
		{func(a *Answer) { a.URL = "https://evil.example/r.json" }, "https://h/r.json: the server redirected to https://evil.example/r.json, another site"},
		{func(a *Answer) { a.Status, a.StatusText = 404, "Not Found" }, "https://h/r.json: the server answered 404 Not Found"},
		{func(a *Answer) { a.Status = 500 }, "the server answered 500"},
		{func(a *Answer) { a.ContentType = "text/HTML; charset=utf-8" }, "an HTML page"},
		{func(a *Answer) { a.ContentLength = "1073741824" }, "1024.0 MB is more than the viewer opens (64 MB)"},
	}
	for _, tc := range tests {
		a := ok
		tc.change(&a)
		err := Refuse(a)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", a, err, tc.want)
		}
	}
	if err := Refuse(Answer{Src: "https://h/r.json", Redirected: true}); !errors.Is(err, ErrRedirect) {
		t.Errorf("a redirect: %v, want ErrRedirect", err)
	}
	a := ok
	a.URL = "" // the browser did not say: nothing to refuse
	if err := Refuse(a); err != nil {
		t.Errorf("no final URL: %v", err)
	}
}
