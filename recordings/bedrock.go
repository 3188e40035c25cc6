package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// The Amazon Bedrock Converse family: POST /model/{modelId}/converse and
// /model/{modelId}/converse-stream on bedrock-runtime, as vcrpy records
// them (a converse-stream body is an AWS event stream, which
// recordings/cassette gives as the list of its events, {TYPE: PAYLOAD}).
// Source: docs.aws.amazon.com/bedrock/latest/APIReference
// (API_runtime_Converse, API_runtime_ConverseStream,
// API_runtime_ContentBlock, API_runtime_ConverseStreamOutput).

var bedrockConverseProvider = provider{
	family: FamilyBedrockConverse, title: "Amazon Bedrock converse",
	suffixes: []string{"/converse", "/converse-stream"},
	format:   bedrockFormat{},
	answer:   AnswerPaths{Trees: []string{"output", "stopReason", "usage"}},
}

// bedrockFormat folds the family's streams (bedrockAssembler) and reads
// its answers.
type bedrockFormat struct{}

func (bedrockFormat) newAssembler() assembler { return &bedrockAssembler{} }

// readAnswer reads a Converse response: one choice, output.message's
// role and content blocks (text, toolUse, reasoningContent, as the
// request's content blocks are read), stopReason as the finish reason,
// then the usage counters, and the response's other members (metrics,
// trace …) as the Answer's Other.
func (bedrockFormat) readAnswer(v *fastjson.Value) Answer {
	msg := v.Get("output", "message")
	a := Answer{Choices: []Choice{{Role: getStr(msg, "role"), FinishReason: getStr(v, "stopReason"), Parts: contentParts(msg.Get("content"))}}}
	a.Usage = usageItems(v.Get("usage"), "", nil)
	a.Other = otherMembers(nil, "", v, bedrockRead)
	return a
}

// bedrockPart reads a Converse content block ({text}, {toolUse:
// {toolUseId, name, input}}, {toolResult: {toolUseId, content}},
// {reasoningContent: {reasoningText: {text}}}); ok is false for another
// object. A text block is known as a tool result's is (isTextBlock): a
// member beside its text is its Other.
func bedrockPart(p *fastjson.Value) (Part, bool) {
	switch {
	case isTextBlock(p):
		return Part{Kind: PartText, Text: sharedStr(p, "text"), Other: otherMembers(nil, "", p, resultTextRead)}, true
	case p.Get("toolUse") != nil:
		u := p.Get("toolUse")
		return Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(u, "toolUseId"), getStr(u, "name"), u.Get("input")), Raw: p,
			Other: otherMembers(nil, "toolUse", u, bedrockToolUse)}, true
	case p.Get("toolResult") != nil:
		r := p.Get("toolResult")
		text, other := resultText(otherMembers(nil, "toolResult", r, bedrockToolResult), "toolResult.content", r.Get("content"))
		return Part{Kind: PartToolResult, Text: text, CallID: getStr(r, "toolUseId"), Raw: p, Other: other}, true
	case p.Get("reasoningContent") != nil:
		return Part{Kind: PartThinking, Text: getStr(p, "reasoningContent", "reasoningText", "text"), Raw: p}, true
	}
	return Part{}, false
}

// Bedrock converse-stream events -> the Converse response.
//
// Each event is {TYPE: PAYLOAD}: messageStart gives the role;
// contentBlockStart opens the block at contentBlockIndex with its start
// (a toolUse's toolUseId and name); contentBlockDelta appends its delta's
// text, a toolUse's input (partial JSON) or a reasoningContent's text and
// signature to the block at contentBlockIndex, opening it when no start
// came (text blocks have none); messageStop gives stopReason; metadata
// the usage and metrics. The result is {output: {message: {role,
// content}}, stopReason, usage, metrics}, as Converse answers: a toolUse's
// input is its partial JSON parsed (kept as "partial_json", the input {},
// while it does not parse, as a step mid-call), and the padding field
// "p" AWS adds to each event is dropped. The stream is complete once
// metadata, which comes last, has come.

// bedrockAssembler keeps its blocks as the Anthropic assembler does
// (anthropicBlock): a toolUse's start as the block's start, the
// reasoning text as its thinking.
type bedrockAssembler struct {
	role     *fastjson.Value
	blocks   []anthropicBlock
	stop     *fastjson.Value
	usage    *fastjson.Value
	metrics  *fastjson.Value
	finished bool
}

func (s *bedrockAssembler) clone() assembler {
	c := *s
	c.blocks = cloneBlocks(s.blocks)
	return &c
}

func (s *bedrockAssembler) complete() bool { return s.finished }

// maxBedrockBlocks bounds the content block index an event may open.
const maxBedrockBlocks = 1 << 12

// block is the block at the event's contentBlockIndex, opened (with the
// blocks before it) when new.
func (s *bedrockAssembler) block(ev *fastjson.Value) (*anthropicBlock, int, error) {
	i, ok := intOf(ev.Get("contentBlockIndex"))
	if !ok || i < 0 || i >= maxBedrockBlocks {
		return nil, 0, errorf("contentBlockIndex %s is not a block's index", ev.Get("contentBlockIndex"))
	}
	for len(s.blocks) <= i {
		s.blocks = append(s.blocks, anthropicBlock{})
	}
	return &s.blocks[i], i, nil
}

// awsEvent reads an AWS event stream's event as recordings/cassette
// gives it, {TYPE: PAYLOAD}: its type and its payload.
func awsEvent(c *Chunk) (typ string, body *fastjson.Value, err error) {
	ev := c.Data()
	if ev == nil || ev.Type() != fastjson.TypeObject || ev.GetObject().Len() != 1 {
		return "", nil, errorf("event is not an object of one event type: %.60q", c.Text)
	}
	ev.GetObject().Visit(func(k []byte, v *fastjson.Value) { typ, body = string(k), v })
	return typ, body, nil
}

func (s *bedrockAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	typ, body, err := awsEvent(c)
	if err != nil {
		return ds, err
	}
	if body.Type() != fastjson.TypeObject {
		return ds, errorf("%s event is %s, not an object", typ, body.Type())
	}
	switch typ {
	case "messageStart":
		s.role = body.Get("role")
		ds = withDelta(ds, Delta{Kind: KindRole, Field: "role", Text: getStr(body, "role")})
	case "contentBlockStart":
		b, i, err := s.block(body)
		if err != nil {
			return ds, err
		}
		b.start = body.Get("start", "toolUse")
		ds = withDelta(ds, Delta{Kind: KindToolCall, Field: "content[" + strconv.Itoa(i) + "].toolUse", Text: getStr(b.start, "name")})
	case "contentBlockDelta":
		b, i, err := s.block(body)
		if err != nil {
			return ds, err
		}
		ds = addBedrockDelta(b, i, body.Get("delta"), ds)
	case "messageStop":
		s.stop = body.Get("stopReason")
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "stopReason", Text: getStr(body, "stopReason")})
	case "metadata":
		s.usage, s.metrics, s.finished = body.Get("usage"), body.Get("metrics"), true
		ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
	default: // contentBlockStop, exceptions and events added later
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	}
	return ds, nil
}

// addBedrockDelta appends a contentBlockDelta's delta to block b (at i).
func addBedrockDelta(b *anthropicBlock, i int, d *fastjson.Value, ds []Delta) []Delta {
	field := "content[" + strconv.Itoa(i) + "]."
	var t string
	switch {
	case d.Get("text") != nil:
		b.has |= hasText
		t, _ = b.text.add(d.Get("text"))
		ds = withDelta(ds, Delta{Kind: KindContent, Field: field + "text", Text: t, Append: true})
	case d.Get("toolUse") != nil:
		b.has |= hasInput
		t, _ = b.input.add(d.Get("toolUse", "input"))
		ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field + "toolUse.input", Text: t, Append: true})
	case d.Get("reasoningContent", "text") != nil:
		b.has |= hasThinking
		t, _ = b.thinking.add(d.Get("reasoningContent", "text"))
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: field + "reasoningContent.reasoningText.text", Text: t, Append: true})
	case d.Get("reasoningContent", "signature") != nil:
		b.has |= hasSignature
		t, _ = b.signature.add(d.Get("reasoningContent", "signature"))
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: field + "reasoningContent.reasoningText.signature", Text: t, Append: true})
	default:
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: field + "delta"})
	}
	return ds
}

// bedrockValue is block b as Converse gives it: {text}, {toolUse:
// {toolUseId, name, input}} or {reasoningContent: {reasoningText: {text,
// signature}}}.
func bedrockValue(a *arena, b *anthropicBlock) *fastjson.Value {
	o := a.NewObject()
	if b.start != nil || b.has&hasInput != 0 {
		u := a.NewObject()
		setMembers(u, b.start)
		setInput(a, u, b.input.bytes())
		o.Set("toolUse", u)
	}
	if b.has&(hasThinking|hasSignature) != 0 {
		r := a.NewObject()
		if b.has&hasThinking != 0 {
			r.Set("text", textValue(a, &b.thinking))
		}
		if b.has&hasSignature != 0 {
			r.Set("signature", textValue(a, &b.signature))
		}
		rc := a.NewObject()
		rc.Set("reasoningText", r)
		o.Set("reasoningContent", rc)
	}
	if b.has&hasText != 0 {
		o.Set("text", textValue(a, &b.text))
	}
	return o
}

func (s *bedrockAssembler) result(a *arena) *fastjson.Value {
	content := a.NewArray()
	for i := range s.blocks {
		content.SetArrayItem(i, bedrockValue(a, &s.blocks[i]))
	}
	msg := a.NewObject()
	if s.role != nil {
		msg.Set("role", s.role)
	}
	msg.Set("content", content)
	out := a.NewObject()
	out.Set("message", msg)
	o := a.NewObject()
	o.Set("output", out)
	for _, f := range []kv{{"stopReason", s.stop}, {"usage", s.usage}, {"metrics", s.metrics}} {
		if f.val != nil {
			o.Set(f.key, f.val)
		}
	}
	return o
}
