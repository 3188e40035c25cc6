package recordings

import (
	"fmt"

	"github.com/valyala/fastjson"
)

// classify sets Family from the request shape and endpoint, falling back
// on the response data's own shape ("object" field, Ollama's "done", a
// Gemini "candidates" list) when the endpoint is not one recview knows.
// The "__type__" names are not used: they drift across package renames.
func (r *Recording) classify() {
	switch r.Shape {
	case ShapeTool:
		r.Family = FamilyTool
		return
	case ShapeFileProcessor:
		r.Family = FamilyFileProcessor
		return
	}
	r.Family = familyOfEndpoint(r.Endpoint)
	if r.Family == FamilyUnknown {
		r.Family = r.familyOfData()
	}
	if r.Family == FamilyUnknown {
		r.Unknown = true
		switch {
		case r.Shape == ShapeUnknown:
			r.Notice = "unknown request layout: not an inference, tool, raw HTTP or file-processor request"
		case r.Endpoint == "":
			r.Notice = "the request names no endpoint and the response shape is not one recview knows"
		default:
			r.Notice = fmt.Sprintf("unknown endpoint %q: shown as raw JSON", r.Endpoint)
		}
		return
	}
	if r.Streaming && assemblerFor(r) == nil {
		r.Unknown = true
		r.Notice = fmt.Sprintf("recview cannot assemble %s streams: chunks shown as recorded", r.Family.Title())
	}
}

// sample returns a representative response value: the first chunk's data,
// or the (first element of the) non-streaming body.
func (r *Recording) sample() *fastjson.Value {
	if len(r.Chunks) > 0 {
		for i := range r.Chunks {
			if d := r.Chunks[i].Data(); d != nil {
				return d
			}
		}
		return nil
	}
	v := r.ResponseBody
	if v != nil && v.Type() == fastjson.TypeArray {
		if a := v.GetArray(); len(a) > 0 {
			return a[0]
		}
		return nil
	}
	return v
}

// familyOfData guesses the family from the response data alone.
func (r *Recording) familyOfData() Family {
	v := r.sample()
	if v == nil || v.Type() != fastjson.TypeObject {
		return FamilyUnknown
	}
	switch string(v.GetStringBytes("object")) {
	case "chat.completion", "chat.completion.chunk":
		return FamilyOpenAIChat
	case "text_completion":
		return FamilyOpenAICompletions
	case "model":
		return FamilyOpenAIModels
	case "list":
		if d := v.GetArray("data"); len(d) > 0 && d[0].Get("embedding") != nil {
			return FamilyOpenAIEmbeddings
		}
	case "interaction":
		return FamilyGeminiInteractions
	}
	switch {
	case v.Get("candidates") != nil:
		return FamilyGeminiGenerate
	case v.Get("done") != nil && v.Get("response") != nil:
		return FamilyOllamaGenerate
	case v.Get("done") != nil && v.Get("message") != nil:
		return FamilyOllamaChat
	case v.Get("embeddings") != nil:
		return FamilyOllamaEmbeddings
	case string(v.GetStringBytes("type")) == "message_start" || string(v.GetStringBytes("type")) == "message":
		return FamilyAnthropicMessages
	}
	return FamilyUnknown
}
