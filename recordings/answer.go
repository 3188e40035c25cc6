package recordings

import (
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// Answer is an assembled response read for people: its choices (text,
// reasoning, tool calls, finish reason) and its usage counters. Families
// without a model answer (embeddings, model lists, rerank, tools, file
// processors, errors) give an empty Answer; show their JSON instead.
type Answer struct {
	Choices []Choice
	Usage   []UsageItem
}

// ReadAnswer reads v, a response in the form Assemble returns for family
// f (at any step of a stream), into an Answer. Its texts (message text,
// reasoning, refusal, tool-call arguments) share v's memory rather than
// copy it: v must not be changed while they are in use.
func ReadAnswer(f Family, v *fastjson.Value) Answer {
	var a Answer
	if v == nil || v.Type() != fastjson.TypeObject || v.Get("error") != nil {
		return a
	}
	switch f {
	case FamilyOpenAIChat, FamilyOpenAICompletions:
		for i, ch := range v.GetArray("choices") {
			c := Choice{Index: i, FinishReason: getStr(ch, "finish_reason")}
			if idx, ok := intOf(ch.Get("index")); ok {
				c.Index = idx
			}
			if m := ch.Get("message"); m != nil {
				msg := chatMessage(m)
				c.Role, c.Parts = msg.Role, msg.Parts
				if r := sharedStr(m, "refusal"); r != "" {
					c.Parts = append(c.Parts, Part{Kind: PartText, Text: r})
				}
			} else {
				c.Parts = []Part{{Kind: PartText, Text: sharedStr(ch, "text")}}
				for _, tc := range ch.GetArray("tool_calls") {
					fn := tc.Get("function")
					c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(tc, "id"), getStr(fn, "name"), fn.Get("arguments"))})
				}
			}
			a.Choices = append(a.Choices, c)
		}
		a.Usage = usageItems(v.Get("usage"), "", nil)
	case FamilyOllamaGenerate, FamilyOllamaChat:
		c := Choice{Role: "assistant", FinishReason: getStr(v, "done_reason")}
		if m := v.Get("message"); m != nil && m.Type() == fastjson.TypeObject {
			msg := chatMessage(m)
			c.Role, c.Parts = msg.Role, msg.Parts
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
	case FamilyAnthropicMessages:
		c := Choice{Role: getStr(v, "role"), FinishReason: getStr(v, "stop_reason")}
		if c.Role == "" {
			return a
		}
		c.Parts = contentParts(v.Get("content"))
		a.Choices = []Choice{c}
		a.Usage = usageItems(v.Get("usage"), "", nil)
	case FamilyGeminiGenerate:
		for i, cand := range v.GetArray("candidates") {
			c := Choice{Index: i, Role: getStr(cand, "content", "role"), FinishReason: getStr(cand, "finish_reason")}
			c.Parts = geminiParts(cand.Get("content"))
			a.Choices = append(a.Choices, c)
		}
		a.Usage = usageItems(v.Get("usage_metadata"), "", nil)
	case FamilyGeminiInteractions:
		c := Choice{Role: getStr(v, "role"), FinishReason: getStr(v, "status")}
		if c.Role == "" {
			c.Role = "model"
		}
		for _, o := range v.GetArray("outputs") {
			switch getStr(o, "type") {
			case "text":
				c.Parts = append(c.Parts, Part{Kind: PartText, Text: sharedStr(o, "text")})
			case "thought":
				c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: textOf(o.Get("summary"))})
			case "function_call":
				c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(o, "id"), getStr(o, "name"), o.Get("arguments"))})
			default:
				c.Parts = append(c.Parts, Part{Kind: PartOther, Raw: o, Text: string(jsonx.Compact(o))})
			}
		}
		a.Choices = []Choice{c}
		a.Usage = usageItems(v.Get("usage"), "", nil)
	}
	return a
}
