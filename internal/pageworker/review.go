// The review's messages: how far the worker is (Status), then the review
// of the change set (Report): one Row per pair, in the order of
// review.Result.Pairs, and the counts of the summary.

package pageworker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// Report is a reviewed change set.
type Report struct {
	// Rows holds one Row per pair, sorted by verdict (most meaningful
	// first), then path, as review.Result.Pairs.
	Rows []Row `json:"rows,omitempty"`
	// Verdicts counts the rows per verdict, most meaningful first,
	// leaving out verdicts no row has (review.Result.Verdicts).
	Verdicts []Count `json:"verdicts"`
	// Changes counts the rows per change: renamed, modified, added,
	// deleted, unchanged (review.Result.Changes).
	Changes []Count `json:"changes"`
	// Severities counts the rows per severity, most severe first
	// (review.Result.Severities); Names the head files per name status:
	// ok, stale, mismatch, unknown (review.Result.Names). Both leave out
	// what no row has.
	Severities []Count `json:"severities"`
	Names      []Count `json:"names"`
	// ToLookAt is how many rows a reviewer reads first: those of high or
	// medium severity (review.Result.ToLookAt).
	ToLookAt int `json:"to_look_at"`
	// Skipped is how many files were not recordings.
	Skipped int `json:"skipped"`
	// Multiplied lists the tests whose recordings multiplied, most grown
	// first, and MultipliedAdded the added files they explain
	// (review.Result.Multiplied): the first thing the summary says.
	Multiplied      []TestCount `json:"multiplied,omitempty"`
	MultipliedAdded int         `json:"multiplied_added,omitempty"`
	// Grown lists the other tests with more recordings in head than in
	// base (and two or more), most grown first, new tests among them
	// (review.Result.Grown(2) less Multiplied), as `recview review`
	// lists them.
	Grown []TestCount `json:"grown,omitempty"`
	// Files are the recordings the worker fetched for a GitHub review,
	// whose ArrayBuffers are the message's files in the same order: the
	// page opens pairs from them. None for two folders: the page has
	// their File objects.
	Files []FileRef `json:"files,omitempty"`
}

// TestCount is how many recordings one test has in the base and in the
// head (review.TestCount).
type TestCount struct {
	TestID     string `json:"test_id"`
	Base, Head int
}

// Count is how many rows have one verdict or change.
type Count struct {
	Of string `json:"of"`
	N  int    `json:"n"`
}

// Row is one pair. The first twelve fields are those of `recview review
// --json` (review.Result.WriteJSON), with "" for its nulls; Meaningful
// and Err are the rest of review.Pair the page shows, Digest the pair's
// content.
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
	Severity     string `json:"severity"`
	Verdict      string `json:"verdict"`
	// Meaningful is review.Pair.Meaningful: a reviewer has to look (its
	// severity is not none).
	Meaningful bool   `json:"meaningful"`
	Err        string `json:"err"`
	// Digest names the pair's content (review.Pair.Digest): the first 32
	// hex digits of the SHA-256 of its base file's SHA-256 and its head
	// file's (32 zero bytes for a side it lacks; a cassette's interaction
	// PATH#K stands for SHA-256(the cassette's SHA-256 || "#K")). Every
	// review's rows have one, GitHub's and two folders'; "" only for a
	// pair one of whose files the worker could not hash. The page keys a
	// two-folder review's viewed marks by it, which no path or commit
	// names, and every review's decisions (WriteComment): a pair whose
	// files did not change keeps its decision after a new push.
	Digest string `json:"digest,omitempty"`
}

// Path is the path the pair is known by in links (file=): its head's,
// else its base's.
func (r *Row) Path() string {
	if r.Head != "" {
		return r.Head
	}
	return r.Base
}

// Status is how far the worker is; each message holds all of it.
type Status struct {
	// Phase says what the worker does ("Listing the changed files",
	// "Comparing"), "" once done; Done of Total are done.
	Phase       string `json:"phase"`
	Done, Total int
	// Rate is the GitHub API requests left, as the last answer said
	// ("57 of 60 GitHub API requests left"), "" when not known.
	Rate string `json:"rate"`
	// Title is the pull request's title; HeadSHA the head commit of a
	// pull request or comparison, "" for two folders.
	Title   string `json:"title"`
	HeadSHA string `json:"head_sha"`
	// Notes are the files not reviewed and why (a download refused, a
	// pull request longer than GitHub lists).
	Notes []string `json:"notes"`
	// Failed says why the review could not be made, "" while it can.
	Failed string `json:"failed"`
}

// EncodeReport writes a report as lines: the report without its rows,
// then one row per line (JSON holds no raw newline), so that the page can
// read the rows a few at a time (DecodeReport).
func EncodeReport(r *Report) ([]byte, error) {
	rep := *r
	rows := rep.Rows
	rep.Rows = nil
	out, err := json.Marshal(&rep)
	for i := range rows {
		out = appendRow(append(out, '\n'), &rows[i])
	}
	return out, err
}

// rowStrings are r's string fields by their JSON names, in the order
// appendRow writes them: the one list of them the encoder and the
// decoder (decodeRow) both go by. Digest is written only when set
// (omitempty).
func rowStrings(r *Row) [13]struct {
	key string
	v   *string
} {
	return [...]struct {
		key string
		v   *string
	}{{"base", &r.Base}, {"head", &r.Head}, {"change", &r.Change}, {"request", &r.Request}, {"result", &r.Result},
		{"test_id", &r.TestID}, {"endpoint", &r.Endpoint}, {"name", &r.Name}, {"why", &r.Why}, {"severity", &r.Severity},
		{"verdict", &r.Verdict}, {"err", &r.Err}, {"digest", &r.Digest}}
}

// rowBools are r's boolean fields by their JSON names, in the order
// appendRow writes them.
func rowBools(r *Row) [2]struct {
	key string
	v   *bool
} {
	return [...]struct {
		key string
		v   *bool
	}{{"metadata_only", &r.MetadataOnly}, {"meaningful", &r.Meaningful}}
}

// appendRow appends r as one line of JSON, its fields by their JSON
// names (as encoding/json writes them, by hand: its reflection cost the
// worker more than the review's report is worth).
func appendRow(b []byte, r *Row) []byte {
	sep := byte('{')
	for _, f := range rowStrings(r) {
		if f.key == "digest" && *f.v == "" {
			continue
		}
		b = append(append(append(append(b, sep, '"'), f.key...), '"'), ':')
		b = jsonx.AppendQuote(b, []byte(*f.v))
		sep = ','
	}
	for _, f := range rowBools(r) {
		b = append(append(append(b, ',', '"'), f.key...), '"', ':')
		b = strconv.AppendBool(b, *f.v)
	}
	return append(b, '}')
}

// DecodeReport reads EncodeReport's lines, calling pause after each row.
// The error says which line is not what EncodeReport writes. The rows are
// read with fastjson, field by field (decodeRow): encoding/json's
// reflection took several times as long in the page, for a report of
// hundreds of rows read while the page waits for its table.
func DecodeReport(data []byte, pause func()) (*Report, error) {
	rep := &Report{}
	var p fastjson.Parser
	for i, line := range bytes.Split(data, []byte("\n")) {
		var err error
		if i == 0 {
			err = json.Unmarshal(line, rep)
		} else {
			rep.Rows = append(rep.Rows, Row{})
			err = decodeRow(&p, line, &rep.Rows[len(rep.Rows)-1])
			pause()
		}
		if err != nil {
			return nil, fmt.Errorf("the worker's report, line %d: %v", i+1, err)
		}
	}
	return rep, nil
}

// decodeRow reads one row as encoding/json would into r: its fields by
// their JSON names, null or absent as the zero value, unknown ones
// ignored; a field of another type is an error naming it.
func decodeRow(p *fastjson.Parser, line []byte, r *Row) error {
	v, err := p.ParseBytes(line)
	if err != nil {
		return err
	}
	o, err := v.Object()
	if err != nil {
		return err
	}
	for _, f := range rowStrings(r) {
		x := o.Get(f.key)
		switch {
		case x == nil || x.Type() == fastjson.TypeNull:
		case x.Type() == fastjson.TypeString:
			*f.v = string(x.GetStringBytes())
		default:
			return fmt.Errorf("the row's %q is %s, not a string", f.key, x.Type())
		}
	}
	for _, f := range rowBools(r) {
		x := o.Get(f.key)
		switch {
		case x == nil || x.Type() == fastjson.TypeNull:
		case x.Type() == fastjson.TypeTrue || x.Type() == fastjson.TypeFalse:
			*f.v = x.Type() == fastjson.TypeTrue
		default:
			return fmt.Errorf("the row's %q is %s, not a boolean", f.key, x.Type())
		}
	}
	return nil
}
