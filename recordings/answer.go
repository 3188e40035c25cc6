package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// Answer is an assembled response read for people: its choices (text,
// reasoning, tool calls, finish reason) and its usage counters. Families
// without a model answer (embeddings, model lists, rerank, tools, file
// processors, errors) give an empty Answer; show their JSON instead.
type Answer struct {
	Choices []Choice
	// List is, for a response that lists what was stored rather than
	// answering (messagelist.go), what its items are: "message" (a
	// stored chat completion's messages), "input item" (a stored
	// response's input items), "chat completion" (stored answers, each
	// to a request of its own), "thread message" (an Assistants thread's
	// messages), "run step" (an Assistants run's steps, assistants.go)
	// or "compacted item" (the conversation a Responses compaction
	// gives, responses.go). Each Choice is then one item, in the order
	// listed, its Index the item's place in the list (at ListMember).
	// "" for an answer. ListNote says what the list is.
	List  string
	Usage []UsageItem
	// Error is the error a response carries beside what it answered: the
	// error chunk or event a stream ended with (assembled as its "error"),
	// or a failed Responses response's; its Type, Message and Status
	// read as Failure reads an error object, Body the object as
	// recorded. nil otherwise.
	Error *Exception
	// Other are the response's members that nothing above reads, to be
	// shown as recorded: every member but those read and the bookkeeping
	// ones (ids, times, the model's name and version, the request's
	// settings a response echoes), of the response and, where the family
	// has them, of each choice, message or candidate; empty values
	// (null, "", [], {}) left out. Each family's readAnswer names what it
	// reads (unread.go).
	Other []Member
}

// ListNote says what a's list is, for a reader who expects an answer:
// "a stored conversation, not an answer" for a list of messages or
// input items, "answers stored earlier, not an answer to this request"
// for a list of chat completions, "what a run did, stored earlier, not
// an answer to this request" for a run's steps; "" when a is no list.
func (a *Answer) ListNote() string {
	switch a.List {
	case "":
		return ""
	case "chat completion":
		return "answers stored earlier, not an answer to this request"
	case "run step":
		return "what a run did, stored earlier, not an answer to this request"
	case "compacted item":
		return "the conversation compacted for the requests after it, not an answer"
	}
	return "a stored conversation, not an answer"
}

// ListMember is the response's member that holds a list's items: a
// compaction's "output", any other list's "data".
func (a *Answer) ListMember() string {
	if a.List == "compacted item" {
		return "output"
	}
	return "data"
}

// ChoiceLabel names c, one of a's Choices, where a reader could not tell
// it apart otherwise: "data[1]" for an item of a list (its place in the
// list, at ListMember), "choice 1" when a has several choices (c's
// Index); "" for the only choice of an answer.
func (a *Answer) ChoiceLabel(c *Choice) string {
	switch {
	case a.List != "":
		return itemPath(a.ListMember(), c.Index)
	case len(a.Choices) > 1:
		return "choice " + strconv.Itoa(c.Index)
	}
	return ""
}

// ReadAnswer reads v, a response in the form Assemble returns for family
// f (at any step of a stream), into an Answer. Its texts (message text,
// reasoning, refusal, tool-call arguments) share v's memory rather than
// copy it: v must not be changed while they are in use. A response with
// an "error" that is not null (the Responses API's response object
// carries "error": null) and nothing answered is an error's, and gives
// an empty Answer; with parts answered before it, the Answer has them and
// the error (Answer.Error).
func ReadAnswer(f Family, v *fastjson.Value) Answer {
	p := providerOf(f)
	if p == nil || p.format == nil || v == nil || v.Type() != fastjson.TypeObject {
		return Answer{}
	}
	a := p.format.readAnswer(v)
	e := v.Get("error")
	if isNull(e) {
		return a
	}
	for _, c := range a.Choices {
		if len(c.Parts) > 0 {
			a.Error = errorObject(e)
			return a
		}
	}
	return Answer{}
}

// AnswerPaths names the fields of a family's assembled response that
// ReadAnswer reads, for a comparison (package diff) to tell a change of
// the answer from a change beside it. A path is dotted, "[*]" standing for
// any index of a list: "choices[*].message", "usage".
type AnswerPaths struct {
	// Trees are the subtrees the answer reads: a change anywhere under one
	// is a change of the answer.
	Trees []string
	// Choices is the list whose elements are the answer's choices
	// ("choices", "candidates"), or "" when the answer is one choice read
	// from the top of the response.
	Choices string
}

// AnswerPaths returns the fields of f's responses that ReadAnswer reads;
// ok is false for a family without a model answer (embeddings, model
// lists, rerank, tools, file processors, unknown), whose Answer is always
// empty. Its slice is shared: it must not be changed.
func (f Family) AnswerPaths() (paths AnswerPaths, ok bool) {
	p := providerOf(f)
	if p == nil || p.format == nil {
		return AnswerPaths{}, false
	}
	return p.answer, true
}
