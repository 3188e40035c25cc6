package review

import "github.com/recview/recview/recordings/diff"

// Change says how a recording changed from the base tree to the head tree.
type Change string

// The changes, as `recview review --json` writes them.
const (
	// Added: only in head; no deleted recording is its twin.
	Added Change = "added"
	// Deleted: only in base; no added recording is its twin.
	Deleted Change = "deleted"
	// Modified: the same path on both sides, different content.
	Modified Change = "modified"
	// Renamed: a deleted path and an added path holding the same
	// recording: identical content, or the same test and endpoint with
	// the same or nearly the same request (see the package doc).
	Renamed Change = "renamed"
	// Unchanged: the same path on both sides, identical content.
	Unchanged Change = "unchanged"
)

// RequestStatus compares the requests of a pair as the recorder hashes
// them (diff.RequestStatus); "" when the pair has one side only or a side
// is unreadable.
type RequestStatus = diff.RequestStatus

// The request statuses.
const (
	RequestSame    = diff.RequestSame
	RequestChanged = diff.RequestChanged
)

// ResultStatus compares the assembled responses of a pair
// (diff.ResultStatus); "" when the pair has one side only or a side is
// unreadable.
type ResultStatus = diff.ResultStatus

// The result statuses.
const (
	ResultSame        = diff.ResultSame
	ResultChunking    = diff.ResultChunking
	ResultChanged     = diff.ResultChanged
	ResultEnvironment = diff.ResultEnvironment
)

// NameStatus is the head file's name checked against its request, as
// reqhash.Verify (and `recview verify`) checks it today; "" when
// the pair has no readable head file.
type NameStatus string

// The name statuses.
const (
	NameOK       NameStatus = "ok"       // today's recorder computes the name's hash: replay finds the file
	NameStale    NameStatus = "stale"    // an older scheme of the recorder does: replay looks for another name
	NameMismatch NameStatus = "mismatch" // no scheme does: replay will not find the file
	NameUnknown  NameStatus = "unknown"  // no hash in the name, or no scheme for the request
	// NameNotReplayed: the recorder never looks the file up, whatever its
	// name (file processors: reqhash.NotReplayed).
	NameNotReplayed NameStatus = "not-replayed"
)

// Pair is one recording of the change set: a base file, a head file, or
// both.
type Pair struct {
	// Base and Head are the paths of the two files relative to their
	// tree's root; "" for the side a recording is absent from.
	Base, Head string
	Change     Change
	Request    RequestStatus
	Result     ResultStatus
	// MetadataOnly is true when the two files differ, but only in ids,
	// timestamps and "__type__" module names (the llama_stack -> ogx
	// rename): the request is the same as parsed, the result the same
	// with the same chunking and usage, the test_id the same.
	MetadataOnly bool
	// TestID is the head recording's test_id, else the base one's; ""
	// when neither has one.
	TestID string
	// Endpoint is the head recording's endpoint path ("/v1/chat/completions"),
	// else the base one's; "provider.tool_name" for tool invocations.
	Endpoint string
	// Name is the head file's name status; "" without a readable head.
	Name NameStatus
	// Verdict sums the pair up; see Verdict.
	Verdict Verdict
	// Severity says how much the pair matters; see Severity.
	Severity Severity
	// Why says in one line of about diff.MaxWhy bytes what changed, most
	// severe first, each thing once: the result, the request, the test's
	// count, the name; "" when there is nothing to add to the Verdict.
	// Findings holds all of it.
	Why string
	// Findings are what Why is made of, most severe first: those of
	// diff.Compare for two readable recordings, and the review's own (the
	// rename, the test's count, the head name, why a file is unreadable).
	Findings []diff.Finding

	// Rename says why the name changed, for renamed pairs: "test_id
	// entered the hash (v0-no-test_id-raw-body → current)" (the 2025
	// scheme to one that hashes the test_id), "the hash scheme changed
	// (A → B)", "hashed request changed: body.messages[0].content",
	// "test_id changed", "the model list's digest changed", "identical
	// content, moved from DIR/"; "" for other pairs.
	Rename string
	// RequestPaths are the JSON paths into the request objects that differ
	// and that the recorder hashes ("body.messages[1].content"), as
	// diff.Compare names them.
	RequestPaths []string
	// Unhashed are the differing parts of the requests that the recorder
	// does not hash: "url host", "headers", "endpoint", "model", or a
	// JSON path that the hash's normalization hides.
	Unhashed []string
	// Tests is how many recordings the pair's TestID has in each tree
	// (zeros when TestID is "").
	Tests TestCount
	// Err says why a side could not be read, for VerdictUnreadable; "".
	Err string
	// Digest names the pair's content, its two files' (PairDigest, and
	// the package's rule for a cassette's interaction): "" until
	// Result.SetDigests sets it. Decisions are keyed by it.
	Digest string

	// cassette marks a pair of cassette interactions (Base and Head are
	// "PATH#K" paths) or of a cassette that does not read.
	cassette bool
}

// Verdict is the one-line sum of a Pair (diff.Verdict): for a pair of
// two readable recordings, the verdict of diff.Compare on them, so that
// the review, `recview diff` and the viewer's comparison never disagree;
// added, deleted and unreadable for the others.
type Verdict = diff.Verdict

// The verdicts, most meaningful first (the order of Verdicts).
const (
	VerdictUnreadable  = diff.VerdictUnreadable
	VerdictChanged     = diff.VerdictChanged
	VerdictRequest     = diff.VerdictRequest
	VerdictAdded       = diff.VerdictAdded
	VerdictDeleted     = diff.VerdictDeleted
	VerdictChunking    = diff.VerdictChunking
	VerdictSame        = diff.VerdictSame
	VerdictEnvironment = diff.VerdictEnvironment
	VerdictMetadata    = diff.VerdictMetadata
	VerdictUnchanged   = diff.VerdictUnchanged
)

// Verdicts lists every verdict, most meaningful first.
func Verdicts() []Verdict { return diff.Verdicts() }

// Severity says how much a reviewer needs to see a pair (diff.Severity):
// for a pair of two readable recordings, that of diff.Compare on them;
// high for an unreadable file, low for a recording added or deleted, none
// for an environment one or identical content.
type Severity = diff.Severity

// The severities, most severe first (the order of Severities).
const (
	SeverityHigh   = diff.SeverityHigh
	SeverityMedium = diff.SeverityMedium
	SeverityLow    = diff.SeverityLow
	SeverityNone   = diff.SeverityNone
)

// Severities lists every severity, most severe first.
func Severities() []Severity { return diff.Severities() }

// Meaningful reports whether a reviewer has to look at p at all: its
// severity is not none.
func (p *Pair) Meaningful() bool { return p.Severity != SeverityNone }

// ToLookAt reports whether p is among the pairs a reviewer reads first:
// its severity is high or medium.
func (p *Pair) ToLookAt() bool { return toLookAt(p.Severity) }

// toLookAt reports the severities a reviewer reads first: high, medium.
func toLookAt(s Severity) bool { return s == SeverityHigh || s == SeverityMedium }
