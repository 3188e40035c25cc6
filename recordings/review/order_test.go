package review

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/golden"
)

// TestOrder: within a severity, the pairs a reviewer must see come
// first (comparePairs, docs/review.md "Must-see first"). Each rule with
// real pairs of ogx's #3737 and #4103, whose files were read by hand:
//
//   - a tool call gone, added or with other arguments; a finish reason
//     (what the code under test acts on): #3737 95be86b56c9f (book_flight's
//     passenger is no longer valid JSON), 12ea4e4a2705 (simple gone),
//     12b4c92fd0d8 (process_data added), 37e10e6ac4dc (get_time added);
//   - then a claim: c9f153318fe6 ("Blue." → "purple."); #4103
//     d3cdda901f5a, a weather answer reworded whose made-up figure
//     changed (58°F → 68 degrees Fahrenheit), medium before;
//   - then one name holding two questions: 9ebe1e04fc3a ("What is the
//     currency of Japan?" → "Who is the CEO of Meta?"), not a rewording;
//   - then a change of the request's content: 1fd05fad28c2 (a llama-guard
//     prompt judging "polyjuice", then "Polyjuice");
//   - a parameter dropped at the API's default (55c7250c01ac,
//     response_format {"type": "text"}) and a recorded endpoint that
//     moved with the same body and answer (7794d17cdf36,
//     /v1/v1/completions → /v1/v1/chat/completions) are low, below every
//     rewording.
func TestOrder(t *testing.T) {
	rank := func(res *Result, suffix string) (int, *Pair) {
		for i := range res.Pairs {
			p := &res.Pairs[i]
			if strings.HasPrefix(filepath.Base(p.Head), suffix) || strings.HasPrefix(filepath.Base(p.Base), suffix) {
				return i, p
			}
		}
		t.Fatalf("no pair %s", suffix)
		return 0, nil
	}
	b, h, _ := readChangeSet(t, full3737)
	res := review(t, b, h)
	order := [][]string{
		{"95be86b56c9f", "12ea4e4a2705", "12b4c92fd0d8", "37e10e6ac4dc"},
		{"c9f153318fe6"},
		{"9ebe1e04fc3a"},
		{"1fd05fad28c2"},
	}
	last := -1
	for g, group := range order {
		first := len(res.Pairs)
		for _, s := range group {
			i, p := rank(res, s)
			if p.Severity != SeverityHigh {
				t.Errorf("%s: %s, want high (%s)", s, p.Severity, p.Why)
			}
			if i <= last {
				t.Errorf("%s is row %d, above group %d's last (row %d)", s, i+1, g, last+1)
			}
			first = min(first, i)
		}
		if g == 0 && first != 0 {
			t.Errorf("the tool-call pairs start at row %d, want 1", first+1)
		}
		for _, s := range group {
			i, _ := rank(res, s)
			last = max(last, i)
		}
	}
	if _, p := rank(res, "9ebe1e04fc3a"); strings.Contains(findings(*p), "reworded") ||
		!strings.HasPrefix(p.Why, `one name, two questions: "What is the curren…" → "Who is the CEO of …"`) {
		t.Errorf("9ebe1e04fc3a: %q", findings(*p))
	}
	if _, p := rank(res, "95be86b56c9f"); !strings.Contains(findings(*p), `book_flight: passenger → not valid JSON, flight.date "2023-08-20" → "2023-12-15"`) {
		t.Errorf("95be86b56c9f: %q", findings(*p))
	}
	lastReword := 0
	for i, p := range res.Pairs {
		if strings.Contains(p.Why, "reworded") {
			lastReword = i
		}
	}
	for _, s := range []string{"55c7250c01ac", "7794d17cdf36"} {
		if i, p := rank(res, s); p.Severity != SeverityLow || i < lastReword {
			t.Errorf("%s: row %d, %s (%s), want low, below every rewording", s, i+1, p.Severity, p.Why)
		}
	}

	b, h, _ = readChangeSet(t, full4103)
	res4103 := review(t, b, h)
	i, p := rank(res4103, "d3cdda901f5a")
	if p.Severity != SeverityHigh || !strings.HasPrefix(p.Why, "number changed: 58 °F → 68 °F") {
		t.Errorf("d3cdda901f5a: %s %q", p.Severity, p.Why)
	}
	for _, q := range res4103.Pairs[:i] {
		if q.Severity != SeverityHigh {
			t.Errorf("%s (%s) ranks above the weather figure", q.Label(), q.Severity)
		}
	}

	// The comment's table of the pairs to look at first, in this order.
	for name, r := range map[string]*Result{"3737": res, "4103": res4103} {
		md := r.Markdown(testLinks())
		start := strings.Index(md, "\n#### High")
		end := strings.Index(md[start+1:], "\n#### ")
		golden.Check(t, filepath.Join("testdata", "order-"+name+".md"), []byte(md[start+1:start+1+end]+"\n"))
	}
}
