package recordings

import (
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// Token counts: what a request would cost, asked without running it.
// Anthropic's POST /v1/messages/count_tokens answers {input_tokens}
// (docs.anthropic.com/en/api/messages-count-tokens); Gemini's
// :countTokens {totalTokens, cachedContentTokenCount,
// promptTokensDetails: [{modality, tokenCount}]}
// (ai.google.dev/api/tokens); Bedrock's POST /model/{id}/count-tokens
// {inputTokens} (docs.aws.amazon.com/bedrock/latest/APIReference/
// API_runtime_CountTokens.html); OpenAI's POST
// /v1/responses/input_tokens {object: "response.input_tokens",
// input_tokens} (platform.openai.com/docs/api-reference/responses/
// input-tokens). The request is the request whose tokens are counted,
// read as one (tokenCountRequest); the response is its counts
// (ReadTokenCount), which a comparison weighs as a result, not as usage.
var tokenCountProvider = provider{
	family: FamilyTokenCount, title: "Token counts",
	suffixes: []string{"/messages/count_tokens", ":countTokens", "/count-tokens", "/responses/input_tokens"},
	objects:  []string{"response.input_tokens"},
	request:  tokenCountRequest,
}

// tokenCountRequest reads the request a token count's body counts:
// Bedrock's {input: {converse: {…}}} and Gemini's
// {generateContentRequest: {…}} hold it, and the rest of the body
// (Bedrock's input of another kind, Gemini's generateContentRequest's
// model) is listed first among its params, each named by its path; any
// other body is the request itself.
func tokenCountRequest(body *fastjson.Value) Conversation {
	var outer []Param
	if in := body.Get("input", "converse"); in != nil && in.Type() == fastjson.TypeObject {
		body, outer = in, membersBut(body.Get("input"), "input.", "converse", membersBut(body, "", "input", nil))
	} else if in := body.Get("generateContentRequest"); in != nil && in.Type() == fastjson.TypeObject {
		body, outer = in, membersBut(body, "", "generateContentRequest", nil)
	}
	c := readRequest(body)
	c.Params = append(outer, c.Params...)
	return c
}

// membersBut appends obj's members but skip to params, each named
// prefix+its name, its value compact JSON, in the object's order.
func membersBut(obj *fastjson.Value, prefix, skip string, params []Param) []Param {
	obj.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) != skip {
			params = append(params, Param{prefix + string(k), string(jsonx.Compact(v))})
		}
	})
	return params
}

// ReadTokenCount reads a token count's response v as its counts, each
// number under its name as recorded (input_tokens, totalTokens,
// promptTokensDetails[TEXT].tokenCount …); nil for a response that holds
// none (an error).
func ReadTokenCount(v *fastjson.Value) []UsageItem {
	var out []UsageItem
	v.GetObject().Visit(func(k []byte, x *fastjson.Value) {
		if string(k) != "object" {
			out = usageValue(x, string(k), out)
		}
	})
	return out
}
