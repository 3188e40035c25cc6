package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/permalink"
)

// testSet is a change set of six pairs in the report's order (most
// severe first), as the worker sends them.
func testSet() *reviewSet {
	rv := newReviewSet(permalink.Review{Kind: permalink.ReviewPR, Owner: "o", Repo: "r", Number: 7})
	rv.rep = &pageworker.Report{Rows: []pageworker.Row{
		{Base: "t/recordings/a.json", Head: "t/recordings/a2.json", Severity: "high", Verdict: "changed result", Meaningful: true, TestID: "test_chat"},
		{Head: "t/recordings/b.json", Severity: "low", Verdict: "added", Meaningful: true, TestID: "test_tools"},
		{Base: "t/recordings/c.json", Severity: "low", Verdict: "deleted", Meaningful: true, TestID: "test_chat"},
		{Base: "t/recordings/d.json", Head: "t/recordings/d.json", Severity: "none", Verdict: "same result", TestID: "test_chat"},
		{Base: "t/recordings/e.json", Head: "t/recordings/e.json", Severity: "none", Verdict: "environment", Endpoint: "/api/ps"},
		{Base: "t/recordings/f.json", Head: "t/recordings/f.json", Severity: "none", Verdict: "metadata only", TestID: "test_chat"},
	},
		// The worker's counts of these rows (review.Result.Severities).
		Severities: []pageworker.Count{{Of: "high", N: 1}, {Of: "low", N: 2}, {Of: "none", N: 3}}}
	return rv
}

func TestReviewVisible(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table reviewTable
		want  []int
	}{
		{"folded by default: the pairs of no severity", reviewTable{}, []int{0, 1, 2}},
		{"unfolded", reviewTable{unfold: true}, []int{0, 1, 2, 3, 4, 5}},
		{"a folded verdict chosen", reviewTable{verdict: "environment"}, []int{4}},
		{"filter words, any case", reviewTable{filter: "TEST_CHAT  recordings", unfold: true}, []int{0, 2, 3, 5}},
		{"filter and verdict", reviewTable{filter: "chat", verdict: "deleted"}, []int{2}},
		{"sorted by test_id", reviewTable{sortBy: "test_id"}, []int{0, 2, 1}},
		{"sorted by path, descending", reviewTable{sortBy: "path", desc: true}, []int{2, 1, 0}},
		// By severity, then the verdict's words.
		{"sorted by verdict: severity first", reviewTable{sortBy: "verdict", unfold: true}, []int{0, 1, 2, 4, 5, 3}},
		{"sorted by verdict, descending", reviewTable{sortBy: "verdict", desc: true, unfold: true}, []int{3, 5, 4, 2, 1, 0}},
		{"nothing matches", reviewTable{filter: "zzz"}, nil},
		// The summary's facets show folded rows too.
		{"a severity", reviewTable{facet: "severity:none"}, []int{3, 4, 5}},
		{"a head name status, heads only", reviewTable{facet: "name:stale"}, []int{1, 4}},
		{"the multiplied tests", reviewTable{facet: "growth"}, []int{1}},
		{"a facet and a filter", reviewTable{facet: "severity:low", filter: "chat"}, []int{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rv := testSet()
			rv.table = tc.table
			rv.rep.Multiplied = []pageworker.TestCount{{TestID: "test_tools", Base: 1, Head: 9}}
			rv.rep.Rows[1].Name, rv.rep.Rows[4].Name, rv.rep.Rows[2].Name = "stale", "stale", "stale" // row 2 has no head
			if got := rv.visible(); !slices.Equal(got, tc.want) {
				t.Errorf("visible() = %v, want %v", got, tc.want)
			}
		})
	}
}

// n and p step through the meaningful pairs in the table's order; a pair
// the table does not show steps in the report's order.
func TestReviewStep(t *testing.T) {
	rv := testSet()
	for _, tc := range []struct {
		name      string
		table     reviewTable
		pair, dir int
		want      int
		ok        bool
	}{
		{"next", reviewTable{}, 0, 1, 1, true},
		{"previous", reviewTable{}, 2, -1, 1, true},
		{"none after the last meaningful", reviewTable{}, 2, 1, 0, false},
		{"none before the first", reviewTable{}, 0, -1, 0, false},
		{"from a quiet pair back", reviewTable{}, 3, -1, 2, true},
		{"in the sorted order", reviewTable{sortBy: "test_id"}, 2, 1, 1, true},
		{"a pair filtered out steps in the report's order", reviewTable{verdict: "added"}, 0, 1, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rv.table, rv.pair = tc.table, tc.pair
			got, ok := rv.step(tc.dir)
			if ok != tc.ok || ok && got != tc.want {
				t.Errorf("step(%d) from %d = %d, %v; want %d, %v", tc.dir, tc.pair, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestReviewRowsAndKeys(t *testing.T) {
	rv := testSet()
	if i, ok := rv.rowOf("t/recordings/c.json"); !ok || i != 2 {
		t.Errorf("rowOf a deleted pair's base = %d, %v", i, ok)
	}
	if _, ok := rv.rowOf("t/recordings/a.json"); ok {
		t.Errorf("a renamed pair is known by its head's path, not its base's")
	}
	if rv.viewedKey() != "" {
		t.Errorf("viewed key %q before the head commit is known", rv.viewedKey())
	}
	rv.st.HeadSHA = "cafe"
	if got := rv.viewedKey(); got != "recview-viewed:pr=o/r/7@cafe" {
		t.Errorf("viewed key %q", got)
	}
	if got := rv.label(); got != "o/r#7" {
		t.Errorf("label %q", got)
	}
	folders := newReviewSet(permalink.Review{Kind: permalink.ReviewFolders, Base: "a", Head: "b"})
	folders.st.HeadSHA = "x"
	if folders.viewedKey() != "" || folders.label() != "a → b" {
		t.Errorf("two folders: key %q label %q", folders.viewedKey(), folders.label())
	}
}

// Every value from a change set is escaped in the page's markup.
func TestReviewHTMLEscapes(t *testing.T) {
	rv := testSet()
	evil := `t/recordings/<img src=x onerror=alert(1)>"'.json`
	rv.rep.Rows[0].Head = evil
	rv.rep.Rows[0].Why = `<script>alert(2)</script>`
	rv.rep.Verdicts = []pageworker.Count{{Of: `<b>x</b>`, N: 1}}
	rv.st.Title = `<i>title</i>`
	rv.st.Notes = []string{`<u>note</u>`}
	head, pieces, note := tableHTML(rv)
	out := headHTML(rv) + summaryHTML(rv) + head + strings.Join(pieces, "") + note
	rv.pair = 0
	out += pairHTML(rv)
	for _, bad := range []string{"<img", "<script", "<b>x", "<i>title", "<u>note", `"'.json`} {
		if strings.Contains(out, bad) {
			t.Errorf("the markup holds %q unescaped", bad)
		}
	}
	if !strings.Contains(out, "&lt;img src=x onerror=alert(1)&gt;&#34;&#39;.json") {
		t.Errorf("the path is not in the markup, escaped")
	}
}

// The table comes in pieces of rowsAtOnce rows, at most maxReviewRows in
// all, and says how many it leaves out.
func TestReviewTablePieces(t *testing.T) {
	rv := testSet()
	row := rv.rep.Rows[0]
	rv.rep.Rows = nil
	for range 620 {
		rv.rep.Rows = append(rv.rep.Rows, row)
	}
	_, pieces, note := tableHTML(rv)
	if len(pieces) != 5 {
		t.Errorf("%d pieces, want 5 of 100 rows", len(pieces))
	}
	for i, p := range pieces {
		if n := strings.Count(p, `data-testid="review-row"`); n != rowsAtOnce {
			t.Errorf("piece %d holds %d rows", i, n)
		}
	}
	if !strings.Contains(note, "120 more rows") {
		t.Errorf("note %q", note)
	}
	rv.table.filter = "nothing like it"
	if _, pieces, note := tableHTML(rv); len(pieces) != 0 || !strings.Contains(note, "No pair matches") {
		t.Errorf("%d pieces, note %q", len(pieces), note)
	}
}
