//go:build e2e

package e2e

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/permalink"
)

// TestShareCopied shares a dropped seed with the clipboard answering in
// each way it can, and checks that the share panel follows the answer
// rather than staying on "Copying…": the browser's own clipboard (write
// and read allowed: what it holds is the link), a clipboard that takes
// the link after 300 ms (the answer arrives after the panel is drawn), and
// one that refuses after 300 ms (the link stays in the panel to copy by
// hand).
func TestShareCopied(t *testing.T) {
	cases := []struct {
		name, fake, note string
	}{
		{"browser clipboard", "", "Copied to the clipboard"},
		{"slow clipboard", `navigator.clipboard.writeText = text => new Promise(resolve => setTimeout(() => { window.__clip = text; resolve(); }, 300))`, "Copied to the clipboard"},
		{"refused", `navigator.clipboard.writeText = text => new Promise((_, reject) => setTimeout(() => reject(new DOMException('Write permission denied.', 'NotAllowedError')), 300))`, "The clipboard refused: select the link and copy it."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open("/")
			if c.fake == "" {
				origin := tb.base
				for _, name := range []string{"clipboard-read", "clipboard-write"} {
					tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
						_, err := cdp.Call(ctx, target, browser.SetPermission, browser.SetPermissionParams{
							Permission: &browser.PermissionDescriptor{Name: name}, Setting: "granted", Origin: origin,
							BrowserContextID: chromedp.FromContext(tb.root).BrowserContextID})
						return err
					}))
				}
			} else {
				tb.do(chromedp.Evaluate[chromedp.Void](c.fake))
			}
			tb.dropPaths(seed(seedHello))
			tb.waitTitle(seedHello)
			tb.do(chromedp.Click(chromedp.CSS(sel("share-button"))))
			tb.visible(sel("share-url"))
			tb.waitFor("the share note to say "+c.note, q(sel("share-note"))+".textContent.startsWith("+jsq(c.note)+")")
			link := eval[string](tb, q(sel("share-url"))+".value")
			if !strings.Contains(link, "#v=2&d=") {
				t.Errorf("share-url %.80q… does not carry the recording", link)
			}
			switch c.name {
			case "browser clipboard":
				tb.do(chromedp.Evaluate[chromedp.Void](q(sel("share-url")) + ".focus()"))
				if got := awaitJS[string](tb, "navigator.clipboard.readText()"); got != link {
					t.Errorf("the clipboard holds %.80q…, want the link", got)
				}
			case "slow clipboard":
				if got := eval[string](tb, "window.__clip"); got != link {
					t.Errorf("the clipboard was given %.80q…, want the link", got)
				}
			}
		})
	}
}

// TestShareComparisonTooLong compares two local recordings whose link
// would pass 64 KB (each carries a base64 image): the share panel asks for
// the files' URLs, one per side, and makes a link naming both by URL.
func TestShareComparisonTooLong(t *testing.T) {
	const (
		a = "tests__integration__recordings__vision__responses__ff7db0102b28.json"
		b = "tests__integration__recordings__responses__2fef6eda9cd7.json"
	)
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(a), corpus(b))
	tb.waitFor("2 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
	tb.compareRows(a, b)
	tb.do(chromedp.Click(chromedp.CSS(sel("diff-view") + " " + sel("share-button"))))
	tb.waitFor("the too-long notice", q(".share")+" && "+q(".share")+".textContent.includes('more than the 65536')")
	if text, _ := tb.text(".share p"); !strings.Contains(text, "This comparison") || !strings.Contains(text, "the files' URLs") {
		t.Errorf("the panel says %q, want it to ask for the files' URLs of this comparison", text)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=share-side-url]').length`); n != 2 {
		t.Fatalf("%d URL boxes, want one per side", n)
	}
	t.Logf("wrote %s", tb.screenshot("two-urls"))
	urlA := "https://github.com/ogx-ai/ogx/blob/main/tests/integration/recordings/vision/responses/ff7db0102b28.json"
	urlB := "https://raw.githubusercontent.com/ogx-ai/ogx/main/tests/integration/recordings/responses/2fef6eda9cd7.json"
	// Enter in the first box with the second empty moves there.
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("share-side-url")), urlA+kb.Enter))
	tb.waitFor("the second box to have the focus", `document.activeElement === document.querySelectorAll('[data-testid=share-side-url]')[1]`)
	tb.do(chromedp.KeyEvent(urlB + kb.Enter)) // typed where the focus is
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+".value")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	f, err := permalink.Parse(u.Fragment)
	if err != nil || len(f.Sources) != 2 {
		t.Fatalf("the link's fragment %+v (%v), want two sources", f, err)
	}
	for i, want := range []permalink.Source{
		{Kind: permalink.SourceURL, Value: "https://raw.githubusercontent.com/ogx-ai/ogx/main/tests/integration/recordings/vision/responses/ff7db0102b28.json", Name: a},
		{Kind: permalink.SourceURL, Value: urlB, Name: b},
	} {
		if f.Sources[i] != want {
			t.Errorf("source %d is %+v, want %+v", i, f.Sources[i], want)
		}
	}
}
