//go:build e2e

package e2e

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// hitServer serves the seed recording name at /NAME to any origin,
// counting the requests it is asked.
func hitServer(t *testing.T, name string) (string, *atomic.Int64) {
	t.Helper()
	data, err := os.ReadFile(seed(name))
	if err != nil {
		t.Fatal(err)
	}
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "application/json")
		w.Write(data)
	})
	return serveLoopback(t, mux), &hits
}

// TestLinkConsent: a link whose src= is on a host recview does not know
// (a server of the reader's own machine, here) asks first, and the
// server is asked nothing until Load: Cancel and Escape leave it unasked, Load
// opens the recording with one request. A link to GitHub's raw host
// opens at once.
func TestLinkConsent(t *testing.T) {
	base, hits := hitServer(t, seedHello)
	link := "/#v=2&src=" + url.QueryEscape(base+"/"+seedHello)
	tb := newTab(t)
	tb.open(link)
	tb.visible(sel("link-consent"))
	if msg, _ := tb.text(sel("link-consent")); !strings.Contains(msg, strings.TrimPrefix(base, "http://")) {
		t.Errorf("the question %q does not name the host", msg)
	}
	tb.screenshotView("consent")
	tb.click(sel("consent-cancel"))
	tb.waitFor("the question gone", `!`+q(sel("link-consent")))
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was asked %d times before Load", n)
	}
	tb.reload()
	tb.visible(sel("link-consent"))
	tb.key(kb.Escape) // Escape is Cancel
	tb.waitFor("the question gone", `!`+q(sel("link-consent")))
	tb.reload()
	tb.visible(sel("link-consent"))
	if n := hits.Load(); n != 0 {
		t.Errorf("the server was asked %d times before Load", n)
	}
	tb.click(sel("consent-load"))
	tb.waitTitle(seedHello)
	if n := hits.Load(); n != 1 {
		t.Errorf("the server was asked %d times after Load, want 1", n)
	}

	// GitHub's raw host: at once.
	head := map[string][]byte{"tests/integration/recordings/a.json": mustRead(t, seed(seedHello))}
	srv := fakegithub.New("ogx-ai", "ogx", 1, map[string][]byte{}, head)
	gh := newTab(t)
	gh.serveGitHub(srv)
	gh.open("/#v=2&src=" + url.QueryEscape("https://raw.githubusercontent.com/ogx-ai/ogx/"+srv.HeadSHA+"/tests/integration/recordings/a.json"))
	gh.waitTitle("a.json")
	if eval[bool](gh, q(sel("link-consent"))+` !== null`) {
		t.Error("a link to raw.githubusercontent.com asked for consent")
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// consentLoad answers Load to the question a link of another host asks
// (TestLinkConsent checks the question itself).
func (tb *tab) consentLoad() {
	tb.t.Helper()
	tb.visible(sel("link-consent"))
	tb.click(sel("consent-load"))
	tb.waitFor("the question gone", q(sel("link-consent"))+` === null`)
}

// TestKnownHostRedirect: a link to GitHub's raw host opens without a
// question, but when that host answers with a redirect to another origin
// the link is refused, as any redirect is (TestRedirects), and the page
// shows nothing of the other origin; the open recording stays. How often
// the browser itself asked the redirect's target is logged: the page
// cannot stop the browser from following it, which is why unknown hosts
// ask first.
func TestKnownHostRedirect(t *testing.T) {
	other, hits := hitServer(t, seedHello)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.Redirect(w, r, other+"/"+seedHello, http.StatusFound)
	})
	raw := serveLoopback(t, mux)
	tb := newTab(t)
	tb.serveGitHubRaw(http.NotFoundHandler(), raw)
	tb.open("/#v=2&sample=" + seedToolCall)
	tb.waitTitle(seedToolCall)
	link := "https://raw.githubusercontent.com/ogx-ai/ogx/main/tests/integration/recordings/a.json"
	tb.do(chromedp.Evaluate[chromedp.Void]("location.hash = " + jsq("v=2&src="+url.QueryEscape(link))))
	tb.visible(sel("error"))
	if eval[bool](tb, q(sel("link-consent"))+` !== null`) {
		t.Error("a link to raw.githubusercontent.com asked for consent")
	}
	if msg, _ := tb.text(sel("error")); !strings.Contains(msg, link) || !strings.Contains(msg, "answered with a redirect") {
		t.Errorf("error %q, want the link and that it redirected", msg)
	}
	if title, _ := tb.text(sel("recording-title")); title != seedToolCall {
		t.Errorf("after the refused redirect the page shows %q, want %s still open", title, seedToolCall)
	}
	t.Logf("the redirect's target was asked %d times by the browser", hits.Load())
}
