//go:build e2e

package e2e

import (
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/review"
)

// TestReviewFoldersOneSideLink: the share link of a two-folder review's
// deleted pair carries its one file and says it is the base's
// (base=file); an added pair's, the head's. Opened in a fresh tab, each
// shows its recording headed "base (deleted)" or "head (added)" with its
// path and the review's folders, what was asked (read here from the
// file), and keeps the pair's address.
func TestReviewFoldersOneSideLink(t *testing.T) {
	const set = "test-isolation-3681"
	base, head := readSet(t, set)
	res, _ := cliReview(t, base, head, false)
	tb := newTab(t)
	tb.open("/")
	tb.pickReviewFolders(set, len(base))
	tb.visible(sel("review-summary"))
	tb.click(sel("review-unfold"))
	for _, c := range []struct {
		change review.Change
		attr   string // the row's attribute naming the file
		label  string
		base   bool // the link says the file is the base's
	}{
		{review.Deleted, "data-base", "base (deleted)", true},
		{review.Added, "data-head", "head (added)", false},
	} {
		t.Run(string(c.change), func(t *testing.T) {
			var p string
			for _, pr := range res.Pairs {
				if pr.Change == c.change {
					p = pr.Base + pr.Head
					break
				}
			}
			if p == "" {
				t.Fatalf("no %s pair in %s", c.change, set)
			}
			data := base[p]
			if !c.base {
				data = head[p]
			}
			row := sel("review-row") + `[` + c.attr + `="` + p + `"] button`
			tb.waitFor("the pair's row", q(row)+` !== null`)
			tb.click(row)
			tb.waitFor("the pair", q(sel("review-pair"))+` && `+q(sel("review-pair"))+`.dataset.file === `+jsq(p)+` && `+q(".pair-single"))
			tb.click(sel("share-button"))
			tb.visible(sel("share-url"))
			link := eval[string](tb, q(sel("share-url"))+`.value`)
			want := "#v=2&folders=base/head&file=" + p + "&d="
			if c.base {
				want = "#v=2&folders=base/head&file=" + p + "&base=" + p + "&d="
			}
			if !strings.Contains(link, want) || strings.Count(link, "&d=") != 1 {
				t.Errorf("share link %.200q… is not the %s pair's with its one file (%s…)", link, c.change, want)
			}
			tb.key(kb.Escape)
			tb.click(sel("review-back"))
			tb.waitFor("the table", q(sel("review-table"))+` && !`+q(sel("review-pair")))

			fresh := newTab(t)
			fresh.open(strings.TrimPrefix(link, fresh.base))
			fresh.waitFor("the recording", q(sel("pair-side"))+` && `+q(sel("recording-title")))
			if got, _ := fresh.text(sel("pair-side")); !strings.HasPrefix(got, c.label+" "+p) || !strings.Contains(got, "base → head") {
				t.Errorf("the shared %s pair is headed %q, want %q, its path and the review's folders", c.change, got, c.label)
			}
			if got, _ := fresh.text(sel("recording-title")); got != path.Base(p) {
				t.Errorf("the shared %s pair's title %q, want %q", c.change, got, path.Base(p))
			}
			// What was asked: the request's model, and its last user
			// message or first input when it has one (read from the file).
			var rec struct {
				Request struct {
					Model string `json:"model"`
				} `json:"request"`
			}
			if err := json.Unmarshal(data, &rec); err != nil || rec.Request.Model == "" {
				t.Fatalf("%s: no request model (%v)", p, err)
			}
			fresh.waitFor("the request's model", q(`.panel.request`)+` && `+q(`.panel.request`)+`.textContent.includes(`+jsq(rec.Request.Model)+`)`)
			if asked := askedOrNone(t, data); asked != "" {
				fresh.waitFor("what was asked", `[...document.querySelectorAll('[data-testid=message][data-role=user]')].some(m => m.textContent.includes(`+jsq(asked)+`))`)
			}
			fresh.screenshot("shared-" + string(c.change))
			if h := hash(fresh); !strings.HasPrefix(h, strings.TrimSuffix(want, "&d=")) {
				t.Errorf("the shared %s pair's address %.120q… lost its review (want %s…)", c.change, h, want)
			}
		})
	}
}
