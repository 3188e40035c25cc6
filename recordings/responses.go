package recordings

import (
	"bytes"
	"strconv"

	"github.com/valyala/fastjson"
)

// The OpenAI Responses family, POST /v1/responses. Source:
// platform.openai.com/docs/api-reference/responses (the response object,
// and its streaming events).

var openaiResponsesProvider = provider{
	family: FamilyOpenAIResponses, title: "OpenAI responses",
	// The Conversations API (POST /v1/conversations, …/{id}/items) keeps
	// a conversation of Responses' items for later responses
	// (platform.openai.com/docs/api-reference/conversations).
	suffixes: []string{"/v1/responses", "/v1/conversations"},
	// A stored response's paths (GET, DELETE /v1/responses/{id}, its
	// input_items, cancel), /v1/responses/compact and a conversation's:
	// what they answer is read by its data (a list of items as the
	// input items are), an error or a deletion shown as such.
	within:  []string{"/v1/responses/", "/v1/conversations/"},
	objects: []string{"response"},
	// A stream's events, at an endpoint that is not POST /v1/responses:
	// GET /v1/responses/{id}?stream=true (a background response resumed),
	// ChatGPT's /backend-api/codex/responses.
	// A stored response's input items, listed (messagelist.go).
	looksLike: func(v *fastjson.Value) bool {
		t := v.GetStringBytes("type")
		return len(t) > len("response.") && bytes.HasPrefix(t, []byte("response.")) || isInputItemList(v)
	},
	format: responsesFormat{},
	answer: AnswerPaths{Trees: []string{"output", "status", "usage", "data"}},
}

// responsesFormat folds the family's streams (responsesAssembler) and
// reads its answers.
type responsesFormat struct{}

func (responsesFormat) newAssembler() assembler { return &responsesAssembler{} }

// readAnswer reads a response object (an object whose "object" is
// "response", or that names none): one choice, its status as the
// finish reason, its output items as parts (a message's output_text and
// refusal as text, a function_call as a tool call with its parsed
// arguments, a reasoning item's summary as thinking, other items as
// recorded), then the usage counters, and the response's other members
// (incomplete_details, moderation …) as the Answer's Other.
func (responsesFormat) readAnswer(v *fastjson.Value) Answer {
	if isInputItemList(v) {
		return listAnswer(v, "input item", storedInputItem)
	}
	switch o := getStr(v, "object"); {
	case o == "response.compaction":
		return compactionAnswer(v)
	case o != "" && o != "response":
		// Not a response: a deletion, an empty list; shown as its JSON.
		return Answer{}
	}
	var a Answer
	c := Choice{Role: "assistant", FinishReason: getStr(v, "status")}
	var items []Member // the output items' own members not read
	for i, it := range v.GetArray("output") {
		switch getStr(it, "type") {
		case "message":
			items = underItem(items, "output", i, otherMembers(nil, "", it, responsesMessageRead))
			if r := getStr(it, "role"); r != "" {
				c.Role = r
			}
			for _, p := range it.GetArray("content") {
				switch getStr(p, "type") {
				case "output_text":
					c.Parts = append(c.Parts, contentPart(p))
				case "refusal":
					c.Parts = append(c.Parts, Part{Kind: PartText, Text: getStr(p, "refusal")})
				default:
					c.Parts = append(c.Parts, otherPart(p))
				}
			}
		case "function_call":
			items = underItem(items, "output", i, otherMembers(nil, "", it, responsesCallRead))
			c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(it, "call_id"), getStr(it, "name"), it.Get("arguments"))})
		case "reasoning":
			own := otherMembers(nil, "", it, responsesReasoningRead)
			var text string
			for _, s := range it.GetArray("summary") {
				text += getStr(s, "text")
			}
			// The reasoning itself, where the model shares it (gpt-oss
			// on vLLM and Ollama): content of reasoning_text parts; a
			// part of another type is listed as recorded.
			for j, p := range it.GetArray("content") {
				if getStr(p, "type") == "reasoning_text" {
					text += getStr(p, "text")
				} else {
					own = withMember(own, itemPath("content", j), p)
				}
			}
			items = underItem(items, "output", i, own)
			if text != "" {
				c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: text})
			}
		case "image_generation_call":
			items = underItem(items, "output", i, otherMembers(nil, "", it, responsesImageRead))
			c.Parts = append(c.Parts, generatedImage(it))
		default:
			c.Parts = append(c.Parts, otherPart(it))
		}
	}
	a.Choices = []Choice{c}
	a.Usage = usageItems(v.Get("usage"), "", nil)
	a.Other = append(otherMembers(nil, "", v, responsesRead), items...)
	return a
}

// compactionAnswer reads a compaction (POST /v1/responses/compact:
// {id, object: "response.compaction", created_at, output, usage}): its
// output, the conversation compacted ("a list of all user messages,
// followed by a single compaction item": openai-python's
// CompactedResponse), as a list of items, each read as a stored
// response's input item (storedInputItem) and an item of another type
// (the compaction item, its encrypted_content) as recorded under its
// type; then the usage of the compaction pass.
func compactionAnswer(v *fastjson.Value) Answer {
	a := Answer{List: "compacted item", Usage: usageItems(v.Get("usage"), "", nil), Other: otherMembers(nil, "", v, responsesRead)}
	for i, it := range v.GetArray("output") {
		m := Message{Role: getStr(it, "type"), Parts: []Part{otherPart(it)}}
		if _, ok := inputItem(it); ok || getStr(it, "type") == "message" {
			m = storedInputItem(it)
		}
		a.Choices = append(a.Choices, Choice{Index: i, Role: m.Role, Parts: m.Parts})
		a.Other = underItem(a.Other, "output", i, m.Other)
	}
	return a
}

// generatedImage is the image an image_generation_call output item made:
// its result is the image's base64, in the item's output_format ("png",
// "jpeg", "webp"; PNG when not said), its revised_prompt the prompt the
// model drew from, as the part's Text. A call still generating has no
// result: a part of unknown size.
func generatedImage(it *fastjson.Value) Part {
	format := getStr(it, "output_format")
	if format == "" {
		format = "png"
	}
	im := base64Image("image/"+format, sharedStr(it, "result"))
	im.Text, im.Raw = getStr(it, "revised_prompt"), it
	return im
}

// OpenAI Responses SSE events -> the response object.
//
// response.created, response.in_progress (and queued) carry the response
// so far; response.output_item.added opens output item output_index;
// response.content_part.added opens part content_index of a message;
// response.output_text.delta and response.refusal.delta append to that
// part's text or refusal, response.output_text.annotation.added an
// annotation to its annotations; response.function_call_arguments.delta to a
// function call's arguments; response.reasoning_summary_part.added and
// response.reasoning_summary_text.delta to a reasoning item's summary
// part summary_index; response.output_item.done gives the item's final
// fields (its texts, arguments and summaries stay the ones folded from
// the deltas); response.completed, response.incomplete or
// response.failed ends the stream with the final response. The result is
// the last response the events carried, its output the items folded:
// at the end the same as response.completed's output, a check the
// stream itself holds (TestResponsesStreams). Events that carry nothing
// of the output (the .done events of texts, a web search's progress) add
// nothing. An "error" event ({"type": "error", "code", "message",
// "param"}: platform.openai.com/docs/api-reference/responses-streaming/error)
// ends the stream: the result keeps its code, message and param (or the
// error object it nests) as the response's "error", beside the output
// folded before it.

type responsesPart struct {
	start       *fastjson.Value
	field       string // "text", or "refusal"
	text        textBuf
	fed         bool
	annotations []*fastjson.Value // as output_text.annotation.added adds them
}

type responsesItem struct {
	item    *fastjson.Value
	parts   []responsesPart
	args    textBuf
	hasArgs bool
	summary []textBuf
}

type responsesAssembler struct {
	response *fastjson.Value
	items    []responsesItem
	done     bool
	err      *fastjson.Value // an error event
}

func (s *responsesAssembler) clone() assembler {
	c := *s
	c.items = append([]responsesItem(nil), s.items...)
	for i := range c.items {
		it := &c.items[i]
		it.parts = append([]responsesPart(nil), it.parts...)
		for k := range it.parts {
			it.parts[k].text = it.parts[k].text.clone()
			it.parts[k].annotations = clip(it.parts[k].annotations)
		}
		it.args = it.args.clone()
		it.summary = append([]textBuf(nil), it.summary...)
		for k := range it.summary {
			it.summary[k] = it.summary[k].clone()
		}
	}
	return &c
}

func (s *responsesAssembler) complete() bool { return s.done }

// item returns output item output_index of ev.
func (s *responsesAssembler) item(ev *fastjson.Value) (*responsesItem, int, error) {
	i, err := openIndex(ev, "output_index", "output item", len(s.items))
	if err != nil {
		return nil, 0, err
	}
	return &s.items[i], i, nil
}

// part returns content part content_index of output item output_index
// of ev.
func (s *responsesAssembler) part(ev *fastjson.Value) (*responsesPart, error) {
	it, _, err := s.item(ev)
	if err != nil {
		return nil, err
	}
	k, err := openIndex(ev, "content_index", "content part", len(it.parts))
	if err != nil {
		return nil, err
	}
	return &it.parts[k], nil
}

// openIndex is ev's index field key when it names one of the n open
// things called what, else an error saying so.
func openIndex(ev *fastjson.Value, key, what string, n int) (int, error) {
	i, ok := intOf(ev.Get(key))
	if !ok || i < 0 || i >= n {
		return 0, errorf("%s for %s %s, but %d are open", getStr(ev, "type"), what, ev.Get(key), n)
	}
	return i, nil
}

// addDelta appends ev's "delta", a string, to t and returns it.
func addDelta(t *textBuf, ev *fastjson.Value) (string, error) {
	text, ok := t.add(ev.Get("delta"))
	if !ok {
		return "", errorf("%s without a string delta", getStr(ev, "type"))
	}
	return text, nil
}

func (s *responsesAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errorf("event data is not a JSON object: %.40q", c.Text)
	}
	typ := getStr(ev, "type")
	switch typ {
	case "response.created", "response.in_progress", "response.queued",
		"response.completed", "response.incomplete", "response.failed":
		r := ev.Get("response")
		if r == nil || r.Type() != fastjson.TypeObject {
			return ds, errorf("%s without a response object", typ)
		}
		s.response = r
		if typ == "response.created" {
			// A response starts over, a second one too (a stream of
			// several responses, vercel/ai's fixtures): the last one is
			// the answer, as its response.completed is the SDK's.
			s.items, s.done = nil, false
			ds = withDelta(ds, Delta{Kind: KindRole, Field: "role", Text: "assistant"})
		}
		if typ == "response.completed" || typ == "response.incomplete" || typ == "response.failed" {
			s.done = true
			ds = withDelta(ds, Delta{Kind: KindFinish, Field: "status", Text: getStr(r, "status")})
			if !isNull(r.Get("usage")) {
				ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
			}
		}
	case "response.output_item.added":
		i, ok := intOf(ev.Get("output_index"))
		item := ev.Get("item")
		if !ok || i != len(s.items) || item == nil || item.Type() != fastjson.TypeObject {
			return ds, errorf("output_item.added at index %s, expected %d, with an item object", ev.Get("output_index"), len(s.items))
		}
		s.items = append(s.items, responsesItem{item: item})
		field := "output[" + strconv.Itoa(i) + "]"
		switch getStr(item, "type") {
		case "function_call":
			ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field + ".function_call", Text: getStr(item, "name")})
		default:
			ds = withDelta(ds, Delta{Kind: KindMeta, Field: field, Text: getStr(item, "type")})
		}
	case "response.output_item.done":
		it, _, err := s.item(ev)
		if err != nil {
			return ds, err
		}
		if item := ev.Get("item"); item != nil && item.Type() == fastjson.TypeObject {
			it.item = item
		}
	case "response.content_part.added":
		it, _, err := s.item(ev)
		if err != nil {
			return ds, err
		}
		k, ok := intOf(ev.Get("content_index"))
		if !ok || k != len(it.parts) {
			return ds, errorf("content_part.added at index %s, expected %d", ev.Get("content_index"), len(it.parts))
		}
		p := ev.Get("part")
		field := "text"
		if getStr(p, "type") == "refusal" {
			field = "refusal"
		}
		it.parts = append(it.parts, responsesPart{start: p, field: field})
	case "response.output_text.delta", "response.refusal.delta":
		p, err := s.part(ev)
		if err != nil {
			return ds, err
		}
		text, err := addDelta(&p.text, ev)
		if err != nil {
			return ds, err
		}
		p.fed = true
		ds = withDelta(ds, Delta{Kind: KindContent, Field: p.field, Text: text, Append: true})
	case "response.output_text.annotation.added":
		p, err := s.part(ev)
		if err != nil {
			return ds, err
		}
		an := ev.Get("annotation")
		if an == nil || an.Type() != fastjson.TypeObject {
			return ds, errorf("%s without an annotation object", typ)
		}
		p.annotations = append(p.annotations, an)
		ds = withDelta(ds, Delta{Kind: KindContent, Field: "annotations", Text: "+1"})
	case "response.function_call_arguments.delta":
		it, i, err := s.item(ev)
		if err != nil {
			return ds, err
		}
		text, err := addDelta(&it.args, ev)
		if err != nil {
			return ds, err
		}
		it.hasArgs = true
		ds = withDelta(ds, Delta{Kind: KindToolCall, Field: "output[" + strconv.Itoa(i) + "].arguments", Text: text, Append: true})
	case "response.reasoning_summary_part.added":
		it, _, err := s.item(ev)
		if err != nil {
			return ds, err
		}
		if k, ok := intOf(ev.Get("summary_index")); !ok || k != len(it.summary) {
			return ds, errorf("reasoning_summary_part.added at index %s, expected %d", ev.Get("summary_index"), len(it.summary))
		}
		it.summary = append(it.summary, textBuf{})
	case "response.reasoning_summary_text.delta":
		it, _, err := s.item(ev)
		if err != nil {
			return ds, err
		}
		k, err := openIndex(ev, "summary_index", "summary part", len(it.summary))
		if err != nil {
			return ds, err
		}
		text, err := addDelta(&it.summary[k], ev)
		if err != nil {
			return ds, err
		}
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: "summary", Text: text, Append: true})
	case "error":
		s.err, s.done = ev, true
		e := nestedError(ev)
		if e == nil {
			e = ev
		}
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "error", Text: firstStr(e, "message", "code")})
	}
	return ds, nil
}

func (it *responsesItem) value(a *arena) *fastjson.Value {
	o := a.NewObject()
	setMembers(o, it.item)
	switch getStr(it.item, "type") {
	case "message":
		if len(it.parts) == 0 {
			break
		}
		content := a.NewArray()
		for k := range it.parts {
			p := &it.parts[k]
			po := a.NewObject()
			if p.start != nil && p.start.Type() == fastjson.TypeObject {
				setMembers(po, p.start)
			}
			if p.fed {
				po.Set(p.field, newString(a, p.text.bytes()))
			}
			if len(p.annotations) > 0 {
				po.Set("annotations", arrayOf(a, p.annotations))
			}
			content.SetArrayItem(k, po)
		}
		o.Set("content", content)
	case "function_call":
		if it.hasArgs {
			o.Set("arguments", newString(a, it.args.bytes()))
		}
	case "reasoning":
		if len(it.summary) == 0 {
			break
		}
		summary := a.NewArray()
		for k := range it.summary {
			so := a.NewObject()
			so.Set("type", newString(a, []byte("summary_text")))
			so.Set("text", newString(a, it.summary[k].bytes()))
			summary.SetArrayItem(k, so)
		}
		o.Set("summary", summary)
	}
	return o
}

func (s *responsesAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.response != nil {
		setMembers(o, s.response)
	}
	output := a.NewArray()
	for i := range s.items {
		output.SetArrayItem(i, s.items[i].value(a))
	}
	o.Set("output", output)
	if e := nestedError(s.err); e != nil {
		o.Set("error", e)
	} else if s.err != nil {
		e := a.NewObject()
		s.err.GetObject().Visit(func(k []byte, v *fastjson.Value) {
			// The event's own type and number are not the error's.
			if string(k) != "type" && string(k) != "sequence_number" {
				e.Set(string(k), v)
			}
		})
		o.Set("error", e)
	}
	return o
}

// nestedError is the error object an error event ev nests ({type:
// "error", error: {code, message, …}}, as some servers send it), or nil
// for the documented flat event ({type: "error", code, message, param})
// and a nil ev.
func nestedError(ev *fastjson.Value) *fastjson.Value {
	if e := ev.Get("error"); e != nil && e.Type() == fastjson.TypeObject {
		return e
	}
	return nil
}
