package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// folderIndex is the index of many files: one row per file, filled in as
// the files are read (indexFiles).
type folderIndex struct {
	files []browser.File
	// rows are the files read so far, in order: one per file, or, for
	// another recorder's cassette, one per interaction.
	rows []indexRow
	// skipped are the files read that are not recordings (nor cassettes),
	// by reqhash.Skip's rule, in order: listed above the table with why,
	// never among its rows.
	skipped []skippedFile
	// listing is what is being listed ("the dropped folder") while the
	// folder's files are not known yet: the index is drawn then, its
	// rows to come; "" once they are known.
	listing string
	read    int // how many files are read
	version int // bumped on every change, so the index renders again
	started time.Time
	took    time.Duration // how long reading all took, once done
	// reused is how many of the files read were unchanged since the
	// last index and not read again (indexCache).
	reused int
	view   indexView // the index component's view, kept while it is not shown

	tests  []browser.File    // the folder's Python test files, for the replay report
	worker *pageWorker       // the worker of the folder (its replay report and lookups)
	report pageworker.Answer // the replay report panel (replayPanel), no HTML until it comes
	// recordingDir is the recorder\'s base folder the replay report and
	// lookups assume (the panel\'s input), "" for the default.
	recordingDir string
	notFound     string          // the panel of the last replay error pasted, "" for none
	pending      []pendingLookup // the replay errors pasted before the folder was read
}

// indexView is how the index is shown: its filter, facets, order and
// ticks. The index component keeps it while mounted, and the folderIndex
// while it is not, so that coming back to the index finds it as it was.
type indexView struct {
	filter string
	family string // facet: a family, "" for all
	hash   string // facet: a hash status, "" for all
	result string // facet: "ok" or "error" (the recording holds a failure), "" for all
	sortBy string // a column key, "" for file order
	desc   bool
	picked []int // rows ticked for comparison, at most two
}

// hasRecordings reports whether the rows read hold a file of ogx's (a
// recording, or a broken one), which replay's report is about; a folder
// of cassettes alone has none, nor one of files that are not recordings
// (listed apart, skipped).
func (ix *folderIndex) hasRecordings() bool {
	return slices.ContainsFunc(ix.rows, func(r indexRow) bool { return r.k == 0 })
}

// skippedFile is a file of the index that is not a recording: its path,
// and why (skipWhy).
type skippedFile struct{ path, why string }

// done reports whether every file is read.
func (ix *folderIndex) done() bool { return ix.listing == "" && ix.read == len(ix.files) }

// indexRow is what the index shows of one file, or of one interaction
// of a cassette.
type indexRow struct {
	file int // the file's index in folderIndex.files
	// k is the interaction of a cassette the row is, from 1 (path is
	// then "PATH#K"); 0 for a file.
	k         int
	secret    string // what looks like a credential the interaction records, "" for none
	path      string
	testID    string
	family    recordings.Family
	endpoint  string // the call, "POST /v1/files": its method and its URL's path
	model     string
	streaming bool
	chunks    int
	hash      string // ok, mismatch, unknown, or "error" when it is not a recording
	failed    int    // the status of the failure it records (Recording.Failure), 0 for none or none given
	result    string // "ok", or "error" when it records a failure; "" when it is not a recording
	scheme    string
	err       string // why the file is not a recording
	dup       string // the first key repeated in one object, described (recordings.DuplicateKey), "" for none
	hay       string // the row's text, lower case, for the filter

	// skip says why the file is not a recording when it is listed apart
	// rather than as a row (skipWhy), "" for a row.
	skip string
}

// summarize parses a file with p and keeps what the index shows of it,
// all strings that outlive p's next Parse; the parsed recording itself is
// dropped (a whole folder does not stay in memory: a row reads its file
// again when opened). A file that could not be read (err) or parsed is a
// row with hash "error" and the reason; one that parsed as no recording
// where recordings are not kept (reqhash.Skip) says so in skip too, to be
// listed apart. It appends to items what the
// replay report needs of the file (pageworker.AppendItem), so that the
// worker does not parse the file again.
func summarize(p *recordings.Parser, f browser.File, data []byte, err error, items []byte) (indexRow, []byte) {
	row := indexRow{path: f.Path}
	var rec *recordings.Recording
	if err == nil {
		if rec, err = p.Parse(f.Name, data); err != nil {
			row.skip = skipWhy(f.Path, err)
		}
	}
	if err != nil {
		row.hash, row.err = "error", errorText(err)
		row.hay = strings.ToLower(row.path + "\x00error\x00" + row.err)
		it := pageworker.Item{Path: f.Path, Size: f.Size, NotRecording: true}
		return row, pageworker.AppendItem(items, &it)
	}
	row.testID, row.family, row.model = rec.TestID, rec.Family, rec.Model
	row.endpoint = callOf(rec.Method, rec.Endpoint)
	row.streaming, row.chunks = rec.Streaming, len(rec.Chunks)
	row.result = "ok"
	if e := rec.Failure(); e != nil {
		row.failed, row.result = e.Status, "error"
	}
	h := reqhash.Verify(f.Name, rec.Doc)
	row.hash, row.scheme = h.Status.String(), h.Scheme
	if len(rec.Duplicates) > 0 {
		row.dup = rec.Duplicates[0].String()
	}
	row.hay = strings.ToLower(strings.Join([]string{row.path, row.testID, string(row.family), row.family.Title(), row.endpoint, row.model, row.hash, row.scheme, row.dup}, "\x00"))
	if row.result == "error" {
		row.hay += "\x00error"
	}
	it := pageworker.ItemOf(f.Path, len(data), rec, &h)
	return row, pageworker.AppendItem(items, &it)
}

// callOf is a call as the index names it (indexRow.endpoint): its method
// and its URI's path, without the scheme, host and query ("POST
// /v1/files"); uri may be a path already (a recording's Endpoint).
func callOf(method, uri string) string {
	if _, rest, ok := strings.Cut(uri, "://"); ok {
		uri = "/"
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			uri = rest[i:]
		}
	}
	uri, _, _ = strings.Cut(uri, "?")
	return strings.TrimSpace(method + " " + uri)
}

// skipWhy says why a file at path p that Parse refused with err is not a
// recording, "" when it is a broken one (reqhash.Skip, the rule `recview
// review` skips files by): the reason and what Parse said, without the
// file's name ("not a recording: no "request" and "response" keys", "not
// JSON: line 2, column 3: invalid character '/' …").
func skipWhy(p string, err error) string {
	reason := reqhash.Skip(p, err)
	if reason == "" {
		return ""
	}
	detail := err.Error()
	var pe *recordings.ParseError
	if errors.As(err, &pe) {
		detail = strings.TrimPrefix(pe.Err.Error(), "recordings: ")
		detail = strings.TrimPrefix(strings.TrimPrefix(detail, reason+": "), "invalid JSON: ")
		if pe.Path != "" {
			detail = pe.Path + ": " + detail
		}
		if pe.Line > 0 {
			detail = fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Col, detail)
		}
	}
	return reason + ": " + detail
}
