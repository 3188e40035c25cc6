package review

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
// them; "" when the pair has one side only or a side is unreadable.
type RequestStatus string

// The request statuses.
const (
	// RequestSame: what the recorder hashes (method, endpoint path,
	// normalized body; the test_id aside) is the same.
	RequestSame RequestStatus = "same"
	// RequestChanged: the hashed request differs; Pair.RequestPaths says
	// where.
	RequestChanged RequestStatus = "changed"
)

// ResultStatus compares the assembled responses of a pair; "" when the
// pair has one side only or a side is unreadable.
type ResultStatus string

// The result statuses.
const (
	// ResultSame: the assembled responses mean the same (diff.Compare),
	// usage counters and ids aside, and the streams were cut the same way.
	ResultSame ResultStatus = "same"
	// ResultChunking: the same result, streamed in other chunks.
	ResultChunking ResultStatus = "chunking"
	// ResultChanged: the responses differ in meaning: text, tool calls,
	// finish reason, an error, or any other compared field.
	ResultChanged ResultStatus = "changed"
	// ResultEnvironment: the responses differ, but the endpoint's answer
	// describes the machine that recorded it, not a model: Ollama's
	// /api/ps, /api/tags and /api/pull, and model lists (/v1/models).
	ResultEnvironment ResultStatus = "environment"
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
	// rename): the request is the same byte for byte as parsed, the result
	// the same with the same chunking and usage, the test_id the same.
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
	// Why says in one line what changed and why (the name, the request,
	// the result, usage, the test's count); "" when there is nothing to
	// add to the Verdict.
	Why string

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

	facts *facts // for Why
}

// Verdict is the one-word sum of a Pair, for the summary and its order.
type Verdict string

// The verdicts, most meaningful first (the order of Verdicts).
const (
	// VerdictUnreadable: a side looks like a recording but does not parse.
	VerdictUnreadable Verdict = "unreadable"
	// VerdictChanged: the result changed (ResultChanged).
	VerdictChanged Verdict = "changed result"
	// VerdictRequest: the hashed request changed, the result did not.
	VerdictRequest Verdict = "changed request"
	// VerdictAdded: a new recording (not an environment one).
	VerdictAdded Verdict = "added"
	// VerdictDeleted: a recording gone (not an environment one).
	VerdictDeleted Verdict = "deleted"
	// VerdictChunking: the same result, cut in other chunks.
	VerdictChunking Verdict = "same result, different chunking"
	// VerdictSame: the same request and result, with other differences:
	// usage counters, a test_id, parts of the request the hash ignores.
	VerdictSame Verdict = "same result"
	// VerdictEnvironment: a recording of an endpoint that describes the
	// machine (see ResultEnvironment) changed, came or went.
	VerdictEnvironment Verdict = "environment"
	// VerdictMetadata: only ids, timestamps or type names differ.
	VerdictMetadata Verdict = "metadata only"
	// VerdictUnchanged: identical content (moved or not).
	VerdictUnchanged Verdict = "unchanged"
)

// Verdicts lists every verdict, most meaningful first.
func Verdicts() []Verdict {
	return []Verdict{VerdictUnreadable, VerdictChanged, VerdictRequest, VerdictAdded, VerdictDeleted,
		VerdictChunking, VerdictSame, VerdictEnvironment, VerdictMetadata, VerdictUnchanged}
}

// Meaningful reports whether a reviewer has to look at pairs of verdict v:
// unreadable files, changed results and requests, added and deleted
// recordings.
func (v Verdict) Meaningful() bool { return v.rank() <= VerdictDeleted.rank() }

// rank is v's place in Verdicts.
func (v Verdict) rank() int {
	for i, w := range Verdicts() {
		if w == v {
			return i
		}
	}
	return len(Verdicts())
}
