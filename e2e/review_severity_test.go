//go:build e2e

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/review"
	"github.com/recview/recview/recordings/testid"
)

// TestReviewSeverity opens ogx's #4103 (45 base and 306 head files): the
// summary leads with the four tests that multiplied their recordings
// (1 → 75, 68, 65, 55: 259 of the 261 added files) as recview review
// says; the table starts with the pairs of high severity; the first
// one's header and its comparison's badge say the verdict and severity
// recview review gives it.
func TestReviewSeverity(t *testing.T) {
	cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("web-search-4103"))
	base, head := cs.Base, cs.Head
	srv := fakegithub.New("ogx-ai", "ogx", 4103, base, head)
	res, _ := cliReview(t, base, head, true)
	tests, added := res.Multiplied()
	if len(tests) != 4 || added != 259 {
		t.Fatalf("recview review: %d tests multiplied, %d added files; want 4 and 259", len(tests), added)
	}
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/4103")
	tb.checkSummary(res)
	tb.visible(sel("review-multiplied"))
	msg, _ := tb.text(sel("review-multiplied"))
	want := []string{"4 tests multiplied their recordings: 259 of the 261 added files."}
	for _, c := range tests {
		name := testid.Short(c.TestID, 64) // the chip's text; its title the whole test_id
		want = append(want, fmt.Sprintf("%s %d → %d", name, c.Base, c.Head))
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("the summary %q does not say %q", msg, w)
		}
	}
	// The summary's facets filter the table: the multiplied tests' pairs
	// (review-growth), a severity, a head-name status; again: all.
	facet := func(chip, desc string, want func(p review.Pair) bool) {
		t.Helper()
		var heads []string
		for _, p := range res.Pairs {
			if want(p) {
				heads = append(heads, p.Head+"|"+p.Base)
			}
		}
		slices.Sort(heads)
		before := eval[int](tb, `document.querySelectorAll('[data-testid=review-row]').length`)
		tb.click(chip)
		tb.waitFor(fmt.Sprintf("%d rows of %s", len(heads), desc), fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, len(heads)))
		got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].map(r => r.dataset.head + "|" + r.dataset.base)`)
		slices.Sort(got)
		if !slices.Equal(got, heads) {
			t.Errorf("rows of %s: %q, want %q", desc, got, heads)
		}
		tb.click(chip)
		tb.waitFor(fmt.Sprintf("the %d rows again", before), fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, before))
	}
	grown := map[string]bool{}
	for _, c := range tests {
		grown[c.TestID] = true
	}
	unfolded := 0
	for _, p := range res.Pairs {
		if p.Severity != review.SeverityNone {
			unfolded++
		}
	}
	tb.waitFor(fmt.Sprintf("the %d rows not folded", unfolded), fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, unfolded))
	facet(sel("review-growth"), "the multiplied tests", func(p review.Pair) bool { return grown[p.TestID] })
	facet(sel("review-severity")+` [data-facet="severity:high"]`, "high severity", func(p review.Pair) bool { return p.Severity == review.SeverityHigh })
	facet(sel("review-names")+` [data-facet="name:ok"]`, "head names ok", func(p review.Pair) bool { return p.Head != "" && p.Name == "ok" })

	// The rows in the report's order: the most severe first.
	tb.waitFor("the rows", `document.querySelectorAll('[data-testid=review-row]').length > 0`)
	sevs := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=review-row]')].map(r => r.dataset.severity)`)
	var wantSevs []string
	for _, p := range res.Pairs {
		if p.Severity != review.SeverityNone {
			wantSevs = append(wantSevs, string(p.Severity))
		}
	}
	if strings.Join(sevs, " ") != strings.Join(wantSevs, " ") {
		t.Errorf("row severities %v, want %v", sevs, wantSevs)
	}
	tb.screenshot("severity-table")
	first := res.Pairs[0]
	if first.Severity != review.SeverityHigh || first.Base == "" {
		t.Fatalf("the first pair is %s %s: the test wants a high one with two sides", first.Severity, first.Verdict)
	}
	tb.click(sel("review-row") + `[data-head="` + first.Head + `"] button`)
	tb.checkOneVerdict(first)
	tb.screenshot("severity-pair")
}
