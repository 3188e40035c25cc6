//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// openHeld opens the site's landing page with its request for app.wasm
// paused (the CDP Fetch domain), checks that the app does not run, and
// returns a func that lets the request go: until then the pre-rendered
// page is shown.
func (tb *tab) openHeld() (release func()) {
	tb.t.Helper()
	ids := make(chan fetch.RequestID, 4)
	chromedp.Listen(tb.root, func(ev any) {
		if ev, ok := ev.(*fetch.EventRequestPaused); ok {
			ids <- ev.RequestID
		}
	})
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/app.wasm"}}})
		return err
	}))
	tb.do(chromedp.Navigate(tb.base + "/"))
	var id fetch.RequestID
	select {
	case id = <-ids:
	case <-time.After(waitLimit):
		tb.t.Fatalf("the page never asked for app.wasm\n%s", tb.state())
	}
	if eval[bool](tb, appReady) {
		tb.t.Fatal("the app runs while its app.wasm is held")
	}
	return func() {
		tb.t.Helper()
		tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
			return err
		}))
	}
}

// TestEarlyPick picks a file, and drops a folder, on the pre-rendered page
// while app.wasm is held back (CDP's Fetch domain pauses its request):
// once the app runs it opens what was picked or dropped, instead of
// losing it.
func TestEarlyPick(t *testing.T) {
	t.Run("file", func(t *testing.T) {
		tb := newTab(t)
		release := tb.openHeld()
		tb.upload(seed(seedHello))
		release()
		tb.waitApp()
		tb.waitTitle(seedHello)
		tb.waitStep(20, 20)
	})
	t.Run("dropped folder", func(t *testing.T) {
		dir, n := smallFolder(t, 40)
		tb := newTab(t)
		release := tb.openHeld()
		tb.dropPaths(dir)
		if got := eval[string](tb, "location.href"); got != tb.base+"/" {
			t.Fatalf("the drop took the tab to %s", got)
		}
		release()
		tb.waitApp()
		tb.waitFor("the dropped folder's index", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(n))
	})
}
