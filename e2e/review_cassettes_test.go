//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/review"
)

// TestReviewCassetteFolders reviews two folders of vcrpy cassettes
// (pydantic-ai's #6793; recordings/review's TestCassettesToolAvailability
// checks its pairs by hand) on the review page: the summary and every
// row as `recview review` gives them, one row per interaction; a pair of
// two interactions of one cassette opens as their comparison, with one
// verdict, and its head side opens as a recording of the cassette.
func TestReviewCassetteFolders(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("cassettes-tool-availability-6793"))
	base, head := cs.Base, cs.Head
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
	res, lines := cliReview(t, base, head, false)
	if len(lines) != 63 {
		t.Fatalf("recview review gives %d pairs, want the 63 interactions' (26 base, 57 head)", len(lines))
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitFor("the base folder", `document.body.textContent.includes('base: 5 files (5 cassettes)')`)
	tb.pickHeadAndCheck(filepath.Join(dir, "head"), res, lines)
	tb.screenshot("table")

	const google = "tests/cassettes/test_tool_search/test_cross_provider_capability_replay[google-gemini-3-flash-preview-openai-responses-gpt-5.4].yaml"
	var pair review.Pair
	for _, p := range res.Pairs {
		if p.Base == google+"#7" {
			pair = p
		}
	}
	if pair.Head != google+"#4" {
		t.Fatalf("base #7 pairs with %q, want head #4", pair.Head)
	}
	tb.click(sel("review-row") + `[data-head="` + pair.Head + `"]`)
	tb.waitFor("the pair", `document.querySelector('[data-testid=review-pair]') && document.querySelector('[data-testid=diff-verdict]')`)
	if sides := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=diff-side]')].map(s => s.textContent)`); len(sides) != 2 ||
		sides[0] != "base "+pair.Base || sides[1] != "head "+pair.Head {
		t.Errorf("comparison headers %q, want base %s and head %s", sides, pair.Base, pair.Head)
	}
	tb.checkOneVerdict(pair)
	tb.screenshot("pair")
}

// TestReviewCassetteCredential: the head of a pair of interactions
// (pydantic-ai's #3278, a cassette the commit left as it was) records an
// API key in its request headers; the review raises the pair (high: a
// credential recorded), and its pair view says so once: the comparison's
// badges are the review's, not diff.Compare's of the two recordings
// alone, which find the same request and the same answer; and so does
// the pair's share link, opened in a fresh tab.
func TestReviewCassetteCredential(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("cassettes-latest-models-3278"))
	const file = "tests/models/cassettes/test_anthropic/test_text_document_url_input.yaml"
	y := string(cs.Head[file])
	at := strings.Index(y, "- request:\n")
	at += strings.Index(y[at:], "\n    headers:\n") + len("\n    headers:\n")
	cs.Head[file] = []byte(y[:at] + "      authorization:\n      - Bearer sk-ant-api03-xAmPlEkEy0123456789abcdefghijk\n" + y[at:])
	dir := t.TempDir()
	cs.WriteTrees(t, dir)
	res, _ := cliReview(t, cs.Base, cs.Head, false)
	var pair review.Pair
	for _, p := range res.Pairs {
		if p.Head == file+"#1" {
			pair = p
		}
	}
	if pair.Base != file+"#1" || pair.Severity != review.SeverityHigh || !strings.Contains(pair.Why, "authorization") {
		t.Fatalf("recview review gives the pair %s → %s, %s: %s; want #1 → #1, high for the key", pair.Base, pair.Head, pair.Severity, pair.Why)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitFor("the base folder", q(sel("review-drop-base"))+`.textContent.includes('cassettes)')`)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("review-head-input")), []string{filepath.Join(dir, "head")}))
	tb.checkSummary(res)
	// The table comes a piece at a time after the summary.
	row := sel("review-row") + `[data-head="` + pair.Head + `"]`
	tb.waitFor("the pair's row", q(row)+` !== null`)
	tb.click(row)
	tb.waitFor("the pair", `document.querySelector('[data-testid=review-pair]') && document.querySelector('[data-testid=diff-verdict]')`)
	tb.checkOneVerdict(pair)
	if why, _ := tb.text(sel("review-pair") + " .pair-head"); !strings.Contains(why, "authorization") || strings.Contains(why, "xAmPlEkEy") {
		t.Errorf("the pair's head %q: want the header named, the key not shown", why)
	}
	tb.screenshot("credential-pair")

	// The pair's shared link, opened in a fresh tab, says what the review
	// said: its two files are reviewed again there, the key with them.
	tb.click(sel("share-button"))
	tb.visible(sel("share-url"))
	link := eval[string](tb, q(sel("share-url"))+`.value`)
	fresh := newTab(t)
	fresh.open(strings.TrimPrefix(link, fresh.base))
	fresh.waitFor("the shared pair's judgement", q(sel("diff-verdict")))
	sev, _ := fresh.text(sel("diff-severity"))
	verdict, _ := fresh.text(sel("diff-verdict"))
	why, _ := fresh.text(sel("diff-why"))
	if sev != string(pair.Severity) || verdict != string(pair.Verdict) || !strings.Contains(why, "authorization") {
		t.Errorf("the shared pair says %s, %s: %q; want %s, %s, the header named, as recview review", sev, verdict, why, pair.Severity, pair.Verdict)
	}
	if strings.Contains(eval[string](fresh, "document.body.innerText"), "xAmPlEkEy") {
		t.Error("the shared pair shows the key")
	}
	fresh.screenshot("credential-pair-shared")
	fresh.do(colorScheme("dark"), chromedp.EmulateViewport(390, 900))
	fresh.screenshot("credential-pair-shared-dark-390")
}

// TestReviewCassettePR reviews pydantic-ai's #6793 as a pull request (a
// fake GitHub serving its files): the page fetches the cassettes, gives
// the summary `recview review` gives, and opens a pair of interactions
// by its link.
func TestReviewCassettePR(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("cassettes-tool-availability-6793"))
	base, head := cs.Base, cs.Head
	srv := fakegithub.New("pydantic", "pydantic-ai", 6793, base, head)
	res, _ := cliReview(t, base, head, true)
	const google = "tests/cassettes/test_tool_search/test_cross_provider_capability_replay[google-gemini-3-flash-preview-openai-responses-gpt-5.4].yaml"
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=pydantic/pydantic-ai/6793")
	tb.checkSummary(res)
	tb.open("/#v=2&pr=pydantic/pydantic-ai/6793&file=" + strings.ReplaceAll(strings.ReplaceAll(google, "[", "%5B"), "]", "%5D") + "%234")
	tb.waitFor("the pair", `document.querySelector('[data-testid=review-pair]') && document.querySelector('[data-testid=diff-verdict]')`)
	if sides := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=diff-side]')].map(s => s.textContent)`); len(sides) != 2 ||
		sides[0] != "base "+google+"#7" || sides[1] != "head "+google+"#4" {
		t.Errorf("comparison headers %q, want base #7 and head #4 of %s", sides, google)
	}
}
