//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestPickWhileLoading picks a review's base folder in a dialog opened on
// the pre-rendered page that closes after the app replaced the page's
// elements (the dialog's input is then no longer in the document): the
// pick reaches the app, as one made before it ran does (early.js). Then,
// twenty times, a pick at moments from a page's navigation to a second
// after: never lost.
func TestPickWhileLoading(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(changeSetDir("qwen3-rerecord-3978"), "base"))
	if err != nil {
		t.Fatal(err)
	}
	picked := q(sel("review-drop-base")) + `?.textContent.includes('base: ')`

	t.Run("dialog closed after the app ran", func(t *testing.T) {
		tb := newTab(t)
		release := tb.openHeld()
		tb.do(chromedp.Evaluate[chromedp.Void](`window.__pre = ` + q(sel("review-base-input"))))
		release()
		tb.waitApp()
		tb.waitFor("the pre-rendered input replaced", `!window.__pre.isConnected`)
		tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			res, _, err := cdpEvaluate(ctx, target, "window.__pre")
			if err != nil {
				return err
			}
			_, err = cdp.Call(ctx, target, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{dir}, ObjectID: res.ObjectID})
			return err
		}))
		tb.waitFor("the base folder", picked)
	})

	t.Run("twenty moments", func(t *testing.T) {
		tb := newTab(t)
		for run := range 20 {
			delay := time.Duration(run*50) * time.Millisecond
			tb.do(chromedp.Navigate(tb.base + "/"))
			time.Sleep(delay)
			// The input as the page has it now: pre-rendered or the app's.
			tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
				res, _, err := cdpEvaluate(ctx, target, q(sel("review-base-input")))
				if err != nil {
					return err
				}
				_, err = cdp.Call(ctx, target, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{dir}, ObjectID: res.ObjectID})
				return err
			}))
			tb.waitApp()
			tb.waitFor(fmt.Sprintf("run %d (picked %s after navigating): the base folder", run, delay), picked)
		}
	})
}

// cdpEvaluate evaluates js and returns its result as a remote object.
func cdpEvaluate(ctx context.Context, target *chromedp.Target, js string) (*runtime.RemoteObject, *runtime.ExceptionDetails, error) {
	out, err := cdp.Call(ctx, target, runtime.Evaluate, runtime.EvaluateParams{Expression: js})
	return out.Result, out.ExceptionDetails, err
}
