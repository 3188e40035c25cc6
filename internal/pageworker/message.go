package pageworker

import (
	"encoding/json"
	"fmt"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings/permalink"
)

// Kind names a message: the kind field of what is posted.
type Kind string

// The kinds of message, one per struct below (see the package doc for
// who posts which).
const (
	KindReady        Kind = "ready"
	KindFailure      Kind = "failure"
	KindReview       Kind = "review"
	KindReviewFolder Kind = "review-folder"
	KindStatus       Kind = "status"
	KindReport       Kind = "report"
	KindReplayAdd    Kind = "replay-add"
	KindReplayReport Kind = "replay-report"
	KindNotFound     Kind = "not-found"
	KindAnswer       Kind = "answer"
	KindCompare      Kind = "compare"
	KindCassette     Kind = "cassette"
	KindComment      Kind = "comment"
	KindWarm         Kind = "warm"
)

// Message is one of the protocol's structs.
type Message interface {
	Kind() Kind
}

// Ready says the worker listens: the page may post.
type Ready struct{}

// Failure says why the worker could not do what was asked (a review that
// could not be made, a replay message it could not read, worker.wasm that
// did not start): the last message of a review, and the end of a
// folder's worker.
type Failure struct {
	Err string `json:"error"`
}

// Review asks for the review of a change set: a GitHub pull request or
// comparison (GitHub), else the two folders the ReviewFolder messages
// before it gave.
type Review struct {
	GitHub *permalink.Review `json:"github,omitempty"`
}

// ReviewFolder gives the worker one folder of a two-folder review as
// soon as it is picked: its Side (one of Sides) and its files' Paths,
// whose File objects are the message's files, in the same order. The
// worker reads and parses them at once (review.Tree), while the other
// folder is picked, and the Review after both reviews them. A later
// ReviewFolder of the same side replaces the folder.
type ReviewFolder struct {
	Side  string   `json:"side"`
	Paths []string `json:"paths"`
}

// Warm asks a review's worker started ahead of its review (a spare,
// which the page starts when it is idle) to run the review's code on
// the site's sample recordings until the page's next message: V8
// compiles each function of WebAssembly on its first call and optimizes
// the hot ones as they run, and a first review paid for both. Paths are
// the samples' paths, their bytes the message's files (ArrayBuffers), in
// the same order. The worker answers nothing; a message of any other
// kind ends the warming.
type Warm struct {
	Paths []string `json:"paths"`
}

// Sides are the values of FileRef.Side, by side: 0 the base, 1 the head.
var Sides = [2]string{"base", "head"}

// FileRef names a file that travels beside a message: its side of the
// change set (one of Sides) and its path there.
type FileRef struct {
	Side string `json:"side"`
	Path string `json:"path"`
}

// ReplayReport asks for the replay report of the folder, as HTML
// (replayhtml.Report): first without the heavy tests' requests compared,
// which reads their files again, then with them (Compare).
type ReplayReport struct {
	ID      int  `json:"id"`
	Compare bool `json:"compare"`
	// RecordingDir is the recorder's base folder, relative to the
	// repository root (replay.Tree.SetRecordingDir; "" the default); the
	// lookups after it assume it too.
	RecordingDir string `json:"recordingDir,omitempty"`
}

// NotFound asks for the lookup of Text, a pasted replay error ("Recording
// not found for request hash …", with or without the request body), as
// HTML (replayhtml.Lookup).
type NotFound struct {
	ID   int    `json:"id"`
	Text string `json:"text"`
}

// Answer is the worker's answer to the ReplayReport, NotFound, Compare,
// ReadCassette or WriteComment whose ID it carries: for a NotFound the
// panel's HTML; for a ReplayReport the panel's head (one element) in
// HTML and its Folds (replayhtml.Report.Panel); for a Compare the
// Comparison, for a ReadCassette the Cassette, for a WriteComment the
// Comment, or Err.
type Answer struct {
	ID         int         `json:"id"`
	HTML       string      `json:"html,omitempty"`
	Folds      []Fold      `json:"folds,omitempty"`
	Comparison *Comparison `json:"comparison,omitempty"`
	Cassette   *Cassette   `json:"cassette,omitempty"`
	Comment    *Comment    `json:"comment,omitempty"`
	Err        string      `json:"error,omitempty"`
}

// Fold is a list of a panel that the page draws as
// <details class="fold" data-fold=Name><summary>Summary</summary>Body</details>,
// the <details> its own, so that it stays open across a new answer.
// Summary and Body are one element each.
type Fold struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Body    string `json:"body"`
}

// Kind returns KindReady.
func (*Ready) Kind() Kind { return KindReady }

// Kind returns KindFailure.
func (*Failure) Kind() Kind { return KindFailure }

// Kind returns KindReview.
func (*Review) Kind() Kind { return KindReview }

// Kind returns KindReviewFolder.
func (*ReviewFolder) Kind() Kind { return KindReviewFolder }

// Kind returns KindWarm.
func (*Warm) Kind() Kind { return KindWarm }

// Kind returns KindStatus.
func (*Status) Kind() Kind { return KindStatus }

// Kind returns KindReport.
func (*Report) Kind() Kind { return KindReport }

// Kind returns KindReplayAdd.
func (*ReplayAdd) Kind() Kind { return KindReplayAdd }

// Kind returns KindReplayReport.
func (*ReplayReport) Kind() Kind { return KindReplayReport }

// Kind returns KindNotFound.
func (*NotFound) Kind() Kind { return KindNotFound }

// Kind returns KindAnswer.
func (*Answer) Kind() Kind { return KindAnswer }

// Encode is m's body: its JSON, a Report's as EncodeReport writes it.
func Encode(m Message) ([]byte, error) {
	switch m := m.(type) {
	case *Report:
		return EncodeReport(m)
	case *ReviewFolder:
		return m.appendJSON(nil), nil
	}
	return json.Marshal(m)
}

// appendJSON appends f's JSON, as encoding/json writes it, by hand: a
// folder of thousands of paths is encoded on the page's thread, where
// reflection cost a frame.
func (f *ReviewFolder) appendJSON(b []byte) []byte {
	b = jsonx.AppendQuote(append(b, `{"side":`...), []byte(f.Side))
	if f.Paths == nil {
		return append(b, `,"paths":null}`...)
	}
	b = append(b, `,"paths":[`...)
	for i, p := range f.Paths {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonx.AppendQuote(b, []byte(p))
	}
	return append(b, "]}"...)
}

// Decode reads into m the body of a message of kind k (for a Report,
// DecodeReport reads its rows with pauses). The error says which kind was
// expected and why the body is not one.
func Decode(k Kind, body []byte, m Message) error {
	if k != m.Kind() {
		return fmt.Errorf("the worker's protocol: a %q message where %q was expected", k, m.Kind())
	}
	if r, ok := m.(*Report); ok {
		got, err := DecodeReport(body, func() {})
		if err == nil {
			*r = *got
		}
		return err
	}
	if err := json.Unmarshal(body, m); err != nil {
		return fmt.Errorf("the worker's protocol: a %q message that is not one: %v", k, err)
	}
	return nil
}
