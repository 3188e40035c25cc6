package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// The Anthropic family, POST /v1/messages. Source:
// docs.anthropic.com/en/api/messages.

var anthropicMessagesProvider = provider{
	family: FamilyAnthropicMessages, title: "Anthropic messages",
	suffixes: []string{"/v1/messages"},
	looksLike: func(v *fastjson.Value) bool {
		t := string(v.GetStringBytes("type"))
		return t == "message_start" || t == "message"
	},
	format: anthropicFormat{},
	answer: AnswerPaths{Trees: []string{"role", "content", "stop_reason", "usage"}},
}

// anthropicFormat folds the family's streams (anthropicAssembler) and
// reads its answers.
type anthropicFormat struct{}

func (anthropicFormat) newAssembler() assembler { return &anthropicAssembler{} }

// readAnswer reads a message: one choice, its content blocks, then the
// usage counters, and its other members (stop_sequence, stop_details,
// container) as the Answer's Other; nothing when the message has no role.
func (anthropicFormat) readAnswer(v *fastjson.Value) Answer {
	var a Answer
	c := Choice{Role: getStr(v, "role"), FinishReason: getStr(v, "stop_reason")}
	if c.Role == "" {
		return a
	}
	c.Parts = contentParts(v.Get("content"))
	a.Choices = []Choice{c}
	a.Usage = usageItems(v.Get("usage"), "", nil)
	a.Other = otherMembers(nil, "", v, anthropicRead)
	return a
}

// Anthropic /v1/messages SSE events -> the "message" object.
//
// The folding follows anthropic-sdk-go's Message.Accumulate
// (messageutil.go): message_start gives the message; content_block_start
// appends a block, which must come at the next index; content_block_delta
// appends text_delta, thinking_delta, signature_delta and input_json_delta
// text to its block (citations_delta appends a citation); message_delta
// sets stop_reason, stop_sequence (and stop_details, container) and
// overwrites the usage counters it carries (they are running totals);
// message_stop ends the message; an error event ends it too, its "error"
// kept as the result's (the SDK's stream returns it as an error). A tool_use block's input is the
// concatenated partial JSON, parsed. Where that text is not valid JSON (a
// stream cut mid-call, or any step before the call is complete) the input
// stays {} as in the SDK, and the text so far is kept in the block's
// "partial_json" field so stepping can show it. Source of the event
// format: https://docs.anthropic.com/en/docs/build-with-claude/streaming.

type anthropicBlock struct {
	start     *fastjson.Value
	text      textBuf
	thinking  textBuf
	signature textBuf
	input     textBuf
	citations []*fastjson.Value
	has       uint8 // bits: text, thinking, signature, input
}

const (
	hasText = 1 << iota
	hasThinking
	hasSignature
	hasInput
)

type kv struct {
	key string
	val *fastjson.Value
}

type anthropicAssembler struct {
	message *fastjson.Value
	blocks  []anthropicBlock
	// deltaFields are message_delta.delta fields in arrival order (later
	// ones win); usage the message_delta usage counters likewise.
	deltaFields []kv
	usage       []kv
	stopped     bool
	err         *fastjson.Value // an error event's "error"
}

func (s *anthropicAssembler) clone() assembler {
	c := *s
	c.blocks = cloneBlocks(s.blocks)
	c.deltaFields = s.deltaFields[:len(s.deltaFields):len(s.deltaFields)]
	c.usage = s.usage[:len(s.usage):len(s.usage)]
	return &c
}

// cloneBlocks is a copy of blocks that shares their text (textBuf.clone).
func cloneBlocks(blocks []anthropicBlock) []anthropicBlock {
	c := append([]anthropicBlock(nil), blocks...)
	for i := range c {
		b := &c[i]
		b.text, b.thinking, b.signature, b.input = b.text.clone(), b.thinking.clone(), b.signature.clone(), b.input.clone()
		b.citations = b.citations[:len(b.citations):len(b.citations)]
	}
	return c
}

func (s *anthropicAssembler) complete() bool { return s.stopped }

func (s *anthropicAssembler) block(ev *fastjson.Value) (*anthropicBlock, int, error) {
	i, ok := intOf(ev.Get("index"))
	if !ok || i < 0 || i >= len(s.blocks) {
		return nil, 0, errorf("%s for content block %s, but %d blocks are open", getStr(ev, "type"), ev.Get("index"), len(s.blocks))
	}
	return &s.blocks[i], i, nil
}

func (s *anthropicAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errorf("event data is not a JSON object: %.40q", c.Text)
	}
	typ := getStr(ev, "type")
	switch typ {
	case "message_start":
		m := ev.Get("message")
		if m == nil || m.Type() != fastjson.TypeObject {
			return ds, errorf("message_start without a message object")
		}
		// A message_start starts the message over, a second one too (a
		// stream of several messages: the SDK's Accumulate sets the
		// message it carries, and so the last message is the answer).
		s.message, s.blocks, s.deltaFields, s.usage, s.stopped = m, nil, nil, nil, false
		ds = withDelta(ds, Delta{Kind: KindRole, Field: "role", Text: getStr(m, "role")})
		if !isNull(m.Get("usage")) {
			ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
		}
	case "content_block_start":
		cb := ev.Get("content_block")
		if cb == nil || cb.Type() != fastjson.TypeObject {
			return ds, errorf("content_block_start without a content_block object")
		}
		if i, ok := intOf(ev.Get("index")); !ok || i != len(s.blocks) {
			return ds, errorf("content_block_start at index %s, expected %d", ev.Get("index"), len(s.blocks))
		}
		field := "content[" + strconv.Itoa(len(s.blocks)) + "]"
		s.blocks = append(s.blocks, anthropicBlock{start: cb})
		kind, text := KindMeta, getStr(cb, "type")
		switch text {
		case "tool_use", "server_tool_use":
			kind, text = KindToolCall, text+" "+getStr(cb, "name")
		case "thinking", "redacted_thinking":
			kind = KindThinking
		}
		ds = withDelta(ds, Delta{Kind: kind, Field: field, Text: text})
	case "content_block_delta":
		b, i, err := s.block(ev)
		if err != nil {
			return ds, err
		}
		ds = b.addDelta(i, ev.Get("delta"), ds)
	case "content_block_stop":
		if _, _, err := s.block(ev); err != nil {
			return ds, err
		}
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	case "message_delta":
		if d := ev.Get("delta"); d != nil && d.Type() == fastjson.TypeObject {
			d.GetObject().Visit(func(k []byte, v *fastjson.Value) {
				s.deltaFields = append(s.deltaFields, kv{string(k), v})
				if string(k) == "stop_reason" && !isNull(v) {
					ds = withDelta(ds, Delta{Kind: KindFinish, Field: "stop_reason", Text: string(v.GetStringBytes())})
				}
			})
		}
		if u := ev.Get("usage"); u != nil && u.Type() == fastjson.TypeObject {
			u.GetObject().Visit(func(k []byte, v *fastjson.Value) {
				// output_tokens always counts; other counters only when sent.
				if !isNull(v) || string(k) == "output_tokens" {
					s.usage = append(s.usage, kv{string(k), v})
				}
			})
			ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
		}
	case "message_stop":
		s.stopped = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: typ})
	case "error":
		s.stopped = true
		if e := ev.Get("error"); e != nil && e.Type() == fastjson.TypeObject {
			s.err = e
		}
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "error", Text: getStr(ev, "error", "message")})
	default: // ping and events added later: nothing to fold
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	}
	return ds, nil
}

func (b *anthropicBlock) addDelta(i int, d *fastjson.Value, ds []Delta) []Delta {
	field := "content[" + strconv.Itoa(i) + "]."
	var t string
	switch getStr(d, "type") {
	case "text_delta":
		b.has |= hasText
		t, _ = b.text.add(d.Get("text"))
		ds = withDelta(ds, Delta{Kind: KindContent, Field: field + "text", Text: t, Append: true})
	case "thinking_delta":
		b.has |= hasThinking
		t, _ = b.thinking.add(d.Get("thinking"))
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: field + "thinking", Text: t, Append: true})
	case "signature_delta":
		b.has |= hasSignature
		t, _ = b.signature.add(d.Get("signature"))
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: field + "signature", Text: t, Append: true})
	case "input_json_delta":
		b.has |= hasInput
		t, _ = b.input.add(d.Get("partial_json"))
		ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field + "input", Text: t, Append: true})
	case "citations_delta":
		if c := d.Get("citation"); c != nil {
			b.citations = append(b.citations, c)
			ds = withDelta(ds, Delta{Kind: KindContent, Field: field + "citations", Text: "+1"})
		}
	default:
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: field + getStr(d, "type")})
	}
	return ds
}

// setInput sets o's "input" to a tool call's streamed input: its
// partial JSON parsed, or, while it does not parse yet (a step mid-call),
// {} with the text kept as "partial_json" (none for no text).
func setInput(a *arena, o *fastjson.Value, input []byte) {
	if v, err := fastjson.ParseBytes(input); err == nil {
		o.Set("input", v)
		return
	}
	o.Set("input", a.NewObject())
	if len(input) > 0 {
		o.Set("partial_json", newString(a, input))
	}
}

func (b *anthropicBlock) value(a *arena) *fastjson.Value {
	o := a.NewObject()
	setMembers(o, b.start)
	if b.has&hasText != 0 {
		o.Set("text", textValue(a, &b.text))
	}
	if b.has&hasThinking != 0 {
		o.Set("thinking", textValue(a, &b.thinking))
	}
	if b.has&hasSignature != 0 {
		o.Set("signature", textValue(a, &b.signature))
	}
	if input := b.input.bytes(); b.has&hasInput != 0 && len(input) > 0 {
		setInput(a, o, input)
	}
	if len(b.citations) > 0 {
		o.Set("citations", arrayOf(a, b.citations))
	}
	return o
}

func (s *anthropicAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.message == nil {
		return o
	}
	content := a.NewArray()
	for i := range s.blocks {
		content.SetArrayItem(i, s.blocks[i].value(a))
	}
	s.message.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		switch string(k) {
		case "content":
			v = content
		case "usage":
			if v.Type() == fastjson.TypeObject && len(s.usage) > 0 {
				u := a.NewObject()
				setMembers(u, v)
				for _, e := range s.usage {
					u.Set(e.key, e.val)
				}
				v = u
			}
		}
		o.Set(string(k), v)
	})
	if o.Get("content") == nil {
		o.Set("content", content)
	}
	// Set replaces a key in place or adds it at the end.
	for _, e := range s.deltaFields {
		if e.key == "stop_reason" || e.key == "stop_sequence" || !isNull(e.val) {
			o.Set(e.key, e.val)
		}
	}
	if s.err != nil {
		o.Set("error", s.err)
	}
	return o
}
