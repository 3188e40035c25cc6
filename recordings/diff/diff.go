package diff

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// Kind says which side of a recording a Change is about.
type Kind string

// The kinds of change, in the order Compare lists them.
const (
	// KindMetadata: what the file says about the recording rather than
	// what was sent or received: test_id, API family, endpoint, model,
	// streaming, chunk count, request-hash status, and top-level keys other
	// than test_id, request and response (id_normalization_mapping).
	KindMetadata Kind = "metadata"
	// KindRequest: the recorded request object, by JSON path.
	KindRequest Kind = "request"
	// KindResponse: the assembled response, by meaning.
	KindResponse Kind = "response"
)

// Op says how a value changed from the first recording (A) to the second
// (B). OpEqual is used by Span only.
type Op string

// The operations.
const (
	OpAdded   Op = "added"   // only in B: New holds it, Old is ""
	OpRemoved Op = "removed" // only in A: Old holds it, New is ""
	OpChanged Op = "changed" // in both, different: Old and New hold them
	OpEqual   Op = "equal"   // a Span of text common to both
)

// Change is one difference between two recordings.
type Change struct {
	Kind Kind
	// Path locates the value. For the request, and for responses compared
	// as JSON, it is a JSON path into the request object or the assembled
	// response: "body.messages[1].content", "data[0].embedding"; keys that
	// are not plain words are quoted: `headers["X-Api-Key"]`. For responses
	// compared by answer (see Compare) it is a path into the answer:
	// "choices[0].text", "choices[0].thinking", "choices[0].finish_reason",
	// "choices[0].tool_calls[get_weather].arguments.city" (the second call
	// of the same name is "[get_weather#2]"), "usage.prompt_tokens"; the
	// "choices[i]." prefix is left out for APIs with a single answer
	// (Ollama, Anthropic, Google interactions) and is "candidates[i]." for
	// Gemini. Metadata paths are "test_id", "family", "endpoint", "model",
	// "streaming", "chunks", "hash" and the names of other top-level keys.
	Path string
	Op   Op
	// Old and New are the values in A and B: compact JSON (strings
	// quoted) for request and response values and for other top-level
	// keys, plain text for the metadata read from the Recording
	// ("51", "ok (current)", the test_id). Usage counters are JSON
	// numbers. A numeric array of more than 8 numbers (an embedding) is
	// one Change whose Old and New are the whole arrays.
	Old, New string
	// Text is a word diff (see Words) of the two strings when either is
	// longer than LongText bytes or holds a newline; nil otherwise. Old and
	// New are set as well.
	Text []Span
	// Note explains a Change in words when Old and New alone do not:
	// "3 of 768 numbers differ, by at most 0.0012".
	Note string
}

// LongText is the length in bytes above which a changed string gets a word
// diff (Change.Text). Strings with a newline always get one.
const LongText = 80

// Result is the comparison of two recordings, A and B.
type Result struct {
	// A and B name the recordings (their Recording.Name).
	A, B string
	// Changes lists the differences: metadata first, then the request,
	// then the response; within each, in the order of A's keys and
	// elements, then B's extra ones. Empty when the recordings mean the
	// same thing.
	Changes []Change
	// SameResult is true when the assembled responses mean the same: no
	// Change of KindResponse but usage counters, text that differs in
	// white space only or is the same JSON spelled differently, and
	// embeddings that moved by float noise (Judgement.Result is same or
	// chunking). The ids, timestamps and timings listed in Ignored are
	// never compared.
	SameResult bool
	// SameChunking is true when both responses are not streamed, or both
	// are streams whose chunks add the same things in the same order (the
	// same text pieces, tool-call fragments, finish reason; tool-call ids
	// aside). Same result with different chunking is a re-recording that
	// changed nothing but the stream's split; no response Change is made
	// for it, and only a differing chunk count is listed (as metadata).
	SameChunking bool
	// Judgement is what the comparison means for a reviewer: the verdict,
	// the severity and the findings every view of it shows.
	Judgement Judgement
}

// Ignored lists the fields of an assembled response that differ between
// any two recordings and mean nothing, so that Compare never reports them:
// ids ("chatcmpl-…", "msg_…", "rec-…"), creation and update timestamps,
// "system_fingerprint", Ollama's timings and token context (the token ids
// of prompt and answer, which follow the text), Google's echoed HTTP
// response headers, Ollama's model expiry and modification times, and
// the ids OpenAI-compatible servers add: Groq's x_groq.id, the Vercel
// gateway's generationId, and the first and last item's ids of a list of
// stored messages (first_id, last_id). A pattern is a JSON path from the response's top level in which "[*]"
// stands for any index; it covers the whole value at that path. Usage
// items of the same names (Ollama's durations) are skipped too. Tool-call
// ids are never compared either: calls are matched by name.
var Ignored = []string{
	"id", "created", "created_at", "updated", "create_time",
	"response_id", "request_id", "system_fingerprint",
	"total_duration", "load_duration", "prompt_eval_duration", "eval_duration",
	"context", "perf_metrics", "sdk_http_response",
	"models[*].expires_at", "models[*].modified_at",
	"x_groq.id", "generationId", "first_id", "last_id",
}

// Compare compares two recordings by meaning. The request objects are
// compared by JSON path (the request's own test_id, which raw HTTP and
// tool recordings carry, is left to metadata). The responses are first
// assembled (recordings.Assemble); when both give an answer
// (recordings.ReadAnswer: OpenAI, Ollama, Anthropic and Gemini
// generations), even of two families, they are compared by answer: role, text and
// thinking per choice (word diff when long), tool calls matched by name
// then order and compared by parsed arguments (by JSON path; as text when
// they do not parse), finish reason, other parts, and usage counters;
// then the rest of the assembled responses is compared as JSON, less what
// the answer covers. Other responses (embeddings, model lists, rerank,
// tools, errors, unknown kinds) are compared as JSON. Fields listed in
// Ignored are never compared, and in responses a null member is the same
// as a missing one. A stream that cannot be fully assembled is
// reported as a response Change at path "assembly" when the two
// recordings differ in it. JSON objects compare regardless of key order;
// arrays compare by index; numbers compare by value (1.0 equals 1).
//
// Result.Judgement sums the comparison up (see Verdict and Severity).
// Compare never fails: whatever two Recordings Parse returned
// can be compared.
func Compare(a, b *recordings.Recording) *Result {
	res := &Result{A: a.Name, B: b.Name}
	c := &comparer{}

	c.kind = KindMetadata
	c.metadata(a, b)
	c.kind = KindRequest
	c.request(a, b)
	c.kind = KindResponse
	c.nullIsAbsent = true
	c.response(a, b)
	res.SameChunking = sameChunking(a, b)
	res.Changes = c.changes
	res.Judgement = judge(a, b, res, c.vectors)
	res.SameResult = res.Judgement.Result == ResultSame || res.Judgement.Result == ResultChunking
	return res
}

// comparer collects changes of one kind at a time.
type comparer struct {
	kind    Kind
	changes []Change
	// skip, when set, leaves out a JSON path (and its subtree) of the
	// current comparison; op is the change that would be reported.
	skip func(path string, op Op) bool
	// quick leaves out word diffs: only whether values differ matters.
	quick bool
	// jsonText reads a string that holds a JSON object or array as that
	// JSON (a tool call's argument a model wrote as JSON text).
	jsonText bool
	// nullIsAbsent makes a null member or element the same as a missing
	// one (responses: an assembled stream writes "logprobs": null where
	// the non-streamed body has nothing).
	nullIsAbsent bool
	// vectors holds, by path, how the embeddings of the responses that
	// changed compare (see vector), for the judgement.
	vectors map[string]vector
}

func (c *comparer) add(ch Change) {
	ch.Kind = c.kind
	c.changes = append(c.changes, ch)
}

// text compares two plain strings (metadata).
func (c *comparer) text(path, old, new string) {
	switch {
	case old == new:
	case old == "":
		c.add(Change{Path: path, Op: OpAdded, New: new})
	case new == "":
		c.add(Change{Path: path, Op: OpRemoved, Old: old})
	default:
		c.add(Change{Path: path, Op: OpChanged, Old: old, New: new})
	}
}

func (c *comparer) metadata(a, b *recordings.Recording) {
	c.text("test_id", a.TestID, b.TestID)
	c.text("family", string(a.Family), string(b.Family))
	c.text("endpoint", a.Endpoint, b.Endpoint)
	c.text("model", a.Model, b.Model)
	if a.Streaming != b.Streaming {
		c.add(Change{Path: "streaming", Op: OpChanged, Old: strconv.FormatBool(a.Streaming), New: strconv.FormatBool(b.Streaming)})
	}
	if a.Streaming && b.Streaming && len(a.Chunks) != len(b.Chunks) {
		c.add(Change{Path: "chunks", Op: OpChanged, Old: strconv.Itoa(len(a.Chunks)), New: strconv.Itoa(len(b.Chunks))})
	}
	c.text("hash", hashSummary(a), hashSummary(b))
	// Other top-level keys, like id_normalization_mapping.
	skip := map[string]bool{"test_id": true, "request": true, "response": true}
	c.object("", a.Doc, b.Doc, skip)
}

// hashSummary is the request-hash status of r: "ok (current)",
// "mismatch (current)", "unknown".
func hashSummary(r *recordings.Recording) string {
	hc := reqhash.Verify(filepath.Base(r.Name), r.Doc)
	if hc.Scheme == "" || hc.Status == reqhash.Unknown {
		return hc.Status.String()
	}
	return hc.Status.String() + " (" + hc.Scheme + ")"
}

func (c *comparer) request(a, b *recordings.Recording) {
	c.object("", a.Request, b.Request, map[string]bool{"test_id": true})
}

func (c *comparer) response(a, b *recordings.Recording) {
	va, errA := recordings.Assemble(a)
	vb, errB := recordings.Assemble(b)
	if ea, eb := assemblyStatus(errA), assemblyStatus(errB); ea != eb {
		c.add(Change{Path: "assembly", Op: OpChanged, Old: quote(ea), New: quote(eb)})
	}
	if a.Status != b.Status {
		c.add(Change{Path: "http_status", Op: OpChanged, Old: strconv.Itoa(a.Status), New: strconv.Itoa(b.Status)})
	}
	covA, okA := answerCovers(a.Family)
	covB, okB := answerCovers(b.Family)
	if okA && okB {
		ansA, ansB := recordings.ReadAnswer(a.Family, va), recordings.ReadAnswer(b.Family, vb)
		if len(ansA.Choices) > 0 && len(ansB.Choices) > 0 {
			// Two families that both answer (chat and completions, a
			// recording whose URL was wrong) compare by answer too: the
			// family change is the metadata's.
			c.answers(covB.Choices, ansA, ansB)
			c.others(covB, ansA.Other, ansB.Other)
			other := a.Family != b.Family
			c.skip = func(path string, op Op) bool {
				return ignored(path) || covA.covers(path, op) || covB.covers(path, op) || other && path == "object"
			}
			c.value("", va, vb)
			c.skip = nil
			return
		}
	}
	c.skip = func(path string, _ Op) bool { return ignored(path) }
	c.value("", va, vb)
	c.skip = nil
}

// assemblyStatus is "ok", or what went wrong assembling a stream.
func assemblyStatus(err error) string {
	if err == nil {
		return "ok"
	}
	var pe *recordings.ParseError
	if errors.Is(err, recordings.ErrIncompleteStream) {
		return "incomplete stream"
	}
	if errors.As(err, &pe) {
		return "bad chunk"
	}
	return err.Error()
}

// sameChunking reports whether a and b are both unstreamed, or both streams
// whose chunks add the same deltas (tool-call ids aside).
func sameChunking(a, b *recordings.Recording) bool {
	if !a.Streaming && !b.Streaming {
		return true
	}
	if a.Streaming != b.Streaming || len(a.Chunks) != len(b.Chunks) {
		return false
	}
	sa, errA := recordings.NewStepper(a)
	sb, errB := recordings.NewStepper(b)
	if errA != nil || errB != nil {
		// No assembler: compare the chunks themselves, ids and times aside.
		for i := range a.Chunks {
			ca, cb := &a.Chunks[i], &b.Chunks[i]
			da, db := ca.Data(), cb.Data()
			if ca.Event != cb.Event || !equal(da, db, ignored) || da == nil && ca.Text != cb.Text {
				return false
			}
		}
		return true
	}
	for k := 1; k <= sa.Len(); k++ {
		if chunkSignature(sa.Deltas(k)) != chunkSignature(sb.Deltas(k)) {
			return false
		}
	}
	return true
}

// chunkSignature describes what a chunk added, less tool-call ids.
func chunkSignature(ds []recordings.Delta) string {
	var keep []recordings.Delta
	for _, d := range ds {
		if d.Field == "id" || strings.HasSuffix(d.Field, ".id") {
			continue
		}
		keep = append(keep, d)
	}
	return recordings.FormatDeltas(keep)
}

// ignored reports whether a response path is covered by Ignored.
func ignored(path string) bool {
	p := wildcard(path)
	for _, pat := range Ignored {
		if under(p, pat) {
			return true
		}
	}
	return false
}

// under reports whether path is pat or inside it.
func under(path, pat string) bool {
	if len(path) < len(pat) || path[:len(pat)] != pat {
		return false
	}
	return len(path) == len(pat) || path[len(pat)] == '.' || path[len(pat)] == '['
}

// wildcard replaces the indexes of a path by "*": "a[3].b" -> "a[*].b".
func wildcard(path string) string {
	var out []byte
	for i := 0; i < len(path); i++ {
		out = append(out, path[i])
		if path[i] != '[' || i+1 >= len(path) || path[i+1] < '0' || path[i+1] > '9' {
			continue
		}
		j := i + 1
		for j < len(path) && path[j] >= '0' && path[j] <= '9' {
			j++
		}
		if j < len(path) && path[j] == ']' {
			out = append(out, '*')
			i = j - 1
		}
	}
	return string(out)
}

// coverage is the part of an assembled response that the answer
// comparison reads (see recordings.AnswerPaths): subtrees (any change
// under them is the answer's) and lists of choices (whose added and
// removed elements the answer reports).
type coverage recordings.AnswerPaths

func (cv coverage) covers(path string, op Op) bool {
	p := wildcard(path)
	for _, t := range cv.Trees {
		if under(p, t) {
			return true
		}
	}
	return cv.Choices != "" && op != OpChanged && p == cv.Choices+"[*]"
}

// answerCovers returns the response fields the Answer of f holds; ok is
// false for a family ReadAnswer reads no answer of.
func answerCovers(f recordings.Family) (cv coverage, ok bool) {
	paths, ok := f.AnswerPaths()
	return coverage(paths), ok
}

// object compares two JSON objects member by member, leaving out the keys
// in skip; path is the objects' own path.
func (c *comparer) object(path string, a, b *fastjson.Value, skip map[string]bool) {
	oa, _ := a.Object()
	ob, _ := b.Object()
	if oa == nil || ob == nil {
		c.value(path, a, b)
		return
	}
	oa.Visit(func(k []byte, x *fastjson.Value) {
		if skip[string(k)] {
			return
		}
		c.value(keyPath(path, string(k)), x, ob.Get(string(k)))
	})
	ob.Visit(func(k []byte, y *fastjson.Value) {
		if skip[string(k)] || oa.Get(string(k)) != nil {
			return
		}
		c.value(keyPath(path, string(k)), nil, y)
	})
}
