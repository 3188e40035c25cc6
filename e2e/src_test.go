//go:build e2e

package e2e

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// recordingServer serves corpus files on a loopback port of its own
// (another origin than the site): /cors/NAME with
// Access-Control-Allow-Origin: *, /plain/NAME without it, /500 and /html.
func recordingServer(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	serve := func(w http.ResponseWriter, name string) {
		data, err := os.ReadFile(corpus(name))
		if err != nil {
			http.NotFound(w, nil)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(data)
	}
	mux.HandleFunc("/cors/{name}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		serve(w, r.PathValue("name"))
	})
	mux.HandleFunc("/plain/{name}", func(w http.ResponseWriter, r *http.Request) { serve(w, r.PathValue("name")) })
	mux.HandleFunc("/500", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.Error(w, "boom", http.StatusInternalServerError)
	})
	mux.HandleFunc("/html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><title>GitHub</title><p>a page"))
	})
	return serveLoopback(t, mux)
}

// TestOpenURL opens a corpus recording from another origin by src= in
// the fragment and by the header's URL box, and checks the errors for a
// server without CORS headers, a 500 and an HTML page: each names the URL,
// and the recording open before stays open.
func TestOpenURL(t *testing.T) {
	other := recordingServer(t)
	good := other + "/cors/" + bigStream
	tb := newTab(t)
	tb.open("/#src=" + url.QueryEscape(good) + "&step=40")
	tb.consentLoad()
	tb.waitTitle(bigStream)
	tb.waitStep(40, 1399)

	open := func(link string) {
		tb.enterURL(link)
	}
	for _, tc := range []struct{ path, want string }{
		{"/plain/" + smallChat, "CORS"},
		{"/500", "500"},
		{"/html", "HTML page"},
	} {
		open(other + tc.path)
		tb.visible(sel("error"))
		msg, _ := tb.text(sel("error"))
		if !strings.Contains(msg, other+tc.path) || !strings.Contains(msg, tc.want) {
			t.Errorf("opening %s shows %q, want the URL and %q", tc.path, msg, tc.want)
		}
		if title, _ := tb.text(sel("recording-title")); title != bigStream {
			t.Errorf("after the failed %s the page shows %q, want %s still open", tc.path, title, bigStream)
		}
		tb.do(chromedp.Click(chromedp.CSS(sel("error") + " button")))
		tb.waitFor("the error to be dismissed", q(sel("error"))+" === null")
	}

	// The URL box opens a good URL, and the fragment then names it.
	second := other + "/cors/" + smallChat
	open(second)
	tb.waitTitle(smallChat)
	tb.waitFor("the fragment to name the URL", `decodeURIComponent(location.hash).includes(`+jsq("src="+second)+`)`)
}

// smallChat is a non-streaming corpus chat completion.
const smallChat = "tests__integration__common__recordings__bfc8818f4ad237ba6c9649d47eaff8946e334ea6a2bcb564d74f4f14dbc3497b.json"
