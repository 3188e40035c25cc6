package diff

// Verdict is the one-line sum of a comparison, the words every view of it
// shows: `recview diff`, `recview review`, the review page's table and
// pair header, the viewer's comparison badge. Compare gives the verdicts
// of two recordings (changed result, changed request, different chunking,
// same result, environment, metadata only, unchanged); a change set's
// review adds those of a recording on one side only (added, deleted) or
// that does not parse (unreadable).
type Verdict string

// The verdicts, most meaningful first (the order of Verdicts).
const (
	// VerdictUnreadable: a side looks like a recording but does not parse
	// (a change set's review only).
	VerdictUnreadable Verdict = "unreadable"
	// VerdictChanged: the result changed (ResultChanged).
	VerdictChanged Verdict = "changed result"
	// VerdictRequest: the hashed request changed in a field that is not
	// an id carried from a recorded answer; the result did not.
	VerdictRequest Verdict = "changed request"
	// VerdictAdded: a new recording, not an environment one (a change
	// set's review only).
	VerdictAdded Verdict = "added"
	// VerdictDeleted: a recording gone, not an environment one (a change
	// set's review only).
	VerdictDeleted Verdict = "deleted"
	// VerdictChunking: the same result, cut in other chunks.
	VerdictChunking Verdict = "same result, different chunking"
	// VerdictSame: the same request and result, with other differences:
	// usage counters, a test_id, parts of the request the hash ignores,
	// ids carried from a recorded answer, text spelled differently.
	VerdictSame Verdict = "same result"
	// VerdictEnvironment: the answer of an endpoint that describes the
	// machine (ResultEnvironment) changed, came or went.
	VerdictEnvironment Verdict = "environment"
	// VerdictMetadata: only ids, timestamps or "__type__" module names
	// differ.
	VerdictMetadata Verdict = "metadata only"
	// VerdictUnchanged: the two files hold the same JSON document.
	VerdictUnchanged Verdict = "unchanged"
)

// verdicts is every verdict, most meaningful first.
var verdicts = [...]Verdict{VerdictUnreadable, VerdictChanged, VerdictRequest, VerdictAdded, VerdictDeleted,
	VerdictChunking, VerdictSame, VerdictEnvironment, VerdictMetadata, VerdictUnchanged}

// Verdicts lists every verdict, most meaningful first.
func Verdicts() []Verdict { return append([]Verdict(nil), verdicts[:]...) }

// Rank is v's place in Verdicts, len(Verdicts()) for a verdict not in it.
func (v Verdict) Rank() int {
	for i, w := range verdicts {
		if w == v {
			return i
		}
	}
	return len(verdicts)
}

// Severity says how much a reviewer needs to see a difference: the
// order every list of comparisons is read in. docs/review.md gives the
// rules with a real example each.
type Severity string

// The severities, most severe first (the order of Severities).
const (
	// SeverityHigh: what a test sees changed in kind. A tool call
	// appeared, went, changed name or arguments (as parsed JSON); the
	// finish reason changed; an error appeared, went or changed; the
	// response changed shape (streamed or not, another API family, another
	// number of choices); an embedding changed dimension or meaning; the
	// answer states something else (another name or number, yes and no,
	// a refusal, another one-word answer, another figure with a unit); the
	// request asks another question, or its content changed in a field
	// that is not an id, nor the recorded endpoint alone, nor a parameter
	// added or dropped at the API's default.
	SeverityHigh Severity = "high"
	// SeverityMedium: the answer was reworded substantively (more than a
	// few words), or another part of the response changed.
	SeverityMedium Severity = "medium"
	// SeverityLow: a few words or punctuation changed; text or arguments
	// equal as parsed JSON but spelled differently, or equal but for white
	// space; the request differs only in ids carried from a recorded
	// answer (tool_call_id, call ids), in where the call was recorded
	// (the URL's path, the body the same), or in parameters added or
	// dropped at the API's default (apiDefaults); a recording was added
	// or deleted.
	SeverityLow Severity = "low"
	// SeverityNone: nothing a test sees: ids, timestamps, created,
	// system_fingerprint, "__type__" module names, usage counters, the
	// stream's chunking, environment endpoints, embeddings that moved by
	// float noise, parts of the request the hash ignores.
	SeverityNone Severity = "none"
)

// severities is every severity, most severe first.
var severities = [...]Severity{SeverityHigh, SeverityMedium, SeverityLow, SeverityNone}

// Severities lists every severity, most severe first.
func Severities() []Severity { return append([]Severity(nil), severities[:]...) }

// Rank is s's place in Severities (0 for high), len(Severities()) for a
// severity not in it.
func (s Severity) Rank() int {
	for i, w := range severities {
		if w == s {
			return i
		}
	}
	return len(severities)
}

// Max returns the more severe of s and t.
func (s Severity) Max(t Severity) Severity {
	if t.Rank() < s.Rank() {
		return t
	}
	return s
}

// RequestStatus compares the requests of two recordings as the recorder
// hashes them.
type RequestStatus string

// The request statuses.
const (
	// RequestSame: what the recorder hashes (method, endpoint path,
	// normalized body; the test_id aside) is the same.
	RequestSame RequestStatus = "same"
	// RequestChanged: the hashed request differs, ids carried from a
	// recorded answer included; Judgement.RequestPaths says where.
	RequestChanged RequestStatus = "changed"
)

// ResultStatus compares the assembled responses of two recordings.
type ResultStatus string

// The result statuses.
const (
	// ResultSame: the assembled responses mean the same: usage counters,
	// ids, timestamps, white space, the spelling of equal JSON and the
	// float noise of embeddings aside; and the streams were cut the same
	// way.
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

// Finding is one thing a comparison found, for people: "tool call
// get_weather gone", "finish reason tool_calls → stop", "text: -3 +5
// words", "usage moved (completion_tokens 18 → 14)".
type Finding struct {
	Severity Severity
	// Concern is what the finding is about, which orders findings, and
	// pairs, of the same severity.
	Concern Concern `json:",omitempty"`
	// Text is short (most are under 60 bytes) and plain: no Markdown.
	Text string
}

// Concern says what a finding is about. Within a severity, findings and
// the pairs of a review are read in the order of the concerns, what a
// reviewer must look at first: what a test acts on, then what the
// answer states, then what was asked, then how the answer is worded,
// then the rest (docs/review.md, "Must-see first", gives each rule's
// reason). The zero Concern is ConcernOther.
type Concern string

// The concerns, most pressing first (the order of Rank).
const (
	// ConcernSecret: a live credential recorded (a cassette's request
	// header): it must not be merged at all.
	ConcernSecret Concern = "secret"
	// ConcernCall: what the code under test acts on: a tool call gone,
	// added, renamed, or with other or invalid arguments; the finish
	// reason; an error that appeared, went or changed (an exception, an
	// HTTP status, a stream that no longer assembles, a file that no
	// longer reads).
	ConcernCall Concern = "call"
	// ConcernClaim: the answer states something else: another number,
	// name, yes or no, a refusal, another short answer; also inside a
	// reworded answer.
	ConcernClaim Concern = "claim"
	// ConcernQuestion: the two recordings ask different questions (under
	// one file name, in a review).
	ConcernQuestion Concern = "question"
	// ConcernRequest: the request's content changed: its messages,
	// tools, a parameter that changes the answer.
	ConcernRequest Concern = "request"
	// ConcernReword: the answer says it in other words.
	ConcernReword Concern = "reword"
	// ConcernOther: the rest: the response's shape or other parts,
	// embeddings, a recorded endpoint that moved, parameters set to
	// their default, ids, usage, chunking, the machine's state.
	ConcernOther Concern = ""
)

// concerns is every concern, most pressing first.
var concerns = [...]Concern{ConcernSecret, ConcernCall, ConcernClaim, ConcernQuestion, ConcernRequest, ConcernReword, ConcernOther}

// Rank is c's place among the concerns, most pressing first (0 for
// ConcernSecret); an unknown concern ranks with ConcernOther.
func (c Concern) Rank() int {
	for i, w := range concerns {
		if w == c {
			return i
		}
	}
	return len(concerns) - 1
}

// Judgement is what a comparison means for a reviewer: its verdict, its
// severity and why. Compare makes it; every view of a comparison shows
// it, so that they never disagree.
type Judgement struct {
	Verdict  Verdict
	Severity Severity
	Request  RequestStatus
	Result   ResultStatus
	// MetadataOnly is true when the two files differ in ids, timestamps
	// and "__type__" module names only: the same request as parsed, the
	// same result, chunking and usage, the same test_id.
	MetadataOnly bool
	// RequestPaths are the paths into the request objects that differ
	// and that the recorder hashes ("body.messages[1].content", "url
	// path"), as Compare names them; ["request"] when the hashed requests
	// differ where no path says.
	RequestPaths []string
	// Unhashed are the differing parts of the requests that the recorder
	// does not hash: "url host", "headers", "endpoint", or a path whose
	// difference the hash's normalization hides ("body.x (normalized)").
	Unhashed []string
	// Findings say what differs, most severe first; the Severity is that
	// of the first (SeverityNone when there is none).
	Findings []Finding
	// OtherQuestion is true when the two requests ask different
	// questions (their asked messages share less than nine words in
	// ten): their answers' texts are not judged, nor marked as reworded.
	OtherQuestion bool
}

// Why joins the findings, most severe first, into one line of at most
// about limit bytes: whole findings while they fit, the first one cut
// with "…" when it alone is longer.
func (j *Judgement) Why(limit int) string {
	return JoinFindings(j.Findings, limit)
}

// JoinFindings joins findings with "; " into one line of at most about
// limit bytes (see Judgement.Why); a finding already in the line is not
// written twice.
func JoinFindings(fs []Finding, limit int) string {
	var out string
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Text] || f.Text == "" {
			continue
		}
		seen[f.Text] = true
		switch {
		case out == "":
			out = clipText(f.Text, limit)
		case len(out)+2+len(f.Text) <= limit:
			out += "; " + f.Text
		default:
			return out
		}
	}
	return out
}

// clipText cuts s to at most limit bytes at a rune boundary, ending it with
// "…" when cut.
func clipText(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	n := limit - len("…")
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:max(n, 0)] + "…"
}
