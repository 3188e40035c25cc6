package review

import (
	"encoding/json"
	"fmt"
	"io"
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
	return countBy(r, []NameStatus{NameOK, NameStale, NameMismatch, NameUnknown}, func(p *Pair) NameStatus { return p.Name })
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
// and at least min in head, most grown first (see Result.Tests): the
// flaky-hash pattern, where each run records the same call under a new
// name.
func (r *Result) Grown(min int) []TestCount {
	var out []TestCount
	for _, t := range r.Tests {
		if t.Head > t.Base && t.Head >= min {
			out = append(out, t)
		}
	}
	return out
}

// Meaningful counts the pairs a reviewer has to look at: those whose
// verdict is meaningful (Verdict.Meaningful).
func (r *Result) Meaningful() int {
	n := 0
	for i := range r.Pairs {
		if r.Pairs[i].Verdict.Meaningful() {
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
// when ""), "why". It returns the first write error.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range r.Pairs {
		p := &r.Pairs[i]
		err := enc.Encode(jsonPair{
			Base: orNull(p.Base), Head: orNull(p.Head), Change: p.Change,
			Request: orNull(string(p.Request)), Result: orNull(string(p.Result)),
			MetadataOnly: p.MetadataOnly, TestID: orNull(p.TestID), Endpoint: p.Endpoint,
			Name: orNull(string(p.Name)), Why: p.Why,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Format writes r for a terminal: a summary, then one line per pair in
// the order of r.Pairs:
//
//	421 recordings: 115 renamed, 240 added, 66 deleted
//	    12  changed result
//	   240  added
//	head names: 355 ok
//	tests with more recordings: tests/x.py::test_y 3 → 19
//
//	changed result  modified  tests/…/a.json  text: -3 +5 words
//	same result     renamed   tests/…/b.json → tests/…/c.json  renamed: …
//
// The summary counts the pairs per change, per verdict (most meaningful
// first), the head files per name status, the files skipped, and lists
// the five tests whose recordings grew most (Grown(2)). A pair's line
// gives its verdict, change, path ("BASE → HEAD" when the paths differ)
// and Why. Format returns the first write error.
func (r *Result) Format(w io.Writer) error {
	var b strings.Builder
	b.WriteString(r.headline())
	b.WriteByte('\n')
	for _, c := range r.Verdicts() {
		fmt.Fprintf(&b, "%6d  %s\n", c.N, c.Of)
	}
	if names := r.namesLine(); names != "" {
		b.WriteString("head names: " + names + "\n")
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, "skipped: %d files that are not recordings\n", len(r.Skipped))
	}
	if g := r.Grown(2); len(g) > 0 {
		b.WriteString("tests with more recordings:\n")
		for _, t := range g[:min(len(g), 5)] {
			fmt.Fprintf(&b, "  %d → %d  %s\n", t.Base, t.Head, t.TestID)
		}
	}
	if len(r.Pairs) > 0 {
		b.WriteByte('\n')
	}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		fmt.Fprintf(&b, "%-15s %-9s %s", p.Verdict, p.Change, p.Label())
		if p.Why != "" {
			b.WriteString("  " + p.Why)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
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
