package recordings

import (
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// The OpenAI families: chat completions, completions, embeddings and the
// models list, as OpenAI and the servers that copy its API (vLLM, Ollama's
// /v1, llama.cpp) serve them. Source:
// platform.openai.com/docs/api-reference.

var openaiChatProvider = provider{
	family: FamilyOpenAIChat, title: "OpenAI chat completions",
	suffixes: []string{"/chat/completions"},
	// A stored chat completion's paths (GET, POST, DELETE
	// /v1/chat/completions/{id}, its /messages): what they answer is
	// read by its data, an error or a deletion shown as such.
	within:         []string{"/chat/completions/"},
	objects:        []string{"chat.completion", "chat.completion.chunk"},
	format:         openaiFormat{},
	foldsAsChecked: true,
	answer:         openaiAnswer,
	// A stored chat completion's messages, listed at a path that holds
	// its id (messagelist.go).
	looksLike: isChatMessageList,
}

var openaiCompletionsProvider = provider{
	family: FamilyOpenAICompletions, title: "OpenAI completions",
	suffixes:       []string{"/completions"},
	objects:        []string{"text_completion"},
	format:         openaiFormat{completion: true},
	foldsAsChecked: true,
	answer:         openaiAnswer,
}

var openaiEmbeddingsProvider = provider{
	family: FamilyOpenAIEmbeddings, title: "OpenAI embeddings",
	suffixes: []string{"/embeddings"},
	looksLike: func(v *fastjson.Value) bool {
		d := v.GetArray("data")
		return string(v.GetStringBytes("object")) == "list" && len(d) > 0 && d[0].Get("embedding") != nil
	},
}

var openaiModelsProvider = provider{
	family: FamilyOpenAIModels, title: "OpenAI models list", environment: true,
	suffixes: []string{"/models"},
	objects:  []string{"model"},
}

// openaiAnswer is what openaiFormat.readAnswer reads, in chat completions
// and completions alike.
var openaiAnswer = AnswerPaths{
	Trees: []string{"choices[*].message", "choices[*].finish_reason", "choices[*].index", "choices[*].text", "choices[*].tool_calls", "usage",
		// A list of stored messages' items.
		"data"},
	Choices: "choices",
}

// openaiFormat folds chat completion chunks, or completion chunks, and
// reads the answers of both.
type openaiFormat struct{ completion bool }

func (f openaiFormat) newAssembler() assembler { return &openaiAssembler{completion: f.completion} }

// readAnswer reads a chat.completion or a text_completion: a choice per
// element of "choices", its message (text, refusal, tool calls) or its
// text (and the tool calls completions recorded as chat carry), then the
// usage counters; the members of the response, of a choice and of a
// message it does not read are its Other, in that order.
func (f openaiFormat) readAnswer(v *fastjson.Value) Answer {
	switch {
	case f.completion:
	case isChatMessageList(v):
		return listAnswer(v, "message", storedChatMessage)
	case isChatCompletionList(v):
		return f.completionList(v)
	}
	a := Answer{Other: otherMembers(nil, "", v, openaiRead)}
	for i, ch := range v.GetArray("choices") {
		c := Choice{Index: i, FinishReason: getStr(ch, "finish_reason")}
		if idx, ok := intOf(ch.Get("index")); ok {
			c.Index = idx
		}
		own := otherMembers(nil, "", ch, openaiChoiceRead)
		if m := ch.Get("message"); m != nil {
			msg := chatMessage(m, openaiMessageRead)
			own = under(own, "message", msg.Other)
			c.Role, c.Parts = msg.Role, msg.Parts
			if r := sharedStr(m, "refusal"); r != "" {
				c.Parts = append(c.Parts, Part{Kind: PartText, Text: r})
			}
		} else {
			c.Parts = toolCallParts([]Part{{Kind: PartText, Text: sharedStr(ch, "text")}}, ch.GetArray("tool_calls"))
		}
		a.Other = underItem(a.Other, "choices", i, own)
		a.Choices = append(a.Choices, c)
	}
	a.Usage = usageItems(v.Get("usage"), "", nil)
	return a
}

// OpenAI chat completion chunks -> a "chat.completion" object, and
// completion chunks -> a "text_completion" object.
//
// The folding follows openai-go's ChatCompletionAccumulator.AddChunk
// (streamaccumulator.go): per choice index, content and refusal are
// concatenated; tool calls are merged by their "index" (-1 counts as 0),
// taking id, type and name from the deltas that carry them and
// concatenating arguments; logprobs entries are concatenated; id is the
// first chunk's, created the last chunk's. Deliberate differences: usage
// is the last non-null usage (openai-go adds the usages up, which
// double-counts providers that send a running total in every chunk, as
// Ollama's /v1 does); finish_reason, model, system_fingerprint and
// service_tier are the last non-empty values (openai-go lets a later "" or
// null erase them); a tool-call name sent again is not appended to itself;
// and a chunk with another id is folded in (openai-go rejects it). A
// chunk holding an "error" object (Groq's and other OpenAI-compatible
// servers' way to fail a stream, on which openai-python raises APIError
// and openai-go's stream returns an error) ends the stream; the result
// keeps it as "error", after the members above.
//
// The result's fields are in the order of openai-python's ChatCompletion
// and Completion models, as in non-streaming recordings. Completion chunks
// may be typed ChatCompletionChunk (ogx 2025 recorded chat calls under
// /v1/completions): their delta.content counts as text, and tool calls they
// carry are kept in the choice's "tool_calls".

// maxChoices bounds the choice index a chunk may name, as openai-go does.
const maxChoices = 128

// maxToolCallGrowth bounds how far past the last tool call a delta's index
// may reach, as openai-go does.
const maxToolCallGrowth = 128

type openaiToolCall struct {
	id, typ, name string
	args          textBuf
}

type openaiChoice struct {
	role          string
	content       textBuf
	hasContent    bool
	thinking      textBuf // Mistral's thinking content parts (mistralParts)
	hasThinking   bool
	reasoning     textBuf // delta.reasoning_content or delta.reasoning
	reasoningKey  string  // which of the two the stream sent, "" for none
	refusal       textBuf
	hasRefusal    bool
	toolCalls     []openaiToolCall
	fcName        string
	fcArgs        textBuf
	hasFC         bool
	finishReason  string
	logprobs      jsonx.KeptList // chat: logprobs.content entries
	refusalLP     jsonx.KeptList
	hasLogprobs   bool
	tokens        jsonx.KeptList // completions: logprobs.tokens etc.
	tokenLogprobs jsonx.KeptList
	topLogprobs   jsonx.KeptList
	textOffset    jsonx.KeptList
	others        []keptMember // the choice's members not folded (keepOthers)
}

type openaiAssembler struct {
	completion bool

	id, model, fingerprint, tier string
	created                      jsonx.Kept
	usage                        jsonx.Kept
	scratch                      []byte // jsonx.Kept.Set's, during a call only
	choices                      []openaiChoice
	finished                     bool
	err                          jsonx.Kept    // an error chunk's "error"
	others                       []keptMember  // the chunks' members not folded (keepOthers)
	unfolded                     []DeltaMember // the deltas' members not folded (noteUnfolded)
	chunks                       int           // chunks added
}

func (s *openaiAssembler) unfoldedDeltas() []DeltaMember { return s.unfolded }

func (s *openaiAssembler) clone() assembler {
	c := *s
	c.others = append([]keptMember(nil), s.others...)
	c.unfolded = append([]DeltaMember(nil), s.unfolded...)
	c.choices = make([]openaiChoice, len(s.choices))
	for i, ch := range s.choices {
		ch.content, ch.refusal, ch.fcArgs = ch.content.clone(), ch.refusal.clone(), ch.fcArgs.clone()
		ch.thinking, ch.reasoning = ch.thinking.clone(), ch.reasoning.clone()
		ch.toolCalls = append([]openaiToolCall(nil), ch.toolCalls...)
		for j := range ch.toolCalls {
			ch.toolCalls[j].args = ch.toolCalls[j].args.clone()
		}
		ch.logprobs, ch.refusalLP = ch.logprobs.Clone(), ch.refusalLP.Clone()
		ch.tokens, ch.tokenLogprobs = ch.tokens.Clone(), ch.tokenLogprobs.Clone()
		ch.topLogprobs, ch.textOffset = ch.topLogprobs.Clone(), ch.textOffset.Clone()
		ch.others = append([]keptMember(nil), ch.others...)
		c.choices[i] = ch
	}
	return &c
}

func (s *openaiAssembler) complete() bool { return s.finished }

func (s *openaiAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	s.chunks++
	d := c.Data()
	if d == nil && c.Text == "[DONE]" {
		// The stream's end, when its SSE lines are kept as recorded (the
		// API reference: "terminated by a data: [DONE] message").
		return withDelta(ds, Delta{Kind: KindMeta, Field: "done"}), nil
	}
	if d == nil || d.Type() != fastjson.TypeObject {
		return ds, errorf("chunk is not a JSON object")
	}
	if e := d.Get("error"); e != nil && e.Type() == fastjson.TypeObject {
		// An error chunk ends the stream (openai-python raises APIError
		// on it): kept as the response's "error".
		s.err.Set(e, &s.scratch)
		s.finished = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "error", Text: getStr(e, "message")})
	}
	choices := d.Get("choices")
	if !isNull(choices) && choices.Type() != fastjson.TypeArray {
		return ds, errorf("choices is %s, not an array", choices.Type())
	}
	// Validate every index before changing anything, so a bad chunk leaves
	// the state as it was.
	for _, ch := range choices.GetArray() {
		if _, err := choiceIndex(ch); err != nil {
			return ds, err
		}
	}
	if id := strBytes(d, "id"); len(id) > 0 && s.id == "" {
		s.id = string(id)
	}
	setStr(&s.model, d, "model")
	if v := d.Get("created"); v != nil {
		s.created.Set(v, &s.scratch)
	}
	setStr(&s.fingerprint, d, "system_fingerprint")
	setStr(&s.tier, d, "service_tier")
	s.others = keepOthers(s.others, d, foldedChunk, &s.scratch)
	for _, ch := range choices.GetArray() {
		idx, _ := choiceIndex(ch)
		for len(s.choices) <= idx {
			s.choices = append(s.choices, openaiChoice{})
		}
		var err error
		if ds, err = s.addChoice(&s.choices[idx], idx, ch, ds); err != nil {
			return ds, err
		}
	}
	if u := d.Get("usage"); !isNull(u) {
		s.usage.Set(u, &s.scratch)
		ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
	}
	return ds, nil
}

func choiceIndex(ch *fastjson.Value) (int, error) {
	if ch.Type() != fastjson.TypeObject {
		return 0, errorf("choice is %s, not an object", ch.Type())
	}
	v := ch.Get("index")
	if v == nil {
		return 0, nil
	}
	i, err := v.Int()
	if err != nil || i < 0 || i >= maxChoices {
		return 0, errorf("choice index %s out of range 0..%d", v, maxChoices-1)
	}
	return i, nil
}

func (s *openaiAssembler) addChoice(st *openaiChoice, idx int, ch *fastjson.Value, ds []Delta) ([]Delta, error) {
	st.others = keepOthers(st.others, ch, foldedChoice, &s.scratch)
	delta := ch.Get("delta")
	contentField := "content"
	if s.completion {
		contentField = "text"
	}
	// Completion chunks carry "text", chat chunks "delta.content". Some
	// providers (Together) send both in completion chunks, the same text
	// twice: there "text" wins.
	var text string
	var ok, hasText bool
	if s.completion {
		if text, hasText = st.content.add(ch.Get("text")); hasText {
			st.hasContent = true
		}
	}
	if delta != nil && delta.Type() == fastjson.TypeObject {
		s.unfolded = noteUnfolded(s.unfolded, idx, s.chunks, delta)
		if setStr(&st.role, delta, "role") {
			ds = withDelta(ds, Delta{Kind: KindRole, Choice: idx, Field: "role", Text: st.role})
		}
		var t string
		if !hasText {
			if t, ok = st.content.add(delta.Get("content")); ok {
				st.hasContent = true
				text += t
			} else if parts := delta.GetArray("content"); parts != nil {
				t, ds = st.mistralParts(idx, parts, ds)
				text += t
			}
		}
		for _, key := range reasoningKeys {
			if t, ok = st.reasoning.add(delta.Get(key)); ok {
				st.reasoningKey = key
				if t != "" {
					ds = withDelta(ds, Delta{Kind: KindThinking, Choice: idx, Field: key, Text: t, Append: true})
				}
				break
			}
		}
		if t, ok = st.refusal.add(delta.Get("refusal")); ok {
			st.hasRefusal = true
			if t != "" {
				ds = withDelta(ds, Delta{Kind: KindContent, Choice: idx, Field: "refusal", Text: t, Append: true})
			}
		}
		var err error
		if ds, err = st.addToolCalls(idx, delta.Get("tool_calls"), ds); err != nil {
			return ds, err
		}
		if fc := delta.Get("function_call"); fc != nil && fc.Type() == fastjson.TypeObject {
			st.hasFC = true
			if n := getStr(fc, "name"); n != "" && st.fcName == "" {
				st.fcName = n
				ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: idx, Field: "function_call.name", Text: n})
			}
			if t, _ = st.fcArgs.add(fc.Get("arguments")); t != "" {
				ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: idx, Field: "function_call.arguments", Text: t, Append: true})
			}
		}
	}
	if text != "" {
		// Keep the content delta before tool calls and finish in the list:
		// insert it after the role delta if one was added for this chunk.
		ds = insertContent(ds, Delta{Kind: KindContent, Choice: idx, Field: contentField, Text: text, Append: true})
	}
	if lp := ch.Get("logprobs"); lp != nil && lp.Type() == fastjson.TypeObject {
		st.hasLogprobs = true
		n := len(lp.GetArray("content")) + len(lp.GetArray("tokens"))
		st.logprobs.Add(lp.GetArray("content"))
		st.refusalLP.Add(lp.GetArray("refusal"))
		st.tokens.Add(lp.GetArray("tokens"))
		st.tokenLogprobs.Add(lp.GetArray("token_logprobs"))
		st.topLogprobs.Add(lp.GetArray("top_logprobs"))
		st.textOffset.Add(lp.GetArray("text_offset"))
		if n > 0 {
			ds = withDelta(ds, Delta{Kind: KindContent, Choice: idx, Field: "logprobs", Text: "+" + strconv.Itoa(n) + " tokens"})
		}
	}
	if fr := getStr(ch, "finish_reason"); fr != "" {
		st.finishReason = fr
		s.finished = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Choice: idx, Field: "finish_reason", Text: fr})
	}
	return ds, nil
}

// reasoningKeys are the fields of a chat message, or of a delta, that
// OpenAI-compatible servers send a model's reasoning in: reasoning_content
// (DeepSeek's API, vLLM, llama.cpp) and reasoning (OpenRouter, Groq,
// Ollama's /v1). OpenAI's own chat completions send none.
var reasoningKeys = []string{"reasoning_content", "reasoning"}

// mistralParts folds a delta whose content is a list of typed parts, as
// Mistral's reasoning models (Magistral) stream it
// (docs.mistral.ai/capabilities/reasoning): {"type": "text", "text"}
// appends to the content, {"type": "thinking", "thinking": [{"type":
// "text", "text"}]} to the choice's thinking. It returns the text added
// to the content; the thinking is a delta of its own.
func (st *openaiChoice) mistralParts(idx int, parts []*fastjson.Value, ds []Delta) (string, []Delta) {
	var text string
	for _, p := range parts {
		switch getStr(p, "type") {
		case "text":
			if t, ok := st.content.add(p.Get("text")); ok {
				st.hasContent = true
				text += t
			}
		case "thinking":
			st.hasThinking = true
			for _, tp := range p.GetArray("thinking") {
				if t, _ := st.thinking.add(tp.Get("text")); t != "" {
					ds = withDelta(ds, Delta{Kind: KindThinking, Choice: idx, Field: "thinking", Text: t, Append: true})
				}
			}
		}
	}
	return text, ds
}

// insertContent puts a content delta right after a role delta of the same
// chunk, or before any tool-call delta, so deltas read in field order.
func insertContent(ds []Delta, d Delta) []Delta {
	i := len(ds)
	for i > 0 && ds[i-1].Choice == d.Choice && ds[i-1].Kind == KindToolCall {
		i--
	}
	ds = withDelta(ds, Delta{})
	copy(ds[i+1:], ds[i:])
	ds[i] = d
	return ds
}

func (st *openaiChoice) addToolCalls(choice int, tcs *fastjson.Value, ds []Delta) ([]Delta, error) {
	if isNull(tcs) {
		return ds, nil
	}
	if tcs.Type() != fastjson.TypeArray {
		return ds, errorf("tool_calls is %s, not an array", tcs.Type())
	}
	for _, tc := range tcs.GetArray() {
		if tc.Type() != fastjson.TypeObject {
			return ds, errorf("tool call is %s, not an object", tc.Type())
		}
		i := len(st.toolCalls)
		if v := tc.Get("index"); v != nil {
			n, err := v.Int()
			if err != nil {
				return ds, errorf("tool call index %s is not an integer", v)
			}
			if n == -1 { // some providers send -1 for a single call
				n = 0
			}
			if n < 0 || n > len(st.toolCalls)+maxToolCallGrowth {
				return ds, errorf("tool call index %d out of range", n)
			}
			i = n
		}
		for len(st.toolCalls) <= i {
			st.toolCalls = append(st.toolCalls, openaiToolCall{})
		}
		call := &st.toolCalls[i]
		field := "tool_calls[" + strconv.Itoa(i) + "]"
		if id := getStr(tc, "id"); id != "" && id != call.id {
			call.id = id
			ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: choice, Field: field + ".id", Text: id})
		}
		setStr(&call.typ, tc, "type")
		if n := getStr(tc, "function", "name"); n != "" && call.name == "" {
			call.name = n
			ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: choice, Field: field + ".name", Text: n})
		}
		var t string
		if t, _ = call.args.add(tc.Get("function", "arguments")); t != "" {
			ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: choice, Field: field + ".arguments", Text: t, Append: true})
		}
	}
	return ds, nil
}

func (s *openaiAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	o.Set("id", newString(a, []byte(s.id)))
	arr := a.NewArray()
	for i := range s.choices {
		arr.SetArrayItem(i, s.choiceValue(a, i))
	}
	o.Set("choices", arr)
	o.Set("created", s.created.Value(&a.Arena))
	o.Set("model", newString(a, []byte(s.model)))
	if s.completion {
		o.Set("object", newString(a, []byte("text_completion")))
	} else {
		o.Set("object", newString(a, []byte("chat.completion")))
		o.Set("service_tier", strOrNull(a, []byte(s.tier), s.tier != ""))
	}
	o.Set("system_fingerprint", strOrNull(a, []byte(s.fingerprint), s.fingerprint != ""))
	o.Set("usage", s.usage.Value(&a.Arena))
	if s.err != nil {
		o.Set("error", s.err.Value(&a.Arena))
	}
	setKept(a, o, s.others)
	return o
}

func arrayOf(a *arena, vs []*fastjson.Value) *fastjson.Value {
	arr := a.NewArray()
	for i, v := range vs {
		arr.SetArrayItem(i, v)
	}
	return arr
}

func (s *openaiAssembler) choiceValue(a *arena, i int) *fastjson.Value {
	st := &s.choices[i]
	c := a.NewObject()
	c.Set("finish_reason", strOrNull(a, []byte(st.finishReason), st.finishReason != ""))
	c.Set("index", a.NewNumberInt(i))
	if !st.hasLogprobs {
		c.Set("logprobs", a.NewNull())
	} else if s.completion {
		lp := a.NewObject()
		lp.Set("text_offset", st.textOffset.Value(&a.Arena))
		lp.Set("token_logprobs", st.tokenLogprobs.Value(&a.Arena))
		lp.Set("tokens", st.tokens.Value(&a.Arena))
		lp.Set("top_logprobs", st.topLogprobs.Value(&a.Arena))
		c.Set("logprobs", lp)
	} else {
		lp := a.NewObject()
		lp.Set("content", st.logprobs.Value(&a.Arena))
		if st.refusalLP.Len() > 0 {
			lp.Set("refusal", st.refusalLP.Value(&a.Arena))
		} else {
			lp.Set("refusal", a.NewNull())
		}
		c.Set("logprobs", lp)
	}
	if s.completion {
		c.Set("text", textValue(a, &st.content))
		if len(st.toolCalls) > 0 {
			c.Set("tool_calls", st.toolCallsValue(a))
		}
		setKept(a, c, st.others)
		return c
	}
	m := a.NewObject()
	if st.hasThinking {
		m.Set("content", st.mistralContent(a))
	} else {
		m.Set("content", textOrNull(a, &st.content, st.hasContent))
	}
	if st.reasoningKey != "" {
		m.Set(st.reasoningKey, textValue(a, &st.reasoning))
	}
	m.Set("refusal", textOrNull(a, &st.refusal, st.hasRefusal))
	role := st.role
	if role == "" {
		role = "assistant"
	}
	m.Set("role", newString(a, []byte(role)))
	m.Set("annotations", a.NewNull())
	m.Set("audio", a.NewNull())
	if st.hasFC {
		fc := a.NewObject()
		fc.Set("arguments", textValue(a, &st.fcArgs))
		fc.Set("name", newString(a, []byte(st.fcName)))
		m.Set("function_call", fc)
	} else {
		m.Set("function_call", a.NewNull())
	}
	if len(st.toolCalls) > 0 {
		m.Set("tool_calls", st.toolCallsValue(a))
	} else {
		m.Set("tool_calls", a.NewNull())
	}
	c.Set("message", m)
	setKept(a, c, st.others)
	return c
}

// mistralContent is the content of a stream that sent thinking parts,
// as Mistral's API answers when not streaming: [{"type": "thinking",
// "thinking": [{"type": "text", "text"}]}, {"type": "text", "text"}],
// the text part left out when no text came.
func (st *openaiChoice) mistralContent(a *arena) *fastjson.Value {
	tp := a.NewObject()
	tp.Set("type", newString(a, []byte("text")))
	tp.Set("text", textValue(a, &st.thinking))
	th := a.NewObject()
	th.Set("type", newString(a, []byte("thinking")))
	th.Set("thinking", arrayOf(a, []*fastjson.Value{tp}))
	parts := []*fastjson.Value{th}
	if st.hasContent {
		t := a.NewObject()
		t.Set("type", newString(a, []byte("text")))
		t.Set("text", textValue(a, &st.content))
		parts = append(parts, t)
	}
	return arrayOf(a, parts)
}

func (st *openaiChoice) toolCallsValue(a *arena) *fastjson.Value {
	arr := a.NewArray()
	for j, tc := range st.toolCalls {
		t := a.NewObject()
		t.Set("id", newString(a, []byte(tc.id)))
		f := a.NewObject()
		f.Set("arguments", textValue(a, &tc.args))
		f.Set("name", newString(a, []byte(tc.name)))
		t.Set("function", f)
		typ := tc.typ
		if typ == "" {
			typ = "function"
		}
		t.Set("type", newString(a, []byte(typ)))
		arr.SetArrayItem(j, t)
	}
	return arr
}
