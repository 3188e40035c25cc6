package recordings

import (
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// The Cohere families: POST /v2/chat and /v2/embed (and v1's /v1/embed,
// whose answer is the same list of vectors). Source: the API reference,
// docs.cohere.com/reference/chat (the response: {id, message: {role,
// content, tool_plan, tool_calls, citations}, finish_reason, usage}),
// docs.cohere.com/reference/embed, and the stream's events,
// docs.cohere.com/v2/docs/streaming and
// docs.cohere.com/v2/docs/tool-use-streaming. Cohere's v1 chat and
// generate are another format (coherev1.go).

var cohereChatProvider = provider{
	family: FamilyCohereChat, title: "Cohere chat",
	suffixes: []string{"/v2/chat"},
	looksLike: func(v *fastjson.Value) bool {
		if getStr(v, "type") == "message-start" {
			return true
		}
		m := v.Get("message")
		return m != nil && m.Type() == fastjson.TypeObject && v.Get("finish_reason") != nil && v.Get("done") == nil && v.Get("choices") == nil
	},
	format: cohereFormat{},
	answer: AnswerPaths{Trees: []string{"message", "finish_reason", "usage"}},
}

var cohereEmbedProvider = provider{
	family: FamilyCohereEmbed, title: "Cohere embed",
	suffixes: []string{"/v2/embed", "/v1/embed"},
	looksLike: func(v *fastjson.Value) bool {
		return strings.HasPrefix(getStr(v, "response_type"), "embeddings_") && v.Get("embeddings") != nil
	},
}

// cohereFormat folds the chat's streams (cohereAssembler) and reads its
// answers.
type cohereFormat struct{}

func (cohereFormat) newAssembler() assembler { return &cohereAssembler{} }

// readAnswer reads a chat response: one choice, the message's role, its
// content (text and thinking parts), its tool_plan (the model's plan
// before its tool calls, read as thinking) and its tool calls (OpenAI's
// shape: function.arguments a JSON text), finish_reason, then the usage
// counters (billed_units, tokens, cached_tokens). Its citations go to
// the text part of their content_index (the last text part when they name
// none).
func (cohereFormat) readAnswer(v *fastjson.Value) Answer {
	msg := v.Get("message")
	c := Choice{Role: getStr(msg, "role"), FinishReason: getStr(v, "finish_reason")}
	if c.Role == "" {
		return Answer{}
	}
	c.Parts = contentParts(msg.Get("content"))
	if plan := sharedStr(msg, "tool_plan"); plan != "" {
		c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: plan})
	}
	c.Parts = toolCallParts(c.Parts, msg.GetArray("tool_calls"))
	c.Parts = cohereCite(c.Parts, msg.GetArray("citations"))
	return Answer{Choices: []Choice{c}, Usage: usageItems(v.Get("usage"), "", nil),
		Other: otherMembers(otherMembers(nil, "", v, cohereRead), "message", msg, cohereMessageRead)}
}

// cohereCite gives each of a message's citations to the text part at its
// content_index (contentParts reads a part per content block), or to the
// last text part.
func cohereCite(parts []Part, list []*fastjson.Value) []Part {
	for i, c := range cohereCitations(list) {
		if k, ok := intOf(list[i].Get("content_index")); ok && k >= 0 && k < len(parts) && parts[k].Kind == PartText {
			parts[k].Citations = append(parts[k].Citations, c)
			continue
		}
		parts = citeLast(parts, []Citation{c})
	}
	return parts
}

// Cohere /v2/chat stream events -> the chat response.
//
// message-start gives the id and the message's role; content-start opens
// the content block at its index ({type: text, text} or {type: thinking,
// thinking}), content-delta appends its delta.message.content's text or
// thinking to it (opening it when no start came); tool-plan-delta appends
// to the message's tool_plan; tool-call-start opens the tool call at its
// index ({id, type, function: {name, arguments}}), tool-call-delta appends
// to its function.arguments; citation-start adds a citation; the -end
// events close what they name; message-end gives finish_reason and usage
// (and any other member of its delta, an error's). The result is {id,
// message: {role, content, tool_plan, tool_calls, citations}, finish_reason,
// usage}, as the chat answers without a stream: the message's members that
// stayed empty are left out, as that answer leaves them out. The stream is
// complete once message-end has come.

// cohereBlock is a content block of the message: its start (its type) and
// its text or thinking so far.
type cohereBlock struct {
	typ  string
	text textBuf
}

// cohereCall is a tool call: its start and its arguments so far.
type cohereCall struct {
	start *fastjson.Value // {id, type, function: {name, arguments}}
	args  textBuf
}

type cohereAssembler struct {
	id        *fastjson.Value
	role      string
	blocks    []cohereBlock
	plan      textBuf
	calls     []cohereCall
	citations []*fastjson.Value
	end       []kv // message-end's delta members, in order
	finished  bool
}

// maxCohereIndex bounds the index an event may open a block or call at.
const maxCohereIndex = 1 << 12

func (s *cohereAssembler) clone() assembler {
	c := *s
	c.blocks = append([]cohereBlock(nil), s.blocks...)
	for i := range c.blocks {
		c.blocks[i].text = c.blocks[i].text.clone()
	}
	c.calls = append([]cohereCall(nil), s.calls...)
	for i := range c.calls {
		c.calls[i].args = c.calls[i].args.clone()
	}
	c.plan = s.plan.clone()
	c.citations = clip(s.citations)
	c.end = clip(s.end)
	return &c
}

func (s *cohereAssembler) complete() bool { return s.finished }

// cohereIndex is the event's index, checked.
func cohereIndex(ev *fastjson.Value) (int, error) {
	i, ok := intOf(ev.Get("index"))
	if !ok || i < 0 || i >= maxCohereIndex {
		return 0, errorf("%s at index %s, not an index", getStr(ev, "type"), ev.Get("index"))
	}
	return i, nil
}

func (s *cohereAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil && c.Text == "[DONE]" {
		return withDelta(ds, Delta{Kind: KindMeta, Field: "done"}), nil
	}
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errorf("event data is not a JSON object: %.40q", c.Text)
	}
	typ := getStr(ev, "type")
	msg := ev.Get("delta", "message")
	switch typ {
	case "message-start":
		s.id = ev.Get("id")
		s.role = getStr(msg, "role")
		ds = withDelta(ds, Delta{Kind: KindRole, Field: "role", Text: s.role})
	case "content-start", "content-delta":
		i, err := cohereIndex(ev)
		if err != nil {
			return ds, err
		}
		content := msg.Get("content")
		for len(s.blocks) <= i {
			s.blocks = append(s.blocks, cohereBlock{})
		}
		b := &s.blocks[i]
		field := "content[" + strconv.Itoa(i) + "]"
		if t := getStr(content, "type"); t != "" {
			b.typ = t
		}
		kind, key := KindContent, "text"
		if b.typ == "thinking" || b.typ == "" && content.Get("thinking") != nil {
			b.typ, kind, key = "thinking", KindThinking, "thinking"
		} else if b.typ == "" {
			b.typ = "text"
		}
		t, _ := b.text.add(content.Get(key))
		if typ == "content-start" && t == "" {
			ds = withDelta(ds, Delta{Kind: kind, Field: field, Text: b.typ})
		} else {
			ds = withDelta(ds, Delta{Kind: kind, Field: field + "." + key, Text: t, Append: true})
		}
	case "tool-plan-delta":
		t, _ := s.plan.add(msg.Get("tool_plan"))
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: "tool_plan", Text: t, Append: true})
	case "tool-call-start", "tool-call-delta":
		i, err := cohereIndex(ev)
		if err != nil {
			return ds, err
		}
		for len(s.calls) <= i {
			s.calls = append(s.calls, cohereCall{})
		}
		call := &s.calls[i]
		tc := msg.Get("tool_calls")
		field := "tool_calls[" + strconv.Itoa(i) + "]"
		if typ == "tool-call-start" {
			call.start = tc
			ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field, Text: getStr(tc, "function", "name")})
		}
		if t, _ := call.args.add(tc.Get("function", "arguments")); t != "" || typ == "tool-call-delta" {
			ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field + ".arguments", Text: t, Append: true})
		}
	case "citation-start":
		if ct := msg.Get("citations"); ct != nil {
			s.citations = append(s.citations, ct)
			ds = withDelta(ds, Delta{Kind: KindContent, Field: "citations", Text: "+1"})
		}
	case "message-end":
		s.finished = true
		d := ev.Get("delta")
		d.GetObject().Visit(func(k []byte, v *fastjson.Value) {
			s.end = append(s.end, kv{string(k), v})
			switch string(k) {
			case "finish_reason":
				ds = withDelta(ds, Delta{Kind: KindFinish, Field: "finish_reason", Text: string(v.GetStringBytes())})
			case "usage":
				ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
			}
		})
		if d == nil || d.Get("finish_reason") == nil {
			ds = withDelta(ds, Delta{Kind: KindFinish, Field: typ})
		}
	default: // content-end, tool-call-end, citation-end, debug: nothing to fold
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	}
	return ds, nil
}

func (s *cohereAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.id != nil {
		o.Set("id", s.id)
	}
	m := a.NewObject()
	m.Set("role", newString(a, []byte(s.role)))
	if len(s.blocks) > 0 {
		content := a.NewArray()
		for i := range s.blocks {
			b := &s.blocks[i]
			key := "text"
			if b.typ == "thinking" {
				key = "thinking"
			}
			bo := a.NewObject()
			bo.Set("type", newString(a, []byte(b.typ)))
			bo.Set(key, textValue(a, &b.text))
			content.SetArrayItem(i, bo)
		}
		m.Set("content", content)
	}
	if s.plan.len() > 0 {
		m.Set("tool_plan", textValue(a, &s.plan))
	}
	if len(s.calls) > 0 {
		calls := a.NewArray()
		for i := range s.calls {
			calls.SetArrayItem(i, s.calls[i].value(a))
		}
		m.Set("tool_calls", calls)
	}
	if len(s.citations) > 0 {
		m.Set("citations", arrayOf(a, s.citations))
	}
	o.Set("message", m)
	for _, e := range s.end {
		o.Set(e.key, e.val)
	}
	return o
}

// value is the call as the answer holds it: its start's members, its
// function's arguments the text streamed.
func (c *cohereCall) value(a *arena) *fastjson.Value {
	o := a.NewObject()
	fn := a.NewObject()
	c.start.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) == "function" {
			setMembers(fn, v)
			v = fn
		}
		o.Set(string(k), v)
	})
	fn.Set("arguments", textValue(a, &c.args))
	if o.Get("function") == nil {
		o.Set("function", fn)
	}
	return o
}
