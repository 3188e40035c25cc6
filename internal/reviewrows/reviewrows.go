// Package reviewrows is the review of a change set as the review worker
// (wasm/reviewworker, which runs recordings/review off the page's
// thread) sends it to the page: one Row per pair, in the order of
// review.Result.Pairs, and the counts of the summary. It holds no review
// code, so that the page's app.wasm does not link the review core: the
// page decodes a Report (Decode) and shows it.
package reviewrows

import (
	"encoding/json"
	"fmt"
)

// Report is a reviewed change set.
type Report struct {
	// Rows holds one Row per pair, sorted by verdict (most meaningful
	// first), then path, as review.Result.Pairs.
	Rows []Row `json:"rows"`
	// Verdicts counts the rows per verdict, most meaningful first,
	// leaving out verdicts no row has (review.Result.Verdicts).
	Verdicts []Count `json:"verdicts"`
	// Changes counts the rows per change: renamed, modified, added,
	// deleted, unchanged (review.Result.Changes).
	Changes []Count `json:"changes"`
	// Skipped is how many files were not recordings.
	Skipped int `json:"skipped"`
}

// Count is how many rows have one verdict or change.
type Count struct {
	Of string `json:"of"`
	N  int    `json:"n"`
}

// Row is one pair. The first ten fields are those of `recview review
// --json` (review.Result.WriteJSON), with "" for its nulls; Verdict,
// Meaningful, Rename and Err are the rest of review.Pair the page shows.
type Row struct {
	Base         string `json:"base"`
	Head         string `json:"head"`
	Change       string `json:"change"`
	Request      string `json:"request"`
	Result       string `json:"result"`
	MetadataOnly bool   `json:"metadata_only"`
	TestID       string `json:"test_id"`
	Endpoint     string `json:"endpoint"`
	Name         string `json:"name"`
	Why          string `json:"why"`
	Verdict      string `json:"verdict"`
	// Meaningful is review.Verdict.Meaningful: a reviewer has to look.
	Meaningful bool   `json:"meaningful"`
	Err        string `json:"err"`
}

// Path is the path the pair is known by in links (file=): its head's,
// else its base's.
func (r *Row) Path() string {
	if r.Head != "" {
		return r.Head
	}
	return r.Base
}

// Decode reads a Report. The error says it is not one.
func Decode(data []byte) (*Report, error) {
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("the review worker's report is not JSON: %v", err)
	}
	return &rep, nil
}
