//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/fakegithub"
)

// TestReviewHostileAPI: a pull request whose API answers are not what
// GitHub sends (an HTML page, JSON cut short, a file list naming a path
// out of the repository, an answer past the 32 MB the review reads) ends
// with an error naming the request and why; the recording open before
// stays open. A path with markup is a path: its pair is listed, the path
// shown as text. No script runs, no element or handler is injected.
func TestReviewHostileAPI(t *testing.T) {
	base, head := readSet(t, "instructions-param-3741")
	const pull = "/repos/ogx-ai/ogx/pulls/3741"
	const files = pull + "/files"
	// rewrite serves gh but for the API path p, whose answer becomes
	// body(the real answer).
	rewrite := func(gh http.Handler, p string, body func(string) string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Host != "api.github.com" || r.URL.Path != p {
				gh.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			gh.ServeHTTP(rec, r)
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			b := body(rec.Body.String())
			if strings.HasPrefix(b, "<") {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
			}
			w.Write([]byte(b))
		})
	}
	for _, c := range []struct {
		name, path string
		body       func(string) string
		want       []string
	}{
		{"an HTML page", pull, func(string) string {
			return "<!DOCTYPE html><html><body><script>window.__xss = 1</script>Sign in</body></html>"
		},
			[]string{"https://api.github.com" + pull, "not JSON"}},
		{"JSON cut short", pull, func(s string) string { return s[:len(s)/2] }, []string{"https://api.github.com" + pull, "not JSON"}},
		{"a path out of the repository", files, func(s string) string {
			return strings.Replace(s, `"filename":"`, `"filename":"tests/integration/recordings/../../../etc/passwd`, 1)
		}, []string{"https://api.github.com" + files, "has an empty, . or .. element"}},
		{"an answer of 40 MB", files, func(s string) string { return "[" + strings.Repeat(" ", 40<<20) + "]" },
			[]string{"https://api.github.com" + files, "the answer passed 32 MB"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			gh := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
			tb := newTab(t)
			w := watchTab(t, tb)
			tb.serveGitHub(rewrite(gh, c.path, c.body))
			tb.open("/#v=2&sample=" + seedHello)
			tb.waitTitle(seedHello)
			tb.enterURL("https://github.com/ogx-ai/ogx/pull/3741")
			tb.visible(sel("review-error"))
			msg, _ := tb.text(sel("review-error"))
			tb.screenshot("error")
			for _, s := range c.want {
				if !strings.Contains(msg, s) {
					t.Errorf("error %q, want %q in it", msg, s)
				}
			}
			if got := eval[[]string](tb, `[...document.querySelectorAll('.doc-tab:not(.index-tab)')].map(b => b.title)`); len(got) != 1 || got[0] != seedHello {
				t.Errorf("recordings open after the failed review: %q, want the one open before (%s)", got, seedHello)
			}
			if bad := eval[[]string](tb, injected); len(bad) > 0 || eval[bool](tb, `window.__xss === 1`) {
				t.Errorf("injected into the page: %q (__xss %v)", bad, eval[bool](tb, `window.__xss === 1`))
			}
			w.check(t, tb)
		})
	}

	t.Run("a path with markup", func(t *testing.T) {
		const dir = "tests/integration/recordings/"
		name := dir + `<img src=x onerror="window.__xss=1">.json`
		h := map[string][]byte{}
		for p, d := range head {
			h[p] = d
		}
		h[name] = head[firstKey(head)]
		tb, w := watchedReview(t, fakegithub.New("ogx-ai", "ogx", 3741, base, h), "ogx-ai/ogx/3741")
		tb.click(sel("review-unfold"))
		row := sel("review-row") + `[data-head="` + strings.ReplaceAll(name, `"`, `\"`) + `"]`
		tb.waitFor("the pair's row", q(row))
		// (The file name is shortened in the row; its title holds it whole.)
		if text := eval[string](tb, q(row)+`.textContent`); !strings.Contains(text, `<img src`) || !strings.Contains(text, `=1">.json`) {
			t.Errorf("the row does not show the path as text: %q", text)
		}
		if !eval[bool](tb, `[...`+q(row)+`.querySelectorAll('[title]')].some(e => e.title.includes(`+jsq(name)+`))`) {
			t.Errorf("no title in the row holds the path %q whole", name)
		}
		if bad := eval[[]string](tb, injected); len(bad) > 0 || eval[bool](tb, `window.__xss === 1`) {
			t.Errorf("injected into the page: %q", bad)
		}
		w.check(t, tb)
	})
}

// firstKey is m's least key.
func firstKey(m map[string][]byte) string {
	k := ""
	for p := range m {
		if k == "" || p < k {
			k = p
		}
	}
	return k
}
