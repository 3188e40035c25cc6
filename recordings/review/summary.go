package review

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Count is how many pairs have one verdict, change or name status.
type Count[T any] struct {
	Of T
	N  int
}

// Verdicts counts the pairs per verdict, in the order of Verdicts,
// leaving out verdicts no pair has.
func (r *Result) Verdicts() []Count[Verdict] {
	return countBy(r, Verdicts(), func(p *Pair) Verdict { return p.Verdict })
}

// Changes counts the pairs per change, in the order renamed, modified,
// added, deleted, unchanged, leaving out changes no pair has.
func (r *Result) Changes() []Count[Change] {
	return countBy(r, []Change{Renamed, Modified, Added, Deleted, Unchanged}, func(p *Pair) Change { return p.Change })
}

// Names counts the head files per name status, in the order ok, stale,
// mismatch, unknown, leaving out statuses no file has.
func (r *Result) Names() []Count[NameStatus] {
	return countBy(r, []NameStatus{NameOK, NameStale, NameMismatch, NameNotReplayed, NameUnknown}, func(p *Pair) NameStatus { return p.Name })
}

// countBy counts the pairs whose key is each of keys, in that order,
// leaving out keys no pair has.
func countBy[T comparable](r *Result, keys []T, key func(*Pair) T) []Count[T] {
	var out []Count[T]
	for _, k := range keys {
		n := 0
		for i := range r.Pairs {
			if key(&r.Pairs[i]) == k {
				n++
			}
		}
		if n > 0 {
			out = append(out, Count[T]{k, n})
		}
	}
	return out
}

// namesLine is the head names' counts as "N ok, M stale", "" when no
// pair has a head file.
func (r *Result) namesLine() string {
	var parts []string
	for _, c := range r.Names() {
		parts = append(parts, fmt.Sprintf("%d %s", c.N, c.Of))
	}
	return strings.Join(parts, ", ")
}

// Grown returns the tests that have more recordings in head than in base
// and at least min in head, most grown first (see Result.Tests).
func (r *Result) Grown(min int) []TestCount {
	var out []TestCount
	for _, t := range r.Tests {
		if t.Head > t.Base && t.Head >= min {
			out = append(out, t)
		}
	}
	return out
}

// Multiplying is how much a test's recordings must grow to multiply:
// by at least MultiplyingAdded files, to at least MultiplyingFactor times
// as many as before. A test records the same call under a new name on
// each run when something in its request changes from run to run (a
// streamed answer checked chunk by chunk, a timestamp). The pull request
// that set these bounds, and what it added: docs/review.md.
const (
	MultiplyingAdded  = 10
	MultiplyingFactor = 3
)

// multiplied reports a test whose recordings multiplied (see
// Multiplying).
func multiplied(t TestCount) bool {
	return t.Head-t.Base >= MultiplyingAdded && t.Head >= MultiplyingFactor*t.Base
}

// Multiplied returns the tests whose recordings multiplied (see
// MultiplyingAdded), most grown first, and how many added recordings
// they explain, which the summaries give as one finding.
func (r *Result) Multiplied() (tests []TestCount, added int) {
	for _, t := range r.Tests {
		if multiplied(t) {
			tests = append(tests, t)
		}
	}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		if p.Change == Added && p.TestID != "" && multiplied(p.Tests) {
			added++
		}
	}
	return tests, added
}

// Severities counts the pairs per severity, most severe first, leaving
// out severities no pair has.
func (r *Result) Severities() []Count[Severity] {
	return countBy(r, Severities(), func(p *Pair) Severity { return p.Severity })
}

// ToLookAt counts the pairs a reviewer reads first: those of high or
// medium severity (Pair.ToLookAt).
func (r *Result) ToLookAt() int {
	n := 0
	for i := range r.Pairs {
		if r.Pairs[i].ToLookAt() {
			n++
		}
	}
	return n
}

// jsonPair is a Pair as `recview review --json` writes it.
type jsonPair struct {
	Base         *string `json:"base"`
	Head         *string `json:"head"`
	Change       Change  `json:"change"`
	Request      *string `json:"request"`
	Result       *string `json:"result"`
	MetadataOnly bool    `json:"metadata_only"`
	TestID       *string `json:"test_id"`
	Endpoint     string  `json:"endpoint"`
	Name         *string `json:"name"`
	Why          string  `json:"why"`
	Severity     string  `json:"severity"`
	Verdict      string  `json:"verdict"`
	// With decisions (WriteJSONDecisions), last, for a decided pair only.
	Decision Choice `json:"decision,omitempty"`
	Note     string `json:"note,omitempty"`
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// WriteJSON writes one JSON object per pair per line, in the order of
// r.Pairs, with exactly these keys in this order: "base" and "head" (the
// paths, null when absent), "change" (Change), "request" (RequestStatus,
// null when ""), "result" (ResultStatus, null when ""), "metadata_only"
// (bool), "test_id" (null when ""), "endpoint", "name" (NameStatus, null
// when ""), "why", "severity" (Severity) and "verdict" (Verdict, the
// words the table shows). It returns the first write error.
func (r *Result) WriteJSON(w io.Writer) error { return r.WriteJSONDecisions(w, nil) }

// WriteJSONDecisions is WriteJSON with the decisions d makes on the pairs
// (by their Digest, Result.SetDigests): a decided pair's line ends with
// two more keys, "decision" (Choice: "accept" or "flag") and "note" (its
// Note, left out when ""); an undecided pair's line is WriteJSON's.
func (r *Result) WriteJSONDecisions(w io.Writer, d Decisions) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range r.Pairs {
		p := &r.Pairs[i]
		dec, _ := r.decision(p, d)
		err := enc.Encode(jsonPair{
			Base: orNull(p.Base), Head: orNull(p.Head), Change: p.Change,
			Request: orNull(string(p.Request)), Result: orNull(string(p.Result)),
			MetadataOnly: p.MetadataOnly, TestID: orNull(p.TestID), Endpoint: p.Endpoint,
			Name: orNull(string(p.Name)), Why: p.Why, Severity: string(p.Severity), Verdict: string(p.Verdict),
			Decision: dec.Choice, Note: dec.Note,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Format writes r for a terminal: a summary, then one line per pair in
// the order of r.Pairs (most severe first):
//
//	306 recordings: 45 modified, 261 added
//	to look at: 27 (6 high, 21 medium); 266 low, 13 none
//	4 tests multiplied their recordings, 259 of the 261 added files:
//	  1 → 75  tests/…/test_openai_responses.py::test_output_safety_guardrails_unsafe_content[…]
//	  …
//	    32  changed result
//	   260  added
//	  …
//	head names: 306 ok
//
//	high    changed result   TestStreamingWithTools::test_streaming_tool_calls[…]  tool call get_time gone; finish reason tool_calls → stop  (inference/recordings/37e10e6ac4dc….json)
//	low     added            test_output_safety_guardrails_unsafe_content[…]  test went from 1 to 75 recordings  (agents/recordings/025c36f9316f….json)
//
// The summary counts the pairs per change, per severity, the tests
// whose recordings multiplied (Multiplied) with the added files they
// explain, the pairs per verdict (most meaningful first), the head files
// per name status, the files skipped, and the five other tests whose
// recordings grew most (Grown(2)). A pair's line gives its severity, its
// verdict, its test (the test_id without its file, else its path), its
// Why and, in parentheses, its path ("BASE → HEAD" when renamed), the
// 64-digit hashes of file names cut to 12. Format returns the first
// write error.
func (r *Result) Format(w io.Writer) error { return r.format(w, nil) }

// FormatDecisions is Format with the decisions d makes on the pairs (by
// their Digest, Result.SetDigests): a line of the summary counts them
// (Tally), and each pair's line starts with its decision ("accept",
// "flag", "-" when undecided) and ends with its note, one line of
// printable text (plainNote):
//
//	decisions: of the 27 pairs to look at, 2 flagged, 20 accepted, 5 undecided (1 high); others: 3 accepted
//	…
//	flag    high    changed result   test_streaming_tool_calls[…]  tool call get_time gone  (inference/recordings/37e10e6ac4dc….json)  note: the tool call must stay
func (r *Result) FormatDecisions(w io.Writer, d Decisions) error {
	if d == nil {
		d = Decisions{}
	}
	return r.format(w, d)
}

// format is Format, with decisions when d is not nil.
func (r *Result) format(w io.Writer, d Decisions) error {
	var b strings.Builder
	b.WriteString(r.headline())
	b.WriteByte('\n')
	b.WriteString("to look at: " + r.severityLine() + "\n")
	if d != nil {
		t := r.Tally(d)
		fmt.Fprintf(&b, "decisions: of the %d pairs to look at, %d flagged, %d accepted, %d undecided", t.Flagged+t.Accepted+t.Undecided, t.Flagged, t.Accepted, t.Undecided)
		if t.UndecidedHigh > 0 {
			fmt.Fprintf(&b, " (%d high)", t.UndecidedHigh)
		}
		if t.OtherFlagged+t.OtherAccepted > 0 {
			fmt.Fprintf(&b, "; others: %d flagged, %d accepted", t.OtherFlagged, t.OtherAccepted)
		}
		if t.Stale > 0 {
			fmt.Fprintf(&b, "; %d matching no pair", t.Stale)
		}
		b.WriteByte('\n')
	}
	grown := r.Grown(2)
	if tests, added := r.Multiplied(); len(tests) > 0 {
		fmt.Fprintf(&b, "%s multiplied their recordings, %d of the %d added files:\n", plural(len(tests), "test"), added, r.count(Added))
		for _, t := range tests {
			fmt.Fprintf(&b, "  %d → %d  %s\n", t.Base, t.Head, t.TestID)
		}
		grown = slices.DeleteFunc(grown, multiplied)
	}
	for _, c := range r.Verdicts() {
		fmt.Fprintf(&b, "%6d  %s\n", c.N, c.Of)
	}
	if names := r.namesLine(); names != "" {
		b.WriteString("head names: " + names + "\n")
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, "skipped: %d files that are not recordings\n", len(r.Skipped))
	}
	if len(grown) > 0 {
		b.WriteString("tests with more recordings:\n")
		for _, t := range grown[:min(len(grown), 5)] {
			fmt.Fprintf(&b, "  %d → %d  %s\n", t.Base, t.Head, t.TestID)
		}
	}
	if len(r.Pairs) > 0 {
		b.WriteByte('\n')
	}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		dec, decided := r.decision(p, d)
		if d != nil {
			mark := "-"
			if decided {
				mark = string(dec.Choice)
			}
			fmt.Fprintf(&b, "%-6s  ", mark)
		}
		fmt.Fprintf(&b, "%-6s  %-15s  %s", p.Severity, p.Verdict, p.Title())
		if p.Why != "" {
			b.WriteString("  " + p.Why)
		}
		if p.TestID != "" {
			b.WriteString("  (" + p.ShortLabel() + ")")
		}
		if dec.Note != "" {
			b.WriteString("  note: " + cutRunes(plainNote(dec.Note), MaxNote))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// severityLine is "14 (3 high, 11 medium); 281 low, 11 none": the pairs
// to look at (ToLookAt), then the others, per severity.
func (r *Result) severityLine() string {
	look, rest := r.severityCounts()
	out := strconv.Itoa(r.ToLookAt())
	if len(look) > 0 {
		out += " (" + strings.Join(look, ", ") + ")"
	}
	if len(rest) > 0 {
		out += "; " + strings.Join(rest, ", ")
	}
	return out
}

// severityCounts is "N SEVERITY" per severity some pair has, most severe
// first: those to look at (high, medium), then the rest.
func (r *Result) severityCounts() (look, rest []string) {
	for _, c := range r.Severities() {
		s := fmt.Sprintf("%d %s", c.N, c.Of)
		if toLookAt(c.Of) {
			look = append(look, s)
		} else {
			rest = append(rest, s)
		}
	}
	return look, rest
}

// count is how many pairs have change c.
func (r *Result) count(c Change) int {
	n := 0
	for i := range r.Pairs {
		if r.Pairs[i].Change == c {
			n++
		}
	}
	return n
}

// Title is how a pair is named for people: its test (the test_id without
// its file's path: "test_x[param]"), else its path.
func (p *Pair) Title() string {
	if p.TestID != "" {
		return ShortTest(p.TestID)
	}
	return p.ShortLabel()
}

// ShortLabel is Label with the 64-digit hashes of file names cut to
// their first 12 digits ("a/0f5443c07d15….json").
func (p *Pair) ShortLabel() string {
	switch {
	case p.Base == "":
		return short(p.Head)
	case p.Head == "" || p.Head == p.Base:
		return short(p.Base)
	}
	return short(p.Base) + " → " + short(p.Head)
}

// headline is the summary's first line: "N recordings: 3 renamed, 2 added".
func (r *Result) headline() string {
	var parts []string
	for _, c := range r.Changes() {
		parts = append(parts, fmt.Sprintf("%d %s", c.N, c.Of))
	}
	s := fmt.Sprintf("%d recordings", len(r.Pairs))
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// Label is the pair's path for people: the head's, the base's, or
// "BASE → HEAD" when both are there and differ.
func (p *Pair) Label() string {
	switch {
	case p.Base == "":
		return p.Head
	case p.Head == "" || p.Head == p.Base:
		return p.Base
	}
	return p.Base + " → " + p.Head
}
