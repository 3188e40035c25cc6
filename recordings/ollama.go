package recordings

import (
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// The Ollama families, each an endpoint of Ollama's own API: generate,
// chat, embeddings (/api/embeddings and /api/embed), and the tags, ps and
// pull calls that describe the machine. Source: ollama's docs/api.md.

var ollamaGenerateProvider = provider{
	family: FamilyOllamaGenerate, title: "Ollama generate",
	paths: []string{"/api/generate"},
	looksLike: func(v *fastjson.Value) bool {
		return v.Get("done") != nil && v.Get("response") != nil
	},
	format: ollamaFormat{},
	answer: ollamaAnswer,
}

var ollamaChatProvider = provider{
	family: FamilyOllamaChat, title: "Ollama chat",
	paths: []string{"/api/chat"},
	looksLike: func(v *fastjson.Value) bool {
		return v.Get("done") != nil && v.Get("message") != nil
	},
	format: ollamaFormat{},
	answer: ollamaAnswer,
}

var ollamaEmbeddingsProvider = provider{
	family: FamilyOllamaEmbeddings, title: "Ollama embeddings",
	paths:     []string{"/api/embeddings", "/api/embed"},
	looksLike: func(v *fastjson.Value) bool { return v.Get("embeddings") != nil },
}

var ollamaTagsProvider = provider{
	family: FamilyOllamaTags, title: "Ollama tags", environment: true,
	paths: []string{"/api/tags"},
}

var ollamaPSProvider = provider{
	family: FamilyOllamaPS, title: "Ollama ps", environment: true,
	paths: []string{"/api/ps"},
}

var ollamaPullProvider = provider{
	family: FamilyOllamaPull, title: "Ollama pull", environment: true,
	paths: []string{"/api/pull"},
}

// ollamaAnswer is what ollamaFormat.readAnswer reads, in generate and chat
// responses alike.
var ollamaAnswer = AnswerPaths{Trees: []string{"message", "response", "thinking", "done_reason", "prompt_eval_count", "eval_count"}}

// ollamaFormat folds the family's streams (ollamaAssembler) and reads its
// answers.
type ollamaFormat struct{}

func (ollamaFormat) newAssembler() assembler { return &ollamaAssembler{} }

// readAnswer reads a generate or chat response: one choice, its message or
// its response text (after its thinking), then the counters and durations;
// the response's and the message's other members are the Answer's Other.
func (ollamaFormat) readAnswer(v *fastjson.Value) Answer {
	var a Answer
	c := Choice{Role: "assistant", FinishReason: getStr(v, "done_reason")}
	a.Other = otherMembers(nil, "", v, ollamaRead)
	if m := v.Get("message"); m != nil && m.Type() == fastjson.TypeObject {
		msg := chatMessage(m, openaiMessageRead)
		c.Role, c.Parts = msg.Role, msg.Parts
		a.Other = under(a.Other, "message", msg.Other)
	} else {
		if t := sharedStr(v, "thinking"); t != "" {
			c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: t})
		}
		c.Parts = append(c.Parts, Part{Kind: PartText, Text: sharedStr(v, "response")})
	}
	a.Choices = []Choice{c}
	for _, k := range []string{"prompt_eval_count", "eval_count", "total_duration", "load_duration", "prompt_eval_duration", "eval_duration"} {
		if n := v.Get(k); n != nil && n.Type() == fastjson.TypeNumber {
			a.Usage = append(a.Usage, UsageItem{k, string(jsonx.Compact(n))})
		}
	}
	return a
}

// Ollama /api/generate and /api/chat streams -> the final response.
//
// Ollama streams one JSON object per line; the Python client yields each as
// a GenerateResponse or ChatResponse. Text arrives in pieces ("response",
// or "message.content"; "thinking" / "message.thinking" for reasoning
// models) and the last chunk ("done": true) carries done_reason and the
// counters (prompt_eval_count, eval_count, durations). The final response
// is that last chunk with the pieces concatenated; tool calls, which Ollama
// sends whole, are collected in order. Source: ollama's api/types.go and
// docs/api.md ("Generate a completion", "Generate a chat completion").

type ollamaAssembler struct {
	last      *fastjson.Value // the latest chunk
	text      textBuf         // response or message.content
	thinking  textBuf
	hasThink  bool
	toolCalls []*fastjson.Value
	images    *fastjson.Value
	role      string
	done      bool
	chat      bool
}

func (s *ollamaAssembler) clone() assembler {
	c := *s
	c.text, c.thinking = s.text.clone(), s.thinking.clone()
	c.toolCalls = s.toolCalls[:len(s.toolCalls):len(s.toolCalls)]
	return &c
}

func (s *ollamaAssembler) complete() bool { return s.done }

func (s *ollamaAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	d := c.Data()
	if d == nil || d.Type() != fastjson.TypeObject {
		return ds, errorf("chunk is not a JSON object")
	}
	s.last = d
	src, prefix := d, ""
	if m := d.Get("message"); m != nil && m.Type() == fastjson.TypeObject {
		s.chat, src, prefix = true, m, "message."
		if r := getStr(m, "role"); r != "" && r != s.role {
			s.role = r
			ds = withDelta(ds, Delta{Kind: KindRole, Field: "message.role", Text: r})
		}
		if im := m.Get("images"); !isNull(im) {
			s.images = im
		}
	}
	textKey := "response"
	if s.chat {
		textKey = "content"
	}
	var t string
	if t, _ = s.thinking.add(src.Get("thinking")); t != "" {
		s.hasThink = true
		ds = withDelta(ds, Delta{Kind: KindThinking, Field: prefix + "thinking", Text: t, Append: true})
	}
	if t, _ = s.text.add(src.Get(textKey)); t != "" {
		ds = withDelta(ds, Delta{Kind: KindContent, Field: prefix + textKey, Text: t, Append: true})
	}
	if tcs := src.Get("tool_calls"); !isNull(tcs) {
		if tcs.Type() != fastjson.TypeArray {
			return ds, errorf("tool_calls is %s, not an array", tcs.Type())
		}
		for _, tc := range tcs.GetArray() {
			field := prefix + "tool_calls[" + strconv.Itoa(len(s.toolCalls)) + "]"
			s.toolCalls = append(s.toolCalls, tc)
			ds = withDelta(ds, Delta{Kind: KindToolCall, Field: field, Text: getStr(tc, "function", "name")})
		}
	}
	if d.GetBool("done") {
		s.done = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "done_reason", Text: getStr(d, "done_reason")})
	}
	if !isNull(d.Get("eval_count")) || !isNull(d.Get("prompt_eval_count")) {
		ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
	}
	return ds, nil
}

func (s *ollamaAssembler) result(a *arena) *fastjson.Value {
	if s.last == nil {
		return a.NewObject()
	}
	o := a.NewObject()
	s.last.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		key := string(k)
		switch {
		case key == "message" && s.chat:
			v = s.message(a, v)
		case key == "response" && !s.chat:
			v = textValue(a, &s.text)
		case key == "thinking" && !s.chat:
			v = textOrNull(a, &s.thinking, s.hasThink)
		}
		o.Set(key, v)
	})
	return o
}

func (s *ollamaAssembler) message(a *arena, last *fastjson.Value) *fastjson.Value {
	m := a.NewObject()
	set := map[string]bool{}
	put := func(k string, v *fastjson.Value) { m.Set(k, v); set[k] = true }
	last.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		switch key := string(k); key {
		case "role":
			put(key, newString(a, []byte(s.role)))
		case "content":
			put(key, textValue(a, &s.text))
		case "thinking":
			put(key, textOrNull(a, &s.thinking, s.hasThink))
		case "tool_calls":
			if len(s.toolCalls) > 0 {
				put(key, arrayOf(a, s.toolCalls))
			} else {
				put(key, a.NewNull())
			}
		case "images":
			put(key, valOrNull(a, s.images))
		default:
			put(key, v)
		}
	})
	if !set["content"] {
		m.Set("content", textValue(a, &s.text))
	}
	if !set["tool_calls"] && len(s.toolCalls) > 0 {
		m.Set("tool_calls", arrayOf(a, s.toolCalls))
	}
	return m
}
