package recordings

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// Cohere's v1 chat and generate: POST /v1/chat and /v1/generate, the API
// before v2 (generate was retired in 2025; recordings of both remain).
// Source: docs.cohere.com/v1/reference/chat (the response: {text,
// generation_id, response_id, citations: [{start, end, text,
// document_ids}], documents, search_queries, search_results,
// tool_calls: [{name, parameters}], finish_reason, chat_history, meta:
// {api_version, billed_units, tokens, warnings}}; the stream's events by
// "event_type": stream-start, search-queries-generation,
// search-results, text-generation {text}, citation-generation
// {citations}, tool-calls-generation {tool_calls}, stream-end
// {finish_reason, response}) and docs.cohere.com/v1/reference/generate
// (the response: {id, prompt, generations: [{id, text, finish_reason}],
// meta}; a stream's events {text, index, is_finished}, the last
// {is_finished: true, finish_reason, response}).

var cohereV1ChatProvider = provider{
	family: FamilyCohereV1Chat, title: "Cohere chat (v1)",
	suffixes: []string{"/v1/chat"},
	format:   cohereV1Format{},
	answer:   AnswerPaths{Trees: []string{"text", "citations", "tool_calls", "finish_reason", "meta.billed_units", "meta.tokens", "token_count"}},
	request:  cohereV1Request,
}

var cohereV1GenerateProvider = provider{
	family: FamilyCohereV1Generate, title: "Cohere generate (v1)",
	suffixes: []string{"/v1/generate"},
	// Bedrock's InvokeModel of Cohere's Command sends the same bodies:
	// {id, prompt, generations}, streamed as untyped events ({text,
	// is_finished}, the last {is_finished: true, finish_reason}).
	looksLike: func(v *fastjson.Value) bool {
		g := v.GetArray("generations")
		return len(g) > 0 && g[0].Get("text") != nil && v.Get("prompt") != nil ||
			v.Get("is_finished") != nil && v.Get("event_type") == nil
	},
	format: cohereV1Format{generate: true},
	answer: AnswerPaths{Trees: []string{"generations[*].text", "generations[*].finish_reason", "meta.billed_units", "meta.tokens"}, Choices: "generations"},
}

// cohereV1Format folds the v1 streams (cohereV1Assembler) and reads their
// answers, chat's or generate's.
type cohereV1Format struct{ generate bool }

func (f cohereV1Format) newAssembler() assembler { return &cohereV1Assembler{generate: f.generate} }

// What the v1 answers read, or echo of the request (chat_history, prompt)
// and bookkeeping; the rest is the Answer's Other.
var (
	cohereV1ChatRead       = nameSet{"text", "generation_id", "response_id", "citations", "tool_calls", "finish_reason", "meta", "token_count", "chat_history", "is_finished", "event_type"}
	cohereV1GenerateRead   = nameSet{"id", "prompt", "generations", "meta", "finish_reason", "is_finished", "event_type", "amazon-bedrock-invocationMetrics"}
	cohereV1GenerationRead = nameSet{"id", "index", "text", "finish_reason"}
	// A generate stream's untyped end event: what it holds beside its
	// finish reason is kept in the result (Bedrock's
	// amazon-bedrock-invocationMetrics).
	cohereV1EndRead  = nameSet{"is_finished", "finish_reason", "event_type", "response"}
	cohereV1MetaRead = nameSet{"api_version", "billed_units", "tokens"}
)

// readAnswer reads a v1 chat response (one choice: its text, the
// citations on it with the documents they name, its tool calls) or a
// generate response (a choice per generation), then the usage counters
// (meta's billed_units and tokens, the chat's token_count), the rest
// (documents, search results, meta's warnings, a generation's
// likelihoods) as the Answer's Other.
func (f cohereV1Format) readAnswer(v *fastjson.Value) Answer {
	meta := v.Get("meta")
	a := Answer{Usage: usageItems(meta.Get("tokens"), "tokens.", usageItems(meta.Get("billed_units"), "billed_units.", nil))}
	if f.generate {
		a.Usage = invocationMetrics(v, a.Usage)
		a.Other = otherMembers(nil, "", v, cohereV1GenerateRead)
		for i, g := range v.GetArray("generations") {
			a.Choices = append(a.Choices, textChoice(i, getStr(g, "finish_reason"), sharedStr(g, "text")))
			a.Other = underItem(a.Other, "generations", i, otherMembers(nil, "", g, cohereV1GenerationRead))
		}
	} else {
		a.Usage = usageItems(v.Get("token_count"), "token_count.", a.Usage)
		a.Other = otherMembers(nil, "", v, cohereV1ChatRead)
		c := Choice{Role: "assistant", FinishReason: getStr(v, "finish_reason")}
		c.Parts = citeLast([]Part{{Kind: PartText, Text: sharedStr(v, "text")}}, cohereV1Citations(v.GetArray("citations"), v.GetArray("documents")))
		for _, tc := range v.GetArray("tool_calls") {
			c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall("", getStr(tc, "name"), tc.Get("parameters"))})
		}
		a.Choices = []Choice{c}
	}
	if meta != nil {
		a.Other = otherMembers(a.Other, "meta", meta, cohereV1MetaRead)
	}
	return a
}

// cohereV1Turn are the members of a v1 chat request cohereV1Turns reads
// as its conversation (not as its parameters).
var cohereV1Turn = nameSet{"preamble", "chat_history", "message"}

// cohereV1Request reads a v1 chat request: what any request holds, then
// its own turns (cohereV1Turns).
func cohereV1Request(body *fastjson.Value) Conversation {
	c := readRequest(body, cohereV1Turn)
	c.Messages = append(c.Messages, cohereV1Turns(body)...)
	return c
}

// cohereV1Turns reads a v1 chat request's conversation: its preamble (a
// system message), its chat_history turns ({role: USER, CHATBOT,
// SYSTEM or TOOL, message}; a CHATBOT turn's tool_calls, a TOOL turn's
// tool_results as recorded) and its message, the user's last turn.
func cohereV1Turns(body *fastjson.Value) []Message {
	var ms []Message
	if p := sharedStr(body, "preamble"); p != "" {
		ms = append(ms, Message{Role: "system", Parts: []Part{{Kind: PartText, Text: p}}})
	}
	roles := map[string]string{"USER": "user", "CHATBOT": "assistant", "SYSTEM": "system", "TOOL": "tool"}
	for _, t := range body.GetArray("chat_history") {
		role := roles[getStr(t, "role")]
		if role == "" {
			role = strings.ToLower(getStr(t, "role"))
		}
		m := Message{Role: role, Other: otherMembers(nil, "", t, nameSet{"role", "message"})}
		if text := sharedStr(t, "message"); text != "" {
			m.Parts = []Part{{Kind: PartText, Text: text}}
		}
		ms = append(ms, m)
	}
	if msg := body.Get("message"); msg != nil {
		ms = append(ms, Message{Role: "user", Parts: contentParts(msg)})
	}
	return ms
}

// cohereV1Citations reads v1 chat citations ({start, end, text,
// document_ids}), each source named by its document's title (its id when
// it has none) and linked to the first one's url.
func cohereV1Citations(list, docs []*fastjson.Value) []Citation {
	cs := make([]Citation, 0, len(list))
	for _, v := range list {
		c := Citation{Span: getStr(v, "text"), Raw: v}
		var names []string
		for _, id := range v.GetArray("document_ids") {
			name := string(id.GetStringBytes())
			for _, d := range docs {
				if getStr(d, "id") == name {
					name = firstStr(d, "title", "id")
					if c.URL == "" {
						c.URL = getStr(d, "url")
					}
					break
				}
			}
			names = append(names, name)
		}
		cs = append(cs, cohereCited(c, v, names))
	}
	return cs
}

// Cohere v1 stream events -> the response. text-generation events append
// to the text (to generation "index" of a generate stream);
// citation-generation events add citations; tool-calls-generation gives
// the tool calls; search-queries-generation and search-results give the
// searches, their results and documents; stream-end (is_finished true)
// carries the whole response, which is the result, with the event's
// finish_reason when the response has none (the chat's). Until then the
// result is what came: a chat's {generation_id, text, citations,
// tool_calls, search_queries, search_results, documents}, or
// {generations: [{index, text}]}. Bedrock's generate stream ends with an
// untyped event that carries no response ({is_finished: true,
// finish_reason, amazon-bedrock-invocationMetrics}): its finish reason
// becomes each generation's, its other members the result's. Other
// events (debug, tool-calls-chunk, whose calls stream-end gives whole)
// add nothing.
type cohereV1Assembler struct {
	generate bool
	texts    []textBuf // by generation index; the chat's is texts[0]
	id       string    // the chat's generation_id
	// The chat's citations so far, its tool calls, and its searches (a
	// member name and its value, as the last event gave it).
	citations []*fastjson.Value
	calls     *fastjson.Value
	searches  []Member
	final     *fastjson.Value // stream-end's response
	finish    string
	end       []Member // a generate stream's untyped end event's other members (Bedrock's invocation metrics)
	done      bool
}

func (s *cohereV1Assembler) clone() assembler {
	c := *s
	c.texts = make([]textBuf, len(s.texts))
	for i := range s.texts {
		c.texts[i] = s.texts[i].clone()
	}
	c.citations = slices.Clip(s.citations)
	c.searches = slices.Clip(s.searches)
	return &c
}

func (s *cohereV1Assembler) complete() bool { return s.done }

func (s *cohereV1Assembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil || ev.Type() != fastjson.TypeObject {
		return ds, errCohereV1Event
	}
	typ := getStr(ev, "event_type")
	if typ == "" && ev.GetBool("is_finished") {
		typ = "stream-end" // a generate stream's last event, untyped
	} else if typ == "" && ev.Get("text") != nil {
		typ = "text-generation"
	}
	d := Delta{Kind: KindMeta, Field: typ}
	switch typ {
	case "stream-start":
		s.id = getStr(ev, "generation_id")
		d = Delta{Kind: KindRole, Field: "role", Text: "assistant"}
	case "text-generation":
		i, _ := intOf(ev.Get("index"))
		if i < 0 || i >= maxChoices {
			return ds, errCohereV1Index
		}
		for len(s.texts) <= i {
			s.texts = append(s.texts, textBuf{})
		}
		t, ok := s.texts[i].add(ev.Get("text"))
		if !ok {
			return ds, errCohereV1Text
		}
		d = Delta{Kind: KindContent, Choice: i, Field: "text", Text: t, Append: true}
	case "citation-generation":
		list := ev.GetArray("citations")
		s.citations = append(s.citations, list...)
		d.Field, d.Text = "citations", "+"+strconv.Itoa(len(list))
	case "tool-calls-generation":
		s.calls = ev.Get("tool_calls")
		d = Delta{Kind: KindToolCall, Field: "tool_calls", Text: strconv.Itoa(len(s.calls.GetArray())) + " calls"}
	case "search-queries-generation", "search-results":
		for _, k := range []string{"search_queries", "search_results", "documents"} {
			if v := ev.Get(k); v != nil {
				s.searches = setMember(s.searches, k, v)
			}
		}
	case "stream-end":
		s.final, s.finish, s.done = ev.Get("response"), getStr(ev, "finish_reason"), true
		if s.final != nil && s.final.Type() != fastjson.TypeObject {
			return ds, errCohereV1End
		}
		if s.final == nil {
			s.end = otherMembers(nil, "", ev, cohereV1EndRead)
		}
		d = Delta{Kind: KindFinish, Field: "finish_reason", Text: s.finish}
	}
	return append(ds, d), nil
}

// The v1 stream's bad events.
var (
	errCohereV1Event = errors.New("event is not a JSON object")
	errCohereV1Index = errors.New("text-generation for a generation index out of range")
	errCohereV1Text  = errors.New("text-generation without a string text")
	errCohereV1End   = errors.New("stream-end's response is not an object")
)

// setMember sets name's value in ms, appending it the first time.
func setMember(ms []Member, name string, v *fastjson.Value) []Member {
	for i := range ms {
		if ms[i].Path == name {
			ms = slices.Clone(ms) // a clone may share the list
			ms[i].Value = v
			return ms
		}
	}
	return withMember(ms, name, v)
}

func (s *cohereV1Assembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.final != nil {
		setMembers(o, s.final)
		if s.final.Get("finish_reason") == nil && s.finish != "" {
			o.Set("finish_reason", newString(a, []byte(s.finish)))
		}
		return o
	}
	if s.generate {
		gens := a.NewArray()
		for i := range s.texts {
			g := a.NewObject()
			g.Set("index", a.NewNumberInt(i))
			g.Set("text", textValue(a, &s.texts[i]))
			if s.finish != "" {
				g.Set("finish_reason", newString(a, []byte(s.finish)))
			}
			gens.SetArrayItem(i, g)
		}
		o.Set("generations", gens)
		for _, m := range s.end {
			o.Set(m.Path, m.Value)
		}
		return o
	}
	if s.id != "" {
		o.Set("generation_id", newString(a, []byte(s.id)))
	}
	var text textBuf
	if len(s.texts) > 0 {
		text = s.texts[0]
	}
	o.Set("text", textValue(a, &text))
	o.Set("citations", arrayOf(a, s.citations))
	if s.calls != nil {
		o.Set("tool_calls", s.calls)
	}
	for _, m := range s.searches {
		o.Set(m.Path, m.Value)
	}
	return o
}
