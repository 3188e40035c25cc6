//go:build e2e

package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// TestReviewRedirects: GitHub's API answering a pull request with a
// redirect to another origin (as it answers for a renamed repository)
// stops the review with an error naming the request and the likely
// cause; the raw host answering one recording with a redirect leaves
// that file out, noted, and the rest is reviewed. The browser asks
// nothing of the other origin either time.
func TestReviewRedirects(t *testing.T) {
	_, other, hits := redirectServers(t)
	base, head := readSet(t, "instructions-param-3741")
	res, _ := cliReview(t, base, head, true)
	if len(res.Pairs) < 2 {
		t.Fatalf("%d pairs: the test wants two", len(res.Pairs))
	}
	gh := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
	away := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.Redirect(w, r, other+"/cors/"+seedHello, http.StatusMovedPermanently)
	}

	t.Run("api", func(t *testing.T) {
		tb := newTab(t)
		tb.serveGitHub(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Host == "api.github.com" && r.URL.Path == "/repos/ogx-ai/ogx/pulls/3741" {
				away(w, r)
				return
			}
			gh.ServeHTTP(w, r)
		}))
		tb.open("/#v=2&pr=ogx-ai/ogx/3741")
		tb.visible(sel("review-error"))
		msg, _ := tb.text(sel("review-error"))
		for _, want := range []string{"https://api.github.com/repos/ogx-ai/ogx/pulls/3741", "answered with a redirect", "renamed or moved"} {
			if !strings.Contains(msg, want) {
				t.Errorf("error %q, want %q in it", msg, want)
			}
		}
	})

	t.Run("raw", func(t *testing.T) {
		moved := res.Pairs[0].Head
		if moved == "" {
			moved = res.Pairs[0].Base
		}
		tb := newTab(t)
		tb.serveGitHub(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Host == "raw.githubusercontent.com" && strings.HasSuffix(r.URL.Path, "/"+moved) {
				away(w, r)
				return
			}
			gh.ServeHTTP(w, r)
		}))
		tb.open("/#v=2&pr=ogx-ai/ogx/3741")
		tb.visible(sel("review-summary"))
		tb.waitFor("the note", q(`details.missed`))
		notes := eval[string](tb, q(`details.missed`)+`.textContent`)
		if !strings.Contains(notes, moved) || !strings.Contains(notes, "answered with a redirect") {
			t.Errorf("notes %q, want %s and that it redirected", notes, moved)
		}
		tb.waitFor("the other pairs' rows", q(sel("review-row")))
		tb.do(chromedp.Evaluate[chromedp.Void](q(`details.missed`) + `.open = true`))
		tb.screenshot("raw-redirect-noted")
	})

	if n := hits[1].Load(); n != 0 {
		t.Errorf("the other origin was asked %d times: want none", n)
	}
}

// TestReviewStop: Stop, while a pull request's recordings are being
// fetched (slowly), ends the review at once: the fake GitHub is asked
// nothing more, and the page says the review was stopped.
func TestReviewStop(t *testing.T) {
	base, head := readSet(t, "test-isolation-3681")
	gh := fakegithub.New("ogx-ai", "ogx", 3681, base, head)
	gh.Latency = 300 * time.Millisecond
	tb := newTab(t)
	asked := tb.serveGitHub(gh)
	tb.open("/#v=2&pr=ogx-ai/ogx/3681")
	tb.waitFor("the downloads under way", q(sel("review-progress"))+` && document.body.textContent.includes("Fetching the recordings")`)
	tb.screenshot("fetching")
	tb.click(sel("review-stop"))
	tb.visible(sel("review-error"))
	if msg, _ := tb.text(sel("review-error")); !strings.Contains(msg, "you stopped the review") {
		t.Errorf("error %q, want that the review was stopped", msg)
	}
	n := asked.Load()
	time.Sleep(4 * gh.Latency) // a download started before Stop would have been answered, another asked
	if later := asked.Load(); later != n {
		t.Errorf("%d requests to GitHub after Stop (%d before)", later-n, n)
	}
	if total := int64(len(gh.Files())) + 2; n >= total {
		t.Errorf("%d requests before Stop: the test wants Stop before the last download", n)
	}
	if q := eval[bool](tb, q(sel("review-progress"))+` !== null`); q {
		t.Errorf("the progress bar is still shown after Stop")
	}
	tb.screenshot("stopped")
}
