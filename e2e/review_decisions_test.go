//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/internal/tools/golden"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// decisionsNote is the note the test types on its flagged pair: the
// bar, the angle brackets and the quote are what the comment escapes.
const decisionsNote = "celcius became false: the tool's default is wrong | see <issue>"

// TestReviewDecisions reviews ogx's #3978 (its subset in testdata) as a
// reviewer decides it: a on the first pair to look at, a note and f on
// the second, f on the third; each key moves to the next pair. The
// table's rows show the decisions and the note, the summary counts them
// as the core's Tally does, the flagged filter counts within it ("pair 1
// of 2 flagged"); a reload keeps them. Copy review puts the comment on
// the clipboard: a golden, read by hand, and the Markdown the core writes
// for the decisions Save decisions downloads (what `recview review
// --markdown --decisions FILE` writes: cmd/recview's tests hold the two
// equal). A new push that changes the noted pair's head file brings that
// pair back undecided; the other two keep theirs.
func TestReviewDecisions(t *testing.T) {
	base, head := readSet(t, "qwen3-rerecord-3978")
	srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
	res, _ := cliReview(t, base, head, true)
	res.SetDigests(review.FileSums(files(base)), review.FileSums(files(head)))
	var look []review.Pair // the pairs to look at, in the table's order
	for _, p := range res.Pairs {
		if p.ToLookAt() {
			look = append(look, p)
		}
	}
	if len(look) < 4 {
		t.Fatalf("%d pairs to look at: the test wants four", len(look))
	}
	tb := newTab(t)
	tb.serveGitHub(srv)
	grantClipboard(tb)
	downloads := t.TempDir()
	allowDownloads(tb, downloads)
	tb.open("/#v=2&pr=ogx-ai/ogx/3978")
	tb.waitFor("the rows", `document.querySelectorAll('[data-testid=review-row]').length > 0`)

	// a, a note and f, f: each key decides and opens the next pair.
	tb.click(sel("review-row") + fmt.Sprintf(`[data-head=%q] button`, look[0].Head))
	tb.waitPair(look[0])
	tb.key("a")
	tb.waitPair(look[1])
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("decision-note")), decisionsNote+kb.Enter))
	tb.waitFor("the note kept and the keys given back", q(sel("decision-note"))+` !== document.activeElement`)
	tb.key("f")
	tb.waitPair(look[2])
	tb.key("f")
	tb.waitPair(look[3])
	if got := eval[string](tb, q(sel("pair-decision"))+`.dataset.decision ?? ''`); got != "" {
		t.Errorf("the fourth pair reads decided %q", got)
	}
	want := map[string]string{look[0].Head: "accept", look[1].Head: "flag", look[2].Head: "flag"}
	notes := map[string]string{look[1].Head: decisionsNote}
	tb.click(sel("review-back"))
	tb.checkDecided(want, notes)
	tb.checkTally(res, want)
	tb.decisionShots(look[1])

	// The flagged filter: its rows, and the pair bar counts within it.
	tb.click(sel("decisions-flagged"))
	tb.waitFor("the two flagged rows", `document.querySelectorAll('[data-testid=review-row]').length === 2`)
	tb.click(sel("review-row") + " button")
	tb.waitFor("pair 1 of 2 flagged", q(sel("pair-place"))+`?.textContent === 'pair 1 of 2 flagged'`)
	tb.key("n")
	tb.waitFor("n: pair 2 of 2 flagged", q(sel("pair-place"))+`?.textContent === 'pair 2 of 2 flagged'`)
	tb.screenshot("flagged-pair")
	tb.click(sel("review-back"))
	tb.click(sel("decisions-flagged"))
	tb.waitFor("the filter off", q(sel("decisions-flagged"))+`.getAttribute('aria-pressed') === 'false'`)

	// A reload keeps them.
	tb.reload()
	tb.waitFor("the rows", `document.querySelectorAll('[data-testid=review-row]').length > 0`)
	tb.checkDecided(want, notes)

	// Copy review and Save decisions.
	md := tb.copyReview()
	golden.Check(t, filepath.Join("testdata", "review-decisions-3978.md"), []byte(md))
	tb.click(sel("save-decisions"))
	file := waitFile(t, filepath.Join(downloads, "recview-decisions-ogx-ai-ogx-3978.json"))
	df, err := review.ReadDecisions("the saved decisions", file)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range df.Entries {
		got[e.Head] = string(e.Choice)
		if e.Note != notes[e.Head] {
			t.Errorf("the saved decision of %s has the note %q, want %q", e.Head, e.Note, notes[e.Head])
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("the saved decisions %v, want %v", got, want)
	}
	pr := permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3978}
	core := res.Markdown(review.MarkdownOptions{Viewer: "https://recview.example/", Review: pr, Decisions: df.Decisions(),
		Footer: "Decided in recview's review page, on ogx-ai/ogx#3978 at cccccccccccc."})
	if md != core {
		t.Errorf("the copied comment is not the core's for the saved decisions:%s", golden.FirstDiff([]byte(core), []byte(md)))
	}

	// A new push changes the noted pair's head file: that pair comes back
	// undecided, the others keep theirs.
	pushed := map[string][]byte{}
	for p, d := range head {
		pushed[p] = d
	}
	pushed[look[1].Head] = append(slices.Clone(head[look[1].Head]), '\n')
	srv.Head, srv.HeadSHA = pushed, strings.Repeat("d", 40)
	tb.reload()
	tb.waitFor("the rows", `document.querySelectorAll('[data-testid=review-row]').length > 0`)
	delete(want, look[1].Head)
	tb.checkDecided(want, nil)
}

// TestReviewDecisionHostileNote gives a pair a note of 10,000 characters
// holding a script element and a javascript: link: the row and the field
// show it as text, cut to 300 characters; the copied comment escapes it
// (no tag, no link) and stays under GitHub's 65,536 characters.
func TestReviewDecisionHostileNote(t *testing.T) {
	base, head := readSet(t, "qwen3-rerecord-3978")
	srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
	tb := newTab(t)
	tb.serveGitHub(srv)
	grantClipboard(tb)
	tb.open("/#v=2&pr=ogx-ai/ogx/3978")
	tb.waitFor("the rows", `document.querySelectorAll('[data-testid=review-row]').length > 0`)
	hostile := "<script>window.__pwned = 1</script> [x](javascript:window.__pwned=2) \u202e" + strings.Repeat("é", 10000)
	tb.click(sel("review-row") + " button")
	tb.visible(sel("decision-note"))
	// Pasted past the field's maxlength: the page bounds it itself.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const f = ` + q(sel("decision-note")) + `; f.value = ` + jsq(hostile) + `; f.dispatchEvent(new Event('change', {bubbles: true})); })()`))
	tb.key("f")
	tb.click(sel("review-back"))
	tb.waitFor("the row's note", q(sel("row-note"))+` !== null`)
	note := eval[string](tb, q(sel("row-note"))+`.textContent`)
	wantNote := strings.TrimSpace(string([]rune(strings.ReplaceAll(hostile, "\u202e", ""))[:300]))
	if note != wantNote {
		t.Errorf("the row's note %q, want the first 300 characters, the direction mark dropped: %q", note, wantNote)
	}
	if n := eval[int](tb, `document.querySelectorAll('.row-note script, .row-note a').length`); n != 0 || eval[bool](tb, `window.__pwned !== undefined`) {
		t.Errorf("the note made %d elements, or ran", n)
	}
	md := tb.copyReview()
	if utf8.RuneCountInString(md) > 65536 || regexp.MustCompile(`(^|[^\\])<script`).MatchString(md) || strings.Contains(md, "](javascript:") {
		t.Errorf("the comment (%d characters) holds the note unescaped", utf8.RuneCountInString(md))
	}
	if !strings.Contains(md, `\<script\>window.\_\_pwned = 1\</script\>`) {
		t.Errorf("the comment lacks the escaped note:\n%.2000s", md)
	}
}

// waitPair waits for the pair view of p.
func (tb *tab) waitPair(p review.Pair) {
	tb.t.Helper()
	path := p.Head
	if path == "" {
		path = p.Base
	}
	tb.waitFor("the pair "+path, q(sel("review-pair"))+`?.dataset.file === `+jsq(path))
}

// checkDecided checks that the table's rows carry the decisions want (by
// head path; the rest undecided) and, when notes is not nil, the notes.
func (tb *tab) checkDecided(want, notes map[string]string) {
	tb.t.Helper()
	tb.waitFor("the decisions drawn", fmt.Sprintf(`document.querySelectorAll('[data-testid=row-decision]').length === %d`, len(want)))
	got := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid=review-row]')].filter(r => r.querySelector('[data-testid=row-decision]')).map(r => [r.dataset.head, r.querySelector('[data-testid=row-decision]').dataset.decision]))`)
	if !maps.Equal(got, want) {
		tb.t.Errorf("the rows' decisions %v, want %v", got, want)
	}
	if notes == nil {
		return
	}
	gotNotes := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid=review-row]')].filter(r => r.querySelector('[data-testid=row-note]')).map(r => [r.dataset.head, r.querySelector('[data-testid=row-note]').textContent]))`)
	if !maps.Equal(gotNotes, notes) {
		tb.t.Errorf("the rows' notes %v, want %v", gotNotes, notes)
	}
}

// checkTally checks the summary's decision chips against the decisions
// want (by head path) counted on res by hand: flagged and accepted of
// every severity, left of the pairs to look at.
func (tb *tab) checkTally(res *review.Result, want map[string]string) {
	tb.t.Helper()
	flagged, accepted, left, look := 0, 0, 0, 0
	for _, p := range res.Pairs {
		switch d := want[p.Head]; {
		case d == "flag":
			flagged++
		case d == "accept":
			accepted++
		case p.ToLookAt():
			left++
		}
		if p.ToLookAt() {
			look++
		}
	}
	for id, text := range map[string]string{
		"decisions-flagged":  fmt.Sprintf("⚑ %d flagged", flagged),
		"decisions-accepted": fmt.Sprintf("✓ %d accepted", accepted),
		"decisions-left":     fmt.Sprintf("%d of the %d to look at left", left, look),
	} {
		if got, _ := tb.text(sel(id)); got != text {
			tb.t.Errorf("%s reads %q, want %q", id, got, text)
		}
	}
}

// copyReview clicks Copy review and returns what the clipboard holds,
// the page's address in its links made https://recview.example/.
func (tb *tab) copyReview() string {
	tb.t.Helper()
	tb.click(sel("copy-review"))
	tb.waitFor("the comment copied", q(sel("copy-status"))+`.textContent.startsWith('Copied')`)
	md := awaitJS[string](tb, "navigator.clipboard.readText()")
	if shown := eval[string](tb, q(sel("review-comment"))+`.value`); shown != md {
		tb.t.Errorf("the comment shown differs from the one copied")
	}
	return strings.ReplaceAll(md, tb.base+"/", "https://recview.example/")
}

// grantClipboard lets the tab's page write and read the clipboard.
func grantClipboard(tb *tab) {
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name}, Setting: "granted", Origin: tb.base,
				BrowserContextID: chromedp.FromContext(tb.root).BrowserContextID})
			return err
		}))
	}
}

// allowDownloads saves the tab's downloads in dir, under their names.
func allowDownloads(tb *tab, dir string) {
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
			BrowserContextID: chromedp.FromContext(tb.root).BrowserContextID})
		return err
	}))
}

// files is a tree's files as review.File.
func files(tree map[string][]byte) []review.File {
	var out []review.File
	for p, d := range tree {
		out = append(out, review.File{Path: p, Data: d})
	}
	return out
}

// decisionShots saves the first screen of the decided table and of the
// noted pair (head path p.Head) at 1,440 × 900 and 390 × 844, light and
// dark, and checks that the phone's first screen shows rows.
func (tb *tab) decisionShots(p review.Pair) {
	tb.t.Helper()
	shot := func(name string) { tb.screenshotView(name) }
	for _, size := range [][2]int64{{1440, 900}, {390, 844}} {
		for _, scheme := range []string{"light", "dark"} {
			tb.do(chromedp.EmulateViewport(size[0], size[1]), colorScheme(scheme))
			// The page folds its summary on a phone when it loads there.
			tb.reload()
			tb.visible(sel("review-row"))
			name := fmt.Sprintf("%d-%s", size[0], scheme)
			if top := eval[float64](tb, q(sel("review-row"))+`.getBoundingClientRect().top`); top > float64(size[1])-40 {
				tb.t.Errorf("at %s the first row starts %.0f px down, below the first screen", name, top)
			}
			shot("table-" + name)
			tb.click(sel("review-row") + fmt.Sprintf(`[data-head=%q] button`, p.Head))
			tb.waitPair(p)
			shot("pair-" + name)
			tb.click(sel("review-back"))
			tb.visible(sel("review-row"))
		}
	}
	tb.do(chromedp.EmulateViewport(1280, 900), colorScheme("light"))
	tb.reload()
	tb.visible(sel("review-row"))
}
