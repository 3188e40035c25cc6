package recordings

import (
	"strconv"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// Member is a member of a response (or of a request's message) that
// recview does not read, for a viewer to show as recorded rather than
// leave out: a provider's own (Perplexity's "citations" and
// "search_results", Azure's "prompt_filter_results", OpenRouter's
// "provider", Groq's "x_groq"), or one of the API's that recview does not
// draw (a choice's "logprobs", a message's "audio").
type Member struct {
	// Path is the member's JSON path from the response's top (from the
	// message's, in Message.Other), with indices: "citations",
	// "choices[0].logprobs", "choices[0].message.audio".
	Path string
	// Value is the member as recorded, or as assembled from a stream.
	Value *fastjson.Value
}

// otherMembers appends to ms each member of the object obj whose name is
// not in read and whose value is not empty (null, "", [] or {}: nothing
// to read), under path at ("" for the top).
func otherMembers(ms []Member, at string, obj *fastjson.Value, read nameSet) []Member {
	o, err := obj.Object()
	if err != nil {
		return ms
	}
	o.Visit(func(k []byte, v *fastjson.Value) {
		if read.has(k) || empty(v) {
			return
		}
		p := string(k)
		if at != "" {
			p = at + "." + p
		}
		ms = withMember(ms, p, v)
	})
	return ms
}

// under appends to ms the members of an object at path at, their paths
// made its: a message's Other as its response's.
func under(ms []Member, at string, members []Member) []Member {
	for _, m := range members {
		ms = withMember(ms, at+"."+m.Path, m.Value)
	}
	return ms
}

// withMember appends the member {path, v} to ms; not inlined, as its
// copies at each call site would cost more than the call.
//
//go:noinline
func withMember(ms []Member, path string, v *fastjson.Value) []Member {
	return append(ms, Member{Path: path, Value: v})
}

// underItem appends to ms the members of item i of the list name (a
// choice's, a candidate's Other), their paths made "name[i]." + theirs;
// the item's path is written only when it has members, as few do.
func underItem(ms []Member, name string, i int, members []Member) []Member {
	if len(members) == 0 {
		return ms
	}
	return under(ms, itemPath(name, i), members)
}

// empty reports null, "", [] and {}.
func empty(v *fastjson.Value) bool {
	switch v.Type() {
	case fastjson.TypeNull:
		return true
	case fastjson.TypeString:
		return len(v.GetStringBytes()) == 0
	case fastjson.TypeArray:
		return len(v.GetArray()) == 0
	case fastjson.TypeObject:
		return v.GetObject().Len() == 0
	}
	return false
}

// The members of an OpenAI chat completion or completion that its Answer
// reads or that are bookkeeping (ids, times, the model's name and
// version, and a chunk's "obfuscation": random characters OpenAI pads
// each chunk with so that its length does not tell the text's, which no
// response has and the assembly leaves in the chunks); every other
// member is the Answer's Other.
var (
	openaiRead       = nameSet{"id", "object", "created", "model", "system_fingerprint", "service_tier", "choices", "usage", "error", "obfuscation"}
	openaiChoiceRead = nameSet{"index", "finish_reason", "message", "text", "tool_calls"}
	// openaiMessageRead are what chatMessage and readAnswer read of a
	// message.
	openaiMessageRead = nameSet{"role", "content", "name", "tool_call_id", "thinking", "reasoning_content", "reasoning",
		"images", "annotations", "tool_calls", "function_call", "refusal",
		// Ollama's tool result names its tool so.
		"tool_name"}
)

// foldedChunk, foldedChoice and foldedDelta name what the OpenAI
// assembler folds of a chunk (as openaiRead), of a chunk's choice, and
// of its delta; a chunk's and a choice's other members are kept as their
// last values, and no name is both kept and assembled. Switches, which
// the compiler makes a few comparisons: they run for every chunk.
func foldedChunk(k []byte) bool {
	switch string(k) {
	case "id", "object", "created", "model", "system_fingerprint", "service_tier", "choices", "usage", "error", "obfuscation":
		return true
	}
	return false
}

func foldedChoice(k []byte) bool {
	switch string(k) {
	case "index", "delta", "finish_reason", "logprobs", "text", "tool_calls", "message":
		return true
	}
	return false
}

func foldedDelta(k []byte) bool {
	switch string(k) {
	case "role", "content", "reasoning_content", "reasoning", "refusal", "tool_calls", "function_call":
		return true
	}
	return false
}

// The members other families' answers read or that are bookkeeping, by
// level; every other member is the Answer's Other.
var (
	anthropicRead = nameSet{"id", "type", "role", "model", "content", "stop_reason", "usage", "error"}
	geminiRead    = nameSet{"candidates", "usage_metadata", "usageMetadata", "modelVersion", "model_version",
		"responseId", "response_id", "createTime", "create_time",
		// google-genai's copy of the HTTP response's headers.
		"sdk_http_response"}
	geminiCandidateRead = nameSet{"content", "finish_reason", "finishReason", "index", "citationMetadata", "citation_metadata",
		"groundingMetadata", "grounding_metadata"}
	geminiGroundingRead = nameSet{"groundingSupports", "groundingChunks", "grounding_supports", "grounding_chunks"}
	// responsesRead holds, beside what the answer reads, the request's
	// settings a response echoes (the request shows them).
	responsesRead = nameSet{"id", "object", "created_at", "completed_at", "model", "output", "status", "usage", "error",
		"background", "conversation", "frequency_penalty", "presence_penalty", "instructions", "max_output_tokens",
		"max_tool_calls", "metadata", "parallel_tool_calls", "previous_response_id", "prompt", "prompt_cache_key",
		"prompt_cache_retention", "reasoning", "safety_identifier", "service_tier", "store", "temperature", "text",
		"tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user",
		// The SDK's output_text: the output's text, joined.
		"output_text"}
	// What readAnswer reads of a Responses output item, by type (a
	// message's also what storedInputItem reads of a stored input item), or
	// bookkeeping: its id and status; a reasoning item's
	// encrypted_content, an opaque copy of the reasoning the API takes
	// back (as a thinking block's signature); an image's result and
	// output_format, drawn as the image.
	responsesMessageRead   = nameSet{"type", "id", "status", "role", "content"}
	responsesCallRead      = nameSet{"type", "id", "status", "call_id", "name", "arguments"}
	responsesReasoningRead = nameSet{"type", "id", "status", "summary", "content", "encrypted_content"}
	responsesImageRead     = nameSet{"type", "id", "status", "result", "revised_prompt", "output_format"}

	bedrockRead = nameSet{"output", "stopReason", "usage"}
	ollamaRead  = nameSet{"model", "created_at", "message", "response", "thinking", "done", "done_reason",
		"prompt_eval_count", "eval_count", "total_duration", "load_duration", "prompt_eval_duration", "eval_duration",
		// The prompt's and the answer's token ids, which follow the text.
		"context"}
	cohereRead        = nameSet{"id", "message", "finish_reason", "usage"}
	cohereMessageRead = nameSet{"role", "content", "tool_plan", "tool_calls", "citations"}
	interactionsRead  = nameSet{"id", "object", "created", "updated", "model", "role", "status", "outputs", "steps", "usage", "service_tier"}
)

// nameSet is a few member names: a list, static data, where a map
// would be built by code at start (each name costs the page's code).
type nameSet []string

// has reports whether name is in s.
func (s nameSet) has(name []byte) bool {
	for _, n := range s {
		if n == string(name) {
			return true
		}
	}
	return false
}

// keptMember is a chunk member the OpenAI assembler does not fold: its
// last value that is not empty (Azure ends a stream with an empty
// content_filter_results after the ones that say something).
type keptMember struct {
	name string
	v    jsonx.Kept
}

// keepOthers sets, in ms, the value of each member of the object obj that
// read does not name and that is not empty, appending the names not seen
// before. read is a switch, not a nameSet: it runs for every chunk.
func keepOthers(ms []keptMember, obj *fastjson.Value, read func([]byte) bool, scratch *[]byte) []keptMember {
	obj.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if read(k) || empty(v) {
			return
		}
		for i := range ms {
			if ms[i].name == string(k) {
				ms[i].v.Set(v, scratch)
				return
			}
		}
		ms = append(ms, keptMember{name: string(k)})
		ms[len(ms)-1].v.Set(v, scratch)
	})
	return ms
}

// setKept sets each kept member in the object o, after its own members.
func setKept(a *arena, o *fastjson.Value, ms []keptMember) {
	for _, m := range ms {
		o.Set(m.name, m.v.Value(&a.Arena))
	}
}

// DeltaMember is a member of a stream's deltas that its assembly does not
// fold, and so no view of the assembled response holds: a provider's own
// (Groq's "channel" and "executed_tools", OpenRouter's
// "reasoning_details", the Vercel gateway's "provider_metadata") or
// OpenAI's audio output ("audio").
type DeltaMember struct {
	// Path is the member's path in a chunk: "choices[0].delta.channel".
	Path string
	// Chunks counts the chunks that carry it, not null.
	Chunks int
	// First is the number (from 1) of the first of them.
	First int
}

// UnfoldedDeltas lists the DeltaMembers of the stream, in the order they
// first appear: for the OpenAI chat and completions families, what a
// choice's delta holds beside what the assembly folds; nil for the other
// families, which do not list them yet.
func (s *Stepper) UnfoldedDeltas() []DeltaMember {
	if u, ok := s.last.(interface{ unfoldedDeltas() []DeltaMember }); ok {
		return u.unfoldedDeltas()
	}
	return nil
}

// noteUnfolded counts, in ms, the members of the choice idx's delta
// that foldedDelta does not name and that are not null, in chunk number
// k.
func noteUnfolded(ms []DeltaMember, idx, k int, delta *fastjson.Value) []DeltaMember {
	delta.GetObject().Visit(func(key []byte, v *fastjson.Value) {
		if foldedDelta(key) || v.Type() == fastjson.TypeNull {
			return
		}
		// The path is written into a buffer on the stack and made a
		// string only when the member is new: most chunks of a stream
		// that carries one carry it again.
		var buf [64]byte
		p := append(buf[:0], "choices["...)
		p = append(append(strconv.AppendInt(p, int64(idx), 10), "].delta."...), key...)
		for i := range ms {
			if ms[i].Path == string(p) {
				ms[i].Chunks++
				return
			}
		}
		ms = append(ms, DeltaMember{Path: string(p), Chunks: 1, First: k})
	})
	return ms
}
