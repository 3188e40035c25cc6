//go:build e2e

package e2e

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSharePublic: on 127.0.0.1 the share panel says the link opens only
// on this computer (and offers it on the build's public viewer, if the
// site was built with one); with a public viewer set in the panel (kept in the
// browser: the panel shares on it again after a reload) it offers the
// same view on that viewer, the fragment unchanged; an address that is
// not a public http(s) one is refused; and a view loaded from this
// computer (src= on the site's own loopback origin) gets no public link
// but a notice saying why.
func TestSharePublic(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	clear := `localStorage.removeItem('recview.viewer')`
	tb.do(chromedp.Evaluate[chromedp.Void](clear))
	t.Cleanup(func() { tb.do(chromedp.Evaluate[chromedp.Void](clear)) })
	tb.dropPaths(seed(seedToolCall))
	tb.waitTitle(seedToolCall)
	tb.click(sel("share-button"))
	tb.visible(sel("share-url"))
	tb.visible(sel("share-local"))
	host := strings.TrimPrefix(tb.base, "http://")
	if got, _ := tb.text(sel("share-local") + " p"); !strings.HasPrefix(got, "This link opens only on this computer: the page runs on "+host+".") {
		t.Errorf("share-local says %q, want that the link opens only on this computer (%s)", got, host)
	}
	// The build's public viewer (make dist VIEWER=…), if it has one, is
	// offered at once; else none is.
	def := eval[string](tb, q(sel("share-viewer"))+".value")
	if def == "" {
		if _, ok := tb.text(sel("share-public-url")); ok {
			t.Errorf("a public link is offered with no public viewer set")
		}
	} else if got := eval[string](tb, q(sel("share-public-url"))+".value"); !strings.HasPrefix(got, def+"#v=2&d=") {
		t.Errorf("share-public-url %.60q…, want a link on the build's viewer %s", got, def)
	}
	tb.screenshot("local-notice")

	// A public viewer set: the same fragment on it.
	tb.do(chromedp.Evaluate[chromedp.Void](q(sel("share-viewer")) + `.value = ''`))
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("share-viewer")), "https://viewer.example/recview"+kb.Enter))
	tb.waitFor("the link on the viewer set", q(sel("share-public-url"))+`.value.startsWith('https://viewer.example/recview/#')`)
	link := eval[string](tb, q(sel("share-url"))+".value")
	public := eval[string](tb, q(sel("share-public-url"))+".value")
	_, frag, _ := strings.Cut(link, "#")
	if frag == "" || !strings.Contains(frag, "d=") || public != "https://viewer.example/recview/#"+frag {
		t.Errorf("share-public-url %.80q…, want https://viewer.example/recview/# and the fragment of %.80q…", public, link)
	}
	if got := eval[string](tb, `localStorage.getItem('recview.viewer')`); got != `"https://viewer.example/recview/"` {
		t.Errorf("localStorage keeps %q as the public viewer", got)
	}
	tb.screenshot("public-link")
	tb.do(colorScheme("dark"))
	tb.screenshot("public-link-dark")
	tb.do(colorScheme("light"))

	// Kept: after a reload, sharing again offers it at once.
	tb.do(chromedp.Reload())
	tb.waitApp()
	tb.waitTitle(seedToolCall)
	tb.click(sel("share-button"))
	tb.visible(sel("share-public-url"))
	if got := eval[string](tb, q(sel("share-viewer"))+".value"); got != "https://viewer.example/recview/" {
		t.Errorf("after a reload the viewer box holds %q", got)
	}

	// Refused: not an http(s) address, or one on this computer.
	for _, bad := range []string{"javascript:alert(1)", "http://localhost:9000/"} {
		tb.do(chromedp.Evaluate[chromedp.Void](q(sel("share-viewer")) + `.value = ` + jsq(bad)))
		tb.click(sel("share-viewer-use"))
		tb.visible(sel("share-error"))
		if got, _ := tb.text(sel("share-error")); !strings.HasPrefix(got, "The public viewer: ") {
			t.Errorf("%s as the public viewer: share-error %q", bad, got)
		}
		if got := eval[string](tb, `localStorage.getItem('recview.viewer')`); got != `"https://viewer.example/recview/"` {
			t.Errorf("%s as the public viewer: localStorage keeps %q", bad, got)
		}
	}
	tb.key(kb.Escape)

	// A recording loaded from this computer: no public link, a notice.
	samples, _ := filepath.Glob(filepath.Join(*distFlag, "v", "*", "web", "samples", seedHello))
	if len(samples) != 1 {
		t.Fatalf("no sample %s in %s", seedHello, *distFlag)
	}
	rel, _ := filepath.Rel(*distFlag, samples[0])
	src := tb.base + "/" + filepath.ToSlash(rel)
	other := newTab(t)
	other.open("/#v=2&src=" + url.QueryEscape(src))
	other.waitTitle(seedHello)
	other.click(sel("share-button"))
	other.visible(sel("share-public-none"))
	if got, _ := other.text(sel("share-public-none")); !strings.Contains(got, "loads its recording from "+src+", which opens only on this computer") {
		t.Errorf("share-public-none says %q", got)
	}
	if _, ok := other.text(sel("share-public-url")); ok {
		t.Errorf("a view loaded from 127.0.0.1 is offered on the public viewer")
	}
	other.screenshot("src-local")
}
