package recordings

import (
	"fmt"

	"github.com/valyala/fastjson"
)

// classify sets Family by the rules each family's provider registers
// (provider.go), trying every family's rules of one kind before the next
// kind: the request shape (tool and file-processor calls); the endpoint,
// as a whole path, then by its suffix; and when the endpoint is not one
// recview knows, the response data's own "object" field, then its shape
// (Ollama's "done", a Gemini "candidates" list); for a response that is
// no stream, lastly the endpoint's suffixes that name a family only when
// the data names none (Bedrock's /invoke). The "__type__" names are not
// used: they drift across package renames.
func (r *Recording) classify() {
	if r.Family = familyOfShape(r.Shape); r.Family != FamilyUnknown {
		return
	}
	r.Family = familyOfEndpoint(r.Endpoint)
	if r.Family == FamilyUnknown {
		if v := r.sample(); v != nil && v.Type() == fastjson.TypeObject {
			r.Family = familyOfData(v)
		}
	}
	if r.Family == FamilyUnknown && !r.Streaming {
		r.Family = familyOfEndpointLastly(r.Endpoint)
	}
	if r.Family == FamilyUnknown {
		r.Unknown = true
		switch {
		case r.Shape == ShapeUnknown:
			r.Notice = "unknown request layout: not an inference, tool, raw HTTP or file-processor request"
		case r.Endpoint == "":
			r.Notice = "the request names no endpoint and the response shape is not one recview knows"
		case r.ResponseBody != nil && r.ResponseBody.Type() == fastjson.TypeString && !r.Streaming:
			// A body that is not JSON (a document a test fetched, an
			// image in base64), held as a string.
			r.Notice = fmt.Sprintf("unknown endpoint %q: its response, not JSON, shown as recorded", r.Endpoint)
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
