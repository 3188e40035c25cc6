//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/permalink"
)

// TestShare drops a seed file on the page, steps to chunk 5, and shares the
// view: the link carries the recording itself (d=, with its name and the
// step), and opened in a new browser with a profile of its own it shows
// the same recording, hash status and step.
func TestShare(t *testing.T) {
	const n = 18
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(seed(seedToolCall))
	tb.waitTitle(seedToolCall)
	tb.key(kb.Home)
	for range 5 {
		tb.key(kb.ArrowRight)
	}
	tb.waitStep(5, n)
	tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")

	u, err := url.Parse(link)
	if err != nil || u.Host != strings.TrimPrefix(tb.base, "http://") {
		t.Fatalf("share-url %q is not a link to the site %s", link, tb.base)
	}
	f, err := permalink.Parse(u.Fragment)
	if err != nil || len(f.Sources) != 1 || f.Sources[0].Kind != permalink.SourceData || f.Sources[0].Name != seedToolCall || !f.HasStep || f.Step != 5 {
		t.Fatalf("the link's fragment %+v (%v), want the seed inline with its name and step 5", f, err)
	}
	data, err := permalink.DecodeData(f.Sources[0].Value)
	orig, _ := os.ReadFile(seed(seedToolCall))
	var compact bytes.Buffer
	json.Compact(&compact, orig)
	if err != nil || !bytes.Equal(data, compact.Bytes()) {
		t.Fatalf("the link's data is not the file (%v)", err)
	}

	// A new browser, a new profile: nothing but the link.
	out := &tailBuffer{}
	bctx, stop, err := startBrowser(t.TempDir(), out)
	if err != nil {
		t.Fatalf("cannot start a second browser: %v", err)
	}
	t.Cleanup(stop)
	other := openTab(t, bctx, tb.base, false)
	other.do(chromedp.Navigate(link))
	other.waitApp()
	other.waitTitle(seedToolCall)
	other.waitStep(5, n)
	if got := eval[string](other, q(sel("hash-status"))+".dataset.status"); got != "ok" {
		t.Errorf("the shared recording's hash status is %q, want ok (the link keeps the file name)", got)
	}
}

// TestShareEmbedding shares an embeddings recording: the link is format
// version 2, with the 1,536 numbers packed (under 8,000 characters, where
// version 1 made 9,028), and opened in another tab it shows the same
// vector. The frozen v2 golden link opens too.
func TestShareEmbedding(t *testing.T) {
	const file = "tests__integration__responses__recordings__7975422e72258311444c13e6224cde52e51868e33f84cbbf3cf7254819c72cd1.json"
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(file))
	tb.waitTitle(file)
	tb.visible(".embeddings .vector")
	vector, _ := tb.text(".embeddings .vector p")
	if !strings.Contains(vector, "1536 dimensions") {
		t.Fatalf("the embedding shows %q, want 1536 dimensions", vector)
	}
	tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(u.Fragment, "v=2&d=") || len(link) >= 8000 {
		t.Errorf("link of %d characters starting %.10q, want a v=2&d= link under 8,000", len(link), u.Fragment)
	}

	golden, err := os.ReadFile("../recordings/permalink/testdata/v2-embeddings.link")
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string]string{"shared": link, "golden": tb.base + "/#" + strings.TrimSpace(string(golden))} {
		other := newTab(t)
		other.do(chromedp.Navigate(l))
		other.waitApp()
		other.visible(".embeddings .vector")
		if got, _ := other.text(".embeddings .vector p"); got != vector {
			t.Errorf("the %s link shows %q, want %q", name, got, vector)
		}
	}
}

// TestShareComparison opens two samples compared by a link (two sources in
// one fragment) and checks the diff view and its own share link.
func TestShareComparison(t *testing.T) {
	a, b := seedHello, "tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"
	tb := newTab(t)
	tb.open("/#v=1&sample=" + a + "&sample=" + b)
	tb.visible(sel("diff-verdict"))
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=diff-change]').length`); n == 0 {
		t.Errorf("two different samples compared show no change")
	}
	tb.do(chromedp.Click(chromedp.CSS(sel("diff-view") + " " + sel("share-button"))))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")
	if !strings.HasSuffix(link, "#v=2&sample="+a+"&sample="+b) {
		t.Errorf("the comparison's link %q does not name both samples", link)
	}
}

// TestShareTooLong shares a recording whose link would pass 64 KB (a
// request with a base64 image): the panel says so and makes a src= link
// from the URL the user gives.
func TestShareTooLong(t *testing.T) {
	const big = "tests__integration__recordings__vision__responses__ff7db0102b28.json"
	st, _ := os.Stat(corpus(big))
	if st == nil || st.Size() < 200_000 {
		t.Fatalf("%s should be a recording of more than 200 KB", big)
	}
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(big))
	tb.waitTitle(big)
	tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
	tb.waitFor("the too-long notice", `document.querySelector('.share') && document.querySelector('.share').textContent.includes('more than the 65536')`)
	if _, ok := tb.text(sel("share-url")); ok {
		t.Errorf("a link past 64 KB is offered")
	}
	blob := "https://github.com/ogx-ai/ogx/blob/main/tests/integration/recordings/vision/responses/ff7db0102b28.json"
	tb.do(chromedp.SendKeys(chromedp.CSS(".share .url-box"), blob+kb.Enter))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")
	want := "#v=2&src=https://raw.githubusercontent.com/ogx-ai/ogx/main/tests/integration/recordings/vision/responses/ff7db0102b28.json&name=" + big
	if !strings.HasSuffix(link, want) {
		t.Errorf("src= link %q, want it to end in %q", link, want)
	}
}
