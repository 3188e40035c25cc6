package recordings

import (
	"slices"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// xAI's chat over gRPC (xai_sdk's Chat service, GetCompletion and
// GetCompletionChunk), as pydantic-ai's xAI samples record it: the
// messages as JSON of their protocol buffers (xai_sdk/proto/v6/chat.proto:
// GetChatCompletionResponse {id, outputs: [CompletionOutput
// {finish_reason, index, message: {content, reasoning_content, role,
// tool_calls: [{id, type, status, function: {name, arguments}}],
// encrypted_content, citations}}], created, model, system_fingerprint,
// usage, citations, settings}; a stream's GetChatCompletionChunk has
// outputs of {delta, finish_reason, index}, each recorded under "chunk").
// The enums keep their names: ROLE_ASSISTANT, REASON_STOP.
//
// Several outputs are one answer's turns, a server-side tool's among
// them: an assistant's call (its output's index 0), the tool's output
// (ROLE_TOOL), the assistant's answer.
var xaiChatProvider = provider{
	family: FamilyXAIChat, title: "xAI chat (gRPC)",
	looksLike: isXAIChat,
	format:    xaiFormat{},
	answer:    AnswerPaths{Trees: []string{"outputs[*].message", "outputs[*].finish_reason", "outputs[*].index", "usage"}, Choices: "outputs"},
	request:   xaiRequest,
}

// xaiRequest reads a chat request as any request is read, each
// message's role as the other families name it (xaiRole).
func xaiRequest(body *fastjson.Value) Conversation {
	c := readRequest(body)
	for i := range c.Messages {
		c.Messages[i].Role = xaiRole(c.Messages[i].Role)
	}
	return c
}

// isXAIChat reports a response, or a stream's chunk, whose first output
// holds a message or a delta of an xAI role (ROLE_…).
func isXAIChat(v *fastjson.Value) bool {
	if c := v.Get("chunk"); c != nil {
		v = c
	}
	outs := v.GetArray("outputs")
	if len(outs) == 0 {
		return false
	}
	m := outs[0].Get("message")
	if m == nil {
		m = outs[0].Get("delta")
	}
	return strings.HasPrefix(getStr(m, "role"), "ROLE_")
}

// xaiRole is a message role of xAI's enum as the other families name
// it: ROLE_ASSISTANT → assistant; a role it does not know lower case,
// without its prefix.
func xaiRole(r string) string {
	return strings.ToLower(strings.TrimPrefix(r, "ROLE_"))
}

// xaiFormat folds xAI's streams (xaiAssembler) and reads their answers.
type xaiFormat struct{}

func (xaiFormat) newAssembler() assembler { return &xaiAssembler{} }

// What an xAI answer reads; the rest is the Answer's Other.
var (
	xaiRead        = nameSet{"id", "outputs", "created", "model", "system_fingerprint", "usage"}
	xaiOutputRead  = nameSet{"index", "finish_reason", "message"}
	xaiMessageRead = nameSet{"content", "reasoning_content", "role", "tool_calls"}
)

// readAnswer reads each output as a choice: its role (xaiRole), its
// reasoning as thinking, its text, its tool calls (a call's type and
// status as its block's other members), its finish reason as recorded;
// the usage; the rest (citations, encrypted content, settings) as the
// Answer's Other.
func (xaiFormat) readAnswer(v *fastjson.Value) Answer {
	a := Answer{Usage: usageItems(v.Get("usage"), "", nil), Other: otherMembers(nil, "", v, xaiRead)}
	for i, o := range v.GetArray("outputs") {
		m := o.Get("message")
		c := Choice{Index: i, Role: xaiRole(getStr(m, "role")), FinishReason: getStr(o, "finish_reason")}
		if t := sharedStr(m, "reasoning_content"); t != "" {
			c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: t})
		}
		if t := sharedStr(m, "content"); t != "" {
			c.Parts = append(c.Parts, Part{Kind: PartText, Text: t})
		}
		for _, tc := range m.GetArray("tool_calls") {
			c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(tc, "id"), getStr(tc, "function", "name"), tc.Get("function", "arguments")),
				Other: otherMembers(nil, "", tc, nameSet{"id", "function"})})
		}
		a.Choices = append(a.Choices, c)
		other := otherMembers(nil, "", o, xaiOutputRead)
		if m != nil {
			other = otherMembers(other, "message", m, xaiMessageRead)
		}
		a.Other = underItem(a.Other, "outputs", i, other)
	}
	return a
}

// xaiAssembler folds an xAI stream as xai_sdk's Response.process_chunk
// does (xai_sdk/chat.py): the last chunk's id, created, model,
// system_fingerprint and usage, the citations of every chunk in turn;
// for each output, by its index: the role and the finish reason of its
// last chunk, the tool calls and citations of every chunk in turn, its
// content, reasoning_content and encrypted_content joined. A stream has
// no final chunk of its own: it is complete once its last output (of
// the highest index) has a finish reason; a server-side tool's output
// before it has none.
type xaiAssembler struct {
	top       []Member          // the last chunk's id, created, model, system_fingerprint, usage, service_tier
	citations []*fastjson.Value // the chunks' citations, in turn
	outputs   []xaiOutput
}

// xaiOutput is one output being assembled.
type xaiOutput struct {
	role, finish               string
	calls, citations           []*fastjson.Value
	text, reasoning, encrypted textBuf
	seen                       bool // a chunk of this index came
}

func (s *xaiAssembler) clone() assembler {
	c := *s
	c.top = slices.Clip(s.top)
	c.citations = slices.Clip(s.citations)
	c.outputs = make([]xaiOutput, len(s.outputs))
	for i, o := range s.outputs {
		o.calls, o.citations = slices.Clip(o.calls), slices.Clip(o.citations)
		o.text, o.reasoning, o.encrypted = o.text.clone(), o.reasoning.clone(), o.encrypted.clone()
		c.outputs[i] = o
	}
	return &c
}

func (s *xaiAssembler) complete() bool {
	done := false
	for _, o := range s.outputs {
		if o.seen {
			done = o.finish != "" && o.finish != "REASON_INVALID"
		}
	}
	return done
}

func (s *xaiAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if w := ev.Get("chunk"); w != nil {
		ev = w
	}
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errorf("chunk is not a JSON object")
	}
	for _, k := range []string{"id", "created", "model", "system_fingerprint", "usage", "service_tier"} {
		if v := ev.Get(k); v != nil {
			s.top = setMember(s.top, k, v)
		}
	}
	if u := ev.Get("usage"); u != nil {
		ds = append(ds, Delta{Kind: KindUsage, Field: "usage"})
	}
	s.citations = append(s.citations, ev.GetArray("citations")...)
	for _, o := range ev.GetArray("outputs") {
		index := o.Get("index")
		i, ok := intOf(index)
		if index == nil {
			i, ok = 0, true
		}
		if !ok || i < 0 || i >= maxChoices {
			return ds, errorf("output index %s out of range", index)
		}
		for len(s.outputs) <= i {
			s.outputs = append(s.outputs, xaiOutput{})
		}
		out := &s.outputs[i]
		out.seen = true
		d := o.Get("delta")
		if r := getStr(d, "role"); r != out.role {
			out.role = r // as process_chunk sets it, "" (the enum's zero) too
			if r != "" {
				ds = append(ds, Delta{Kind: KindRole, Choice: i, Field: "role", Text: xaiRole(r)})
			}
		}
		for _, f := range []struct {
			buf  *textBuf
			key  string
			kind DeltaKind
		}{{&out.reasoning, "reasoning_content", KindThinking}, {&out.text, "content", KindContent}, {&out.encrypted, "encrypted_content", KindMeta}} {
			v := d.Get(f.key)
			if v == nil {
				continue
			}
			t, ok := f.buf.add(v)
			if !ok {
				return ds, errorf("delta.%s is %s, not a string", f.key, v.Type())
			}
			ds = append(ds, Delta{Kind: f.kind, Choice: i, Field: f.key, Text: t, Append: true})
		}
		calls := d.GetArray("tool_calls")
		for _, tc := range calls {
			ds = append(ds, Delta{Kind: KindToolCall, Choice: i, Field: "tool_calls[" + strconv.Itoa(len(out.calls)) + "]", Text: getStr(tc, "function", "name")})
			out.calls = append(out.calls, tc)
		}
		out.citations = append(out.citations, d.GetArray("citations")...)
		// Each chunk sets the finish reason, as process_chunk does; an
		// absent one is the enum's zero, which protobuf's JSON leaves out.
		if f := getStr(o, "finish_reason"); f != out.finish {
			out.finish = f
			if f != "" {
				ds = append(ds, Delta{Kind: KindFinish, Choice: i, Field: "finish_reason", Text: f})
			}
		}
	}
	return ds, nil
}

func (s *xaiAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	for _, m := range s.top {
		o.Set(m.Path, m.Value)
	}
	outs := a.NewArray()
	for i := range s.outputs {
		out := &s.outputs[i]
		msg := a.NewObject()
		for _, f := range []struct {
			key string
			buf *textBuf
		}{{"content", &out.text}, {"reasoning_content", &out.reasoning}, {"encrypted_content", &out.encrypted}} {
			if f.buf.len() > 0 {
				msg.Set(f.key, textValue(a, f.buf))
			}
		}
		if out.role != "" {
			msg.Set("role", newString(a, []byte(out.role)))
		}
		if len(out.calls) > 0 {
			msg.Set("tool_calls", arrayOf(a, out.calls))
		}
		if len(out.citations) > 0 {
			msg.Set("citations", arrayOf(a, out.citations))
		}
		item := a.NewObject()
		if out.finish != "" {
			item.Set("finish_reason", newString(a, []byte(out.finish)))
		}
		item.Set("index", a.NewNumberInt(i))
		item.Set("message", msg)
		outs.SetArrayItem(i, item)
	}
	o.Set("outputs", outs)
	if len(s.citations) > 0 {
		o.Set("citations", arrayOf(a, s.citations))
	}
	return o
}
