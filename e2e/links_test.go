//go:build e2e

package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// bombLink is d= data that inflates to 65 MB of spaces with the v1
// dictionary: past the 64 MB a link may hold.
func bombLink(t *testing.T) string {
	t.Helper()
	dict, err := os.ReadFile("../recordings/permalink/dict_v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := flate.NewWriterDict(&b, flate.BestCompression, dict)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(w, io.LimitReader(repeatReader(' '), 65<<20))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// hugeServer answers /sized with a declared 1 GB body and /chunked with
// an endless body of spaces and no length, both with CORS.
func hugeServer(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/sized", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Length", strconv.Itoa(1<<30))
		io.Copy(w, io.LimitReader(repeatReader(' '), 1<<30))
	})
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "application/json")
		io.Copy(w, io.LimitReader(repeatReader(' '), 1<<30))
	})
	return serveLoopback(t, mux)
}

// TestHostileLinks opens links that must be refused: data that inflates
// past 64 MB, data that is not base64url, corrupt DEFLATE, an unknown
// version, a javascript: src, and src= URLs that answer 1 GB (declared,
// or streamed without a length). Each shows an error and loads nothing;
// a sample opened before stays open.
func TestHostileLinks(t *testing.T) {
	huge := hugeServer(t)
	for _, tc := range []struct {
		name, frag, want string
		ask              bool // the link's host asks first (Load answered)
	}{
		{"inflate bomb", "v=1&d=" + bombLink(t), "too large", false},
		{"not base64url", "v=1&d=ab$cd", "base64", false},
		{"corrupt deflate", "v=1&d=" + base64.RawURLEncoding.EncodeToString([]byte("not deflate at all")), "link", false},
		{"version 3", "v=3&sample=" + seedHello, "version", false},
		{"javascript src", "v=1&src=" + url.QueryEscape("javascript:alert(1)"), "http", false},
		{"1 GB declared", "v=1&src=" + url.QueryEscape(huge+"/sized"), "more than the viewer opens", true},
		{"1 GB streamed", "v=1&src=" + url.QueryEscape(huge+"/chunked"), "more than the viewer opens", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open("/#v=1&sample=" + seedToolCall)
			tb.waitTitle(seedToolCall)
			tb.do(chromedp.Evaluate[chromedp.Void]("location.hash = " + jsq(tc.frag)))
			if tc.ask {
				tb.consentLoad()
			}
			tb.visible(sel("error"))
			msg, _ := tb.text(sel("error"))
			if !strings.Contains(strings.ToLower(msg), strings.ToLower(tc.want)) {
				t.Errorf("error %q does not say %q", msg, tc.want)
			}
			if title, _ := tb.text(sel("recording-title")); title != seedToolCall {
				t.Errorf("after the bad link the page shows %q, want %s still open", title, seedToolCall)
			}
			if n := eval[int](tb, `document.querySelectorAll('.doc-tab').length`); n != 0 {
				t.Errorf("the bad link added %d recordings", n)
			}
			tb.key(kb.Home)
			tb.waitStep(0, 18)
		})
	}
}

// TestPrivacy drops local files, steps, shares, and compares them, and
// checks that the page asked nothing of any server but its own, opened no
// dialog and broke no rule of its Content-Security-Policy.
func TestPrivacy(t *testing.T) {
	tb := newTab(t)
	w := watchTab(t, tb)
	tb.open("/")
	tb.dropPaths(seed(seedToolCall))
	tb.waitTitle(seedToolCall)
	tb.key(kb.Home)
	tb.key(kb.ArrowRight)
	tb.waitStep(1, 18)
	tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
	tb.visible(sel("share-url"))
	tb.key(kb.Escape)
	tb.waitFor("the share panel to close", q(sel("share-url"))+" === null")
	tb.dropPaths(seed(seedHello), corpus(smallChat))
	tb.waitFor("2 rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
	tb.compareRows(seedHello, smallChat)
	w.check(t, tb)
}

// TestCSP tours the site the way a visitor does (the gallery, a sample,
// stepping, the raw JSON, a comparison by link, the share panel) and fails
// on any Content-Security-Policy violation the browser reports.
func TestCSP(t *testing.T) {
	tb := newTab(t)
	w := watchTab(t, tb)
	tb.open("/")
	tb.visible(sel("sample"))
	tb.do(chromedp.Click(chromedp.CSS(sel("sample"))))
	tb.waitTitle(seedToolCall)
	tb.key(kb.Home)
	tb.do(chromedp.Click(chromedp.CSS(`button[aria-label="Play or pause"]`)))
	tb.waitFor("play to move", q(sel("step-label"))+".textContent.trim() !== '0 / 18'")
	tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(2)`)))
	tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
	tb.visible(sel("share-url"))
	tb.open("/#v=1&sample=" + seedHello + "&sample=" + seedToolCall)
	tb.visible(sel("diff-verdict"))
	tb.do(chromedp.Click(chromedp.CSS(`button[aria-label="Switch theme"]`)))
	w.check(t, tb)
}
