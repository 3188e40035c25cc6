package recordings

import (
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// OpenAI's Assistants API: a thread's messages, its runs and a run's
// steps, as GET and POST under /v1/threads answer them, and the
// assistants under /v1/assistants. Their paths go on with ids, so they
// are known by a part of the path ("/v1/threads/"), or by the response's
// "object": "thread.message", "thread.run", "thread.run.step", or a
// list of messages or of steps.
// Sources: platform.openai.com/docs/api-reference/messages/object,
// /runs/object and /run-steps/step-object.
//
// A message reads as a message: its role and content, a text part
// {type: "text", text: {value, annotations}} as text with its
// annotations as citations (contentPart). A run that asks for tool
// calls (its required_action) reads as the assistant's turn making
// them; any run's usage is read, and its last_error is the Answer's
// Error. A run step reads as what the assistant did: the tool calls of
// its step_details (a function's output as a tool result after its
// call; code interpreter and file search calls as recorded) or the
// message it created (its id, as recorded). A run's or a step's status
// is shown as recorded, not read as a finish reason: a run is polled,
// and each poll may find it further on. Assistant and thread objects
// are settings, shown as raw JSON; so is a run that asks for nothing.
// A run's stream is assembled into its messages, its run and its steps
// (assistantsstream.go).
var openaiAssistantsProvider = provider{
	family: FamilyOpenAIAssistants, title: "OpenAI Assistants (threads, runs)", calls: true,
	// OpenAI's paths and Azure OpenAI's (/openai/threads?api-version=…);
	// a bare /threads/ is other APIs' too (LangGraph's threads and runs).
	suffixes:  []string{"/v1/threads", "/openai/threads", "/v1/assistants", "/openai/assistants"},
	within:    []string{"/v1/threads/", "/openai/threads/", "/v1/assistants/", "/openai/assistants/"},
	objects:   []string{"thread.message", "thread.run", "thread.run.step"},
	looksLike: isAssistantsList,
	format:    assistantsFormat{},
	request:   assistantsRequest,
	answer: AnswerPaths{Trees: []string{"data", "role", "content", "required_action", "last_error", "step_details", "usage",
		"run.required_action", "run.last_error", "run.usage"}},
}

// The members an Assistants object's reader reads, or bookkeeping (ids,
// times); the rest is the Answer's Other, the settings a run keeps
// (instructions, tools, temperature …) among them: a GET of a run has
// no request body that would show them.
var (
	threadMessageRead = nameSet{"id", "object", "created_at", "completed_at", "incomplete_at", "assistant_id", "thread_id", "run_id", "role", "content"}
	runRead           = nameSet{"id", "object", "created_at", "started_at", "expires_at", "cancelled_at", "failed_at", "completed_at",
		"assistant_id", "thread_id", "required_action", "last_error", "usage"}
	runStepRead = nameSet{"id", "object", "created_at", "expires_at", "cancelled_at", "failed_at", "completed_at",
		"run_id", "assistant_id", "thread_id", "type", "step_details", "usage"}
)

// isAssistantsList reports a list of a thread's messages or of a run's
// steps: every item a thread.message, or every item a thread.run.step.
func isAssistantsList(v *fastjson.Value) bool {
	data := listData(v)
	if len(data) == 0 {
		return false
	}
	first := getStr(data[0], "object")
	if first != "thread.message" && first != "thread.run.step" {
		return false
	}
	for _, it := range data[1:] {
		if getStr(it, "object") != first {
			return false
		}
	}
	return true
}

// assistantsFormat reads the Assistants API's objects, and folds a run's
// stream of thread.* events (runStreamAssembler).
type assistantsFormat struct{}

func (assistantsFormat) newAssembler() assembler { return &runStreamAssembler{} }

// readAnswer reads a thread.message, a thread.run, a thread.run.step, or
// a list of messages ("thread message") or of steps ("run step"); an
// object of another kind gives an empty Answer.
func (assistantsFormat) readAnswer(v *fastjson.Value) Answer {
	switch getStr(v, "object") {
	case "thread.message":
		m := threadMessage(v)
		return Answer{Choices: []Choice{{Role: m.Role, Parts: m.Parts}}, Other: m.Other}
	case "thread.run":
		return runAnswer(v)
	case "thread.run.step":
		c, other := runStep(v)
		return Answer{Choices: []Choice{c}, Usage: usageItems(v.Get("usage"), "", nil), Other: other}
	case "list":
		if v.Get("run") != nil { // a run's stream, assembled
			return runStreamAnswer(v)
		}
		if !isAssistantsList(v) {
			return Answer{}
		}
		if getStr(v.Get("data", "0"), "object") == "thread.message" {
			return listAnswer(v, "thread message", threadMessage)
		}
		return runStepList(v)
	}
	return Answer{}
}

// threadMessage reads a thread.message: its role and content parts.
func threadMessage(v *fastjson.Value) Message {
	return Message{Role: getStr(v, "role"), Parts: contentParts(v.Get("content")), Other: otherMembers(nil, "", v, threadMessageRead)}
}

// runAnswer reads a thread.run: an assistant's choice making the tool
// calls its required_action asks for ({type: "submit_tool_outputs",
// submit_tool_outputs: {tool_calls}}, in the chat API's shape), none
// when it asks for none; its usage, and its last_error ({code,
// message}) as the Error.
func runAnswer(v *fastjson.Value) Answer {
	ra := v.Get("required_action")
	other := otherMembers(nil, "", v, runRead)
	if ra != nil && getStr(ra, "type") != "submit_tool_outputs" && !empty(ra) {
		// An action of another kind: not read, shown as recorded.
		other = withMember(other, "required_action", ra)
	}
	a := Answer{Usage: usageItems(v.Get("usage"), "", nil), Other: other}
	if calls := ra.GetArray("submit_tool_outputs", "tool_calls"); len(calls) > 0 {
		a.Choices = []Choice{{Role: "assistant", Parts: toolCallParts(nil, calls)}}
	}
	if e := v.Get("last_error"); !isNull(e) {
		a.Error = errorObject(e)
	}
	return a
}

// runStep reads a thread.run.step as one assistant's choice and its
// other members: a tool_calls step's calls (a function's {id, type,
// function: {name, arguments, output}} as a tool call, then its output,
// when there is one, as the call's result; any other call as recorded),
// a message_creation step's {message_id} as recorded.
func runStep(v *fastjson.Value) (Choice, []Member) {
	c := Choice{Role: "assistant"}
	d := v.Get("step_details")
	other := otherMembers(nil, "", v, runStepRead)
	switch getStr(d, "type") {
	case "tool_calls":
		for _, tc := range d.GetArray("tool_calls") {
			fn := tc.Get("function")
			if getStr(tc, "type") != "function" || fn == nil {
				c.Parts = append(c.Parts, otherPart(tc))
				continue
			}
			id := getStr(tc, "id")
			c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(id, getStr(fn, "name"), fn.Get("arguments"))})
			if out := fn.Get("output"); !isNull(out) {
				c.Parts = append(c.Parts, Part{Kind: PartToolResult, Text: textOf(out), CallID: id})
			}
		}
	case "message_creation":
		c.Parts = append(c.Parts, otherPart(d))
	default:
		if d != nil && !empty(d) {
			other = withMember(other, "step_details", d)
		}
	}
	return c, other
}

// runStepList reads a list of a run's steps: a Choice per step, its
// Index the step's place in data; each step's usage under "data[i].",
// its other members under "data[i]".
func runStepList(v *fastjson.Value) Answer {
	a := Answer{List: "run step", Other: otherMembers(nil, "", v, listRead)}
	for i, it := range v.GetArray("data") {
		c, other := runStep(it)
		c.Index = i
		a.Choices = append(a.Choices, c)
		a.Usage = usageItems(it.Get("usage"), itemPath("data", i)+".", a.Usage)
		a.Other = underItem(a.Other, "data", i, other)
	}
	return a
}

// assistantsTextRead is what assistantsText reads of a text part's text.
var assistantsTextRead = nameSet{"value", "annotations"}

// assistantsText reads the Assistants API's text part p, {type: "text",
// text: t}, t being {value, annotations}: value as the text, the
// annotations (file_citation, file_path: {type, text, start_index,
// end_index, file_citation: {file_id}}) as citations; p's and t's other
// members as the part's Other.
func assistantsText(p, t *fastjson.Value) Part {
	pt := Part{Kind: PartText, Text: sharedStr(t, "value"),
		Other: otherMembers(otherMembers(nil, "", p, textBlockRead), "text", t, assistantsTextRead)}
	if as := t.GetArray("annotations"); len(as) > 0 {
		pt.Citations = openaiAnnotations(as, pt.Text)
	}
	return pt
}

// assistantsTurnKeys are the members of an Assistants request that
// assistantsTurns reads as turns.
var assistantsTurnKeys = nameSet{"thread", "additional_messages", "tool_outputs", "role", "content"}

// assistantsRequest reads an Assistants request: what any request
// holds, then its own turns and its thread's parameters
// (assistantsTurns).
func assistantsRequest(body *fastjson.Value) Conversation {
	c := readRequest(body, assistantsTurnKeys)
	turns, params := assistantsTurns(body)
	c.Messages, c.Params = append(c.Messages, turns...), append(c.Params, params...)
	return c
}

// assistantsTurns reads the turns of an Assistants request body: a new
// thread's messages (POST /v1/threads/runs: {assistant_id, thread:
// {messages, …}}), a run's additional_messages, a message added to a
// thread (POST /v1/threads/{id}/messages: {role, content, …}), each as a
// chat message; and the outputs of the tool calls a run asked for
// (POST …/submit_tool_outputs: {tool_outputs: [{tool_call_id,
// output}]}), each a tool result. params are the thread's other members,
// named "thread.…", and a thread that is not an object, as recorded.
// Source: platform.openai.com/docs/api-reference/runs/createThreadAndRun,
// /runs/createRun, /messages/createMessage, /runs/submitToolOutputs.
func assistantsTurns(body *fastjson.Value) (turns []Message, params []Param) {
	if t := body.Get("thread"); t != nil {
		if t.Type() != fastjson.TypeObject {
			params = append(params, Param{"thread", string(jsonx.Compact(t))})
		}
		for _, m := range t.GetArray("messages") {
			turns = append(turns, chatMessage(m, openaiMessageRead))
		}
		t.GetObject().Visit(func(k []byte, v *fastjson.Value) {
			if string(k) != "messages" {
				params = append(params, Param{"thread." + string(k), string(jsonx.Compact(v))})
			}
		})
	}
	for _, m := range body.GetArray("additional_messages") {
		turns = append(turns, chatMessage(m, openaiMessageRead))
	}
	if body.Get("role") != nil || body.Get("content") != nil {
		// Only role and content are the message's: the body's other
		// members (attachments, metadata) are listed as the request's
		// parameters.
		turns = append(turns, Message{Role: getStr(body, "role"), Parts: contentParts(body.Get("content"))})
	}
	for _, o := range body.GetArray("tool_outputs") {
		id := getStr(o, "tool_call_id")
		turns = append(turns, Message{Role: "tool", CallID: id, Parts: []Part{{Kind: PartToolResult, Text: textOf(o.Get("output")), CallID: id}},
			Other: otherMembers(nil, "", o, nameSet{"tool_call_id", "output"})})
	}
	return turns, params
}
