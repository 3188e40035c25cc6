package diff

import (
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// apiDefaults are request parameters whose value is what the API does
// when the parameter is not sent, by family, as each API's reference
// documents them: a parameter added or dropped with that value asks
// nothing else. A parameter sent as null is not set, in every family.
//
// Sources: platform.openai.com/docs/api-reference/chat/create ("Defaults
// to 0", "Defaults to 1", "Defaults to false", "Defaults to true",
// "Defaults to auto"; the text format, as the Responses API's text.format
// says: "The default format is { "type": "text" }"),
// …/completions/create (best_of 1, echo false, n 1), …/responses/create
// (store and parallel_tool_calls true, truncation "disabled"),
// docs.anthropic.com/en/api/messages (stream false), and Ollama's
// docs/api.md ("stream": "If false the response will be returned as a
// single response object", streaming by default). tool_choice is read
// apart (defaultToolChoice).
var apiDefaults = map[recordings.Family]map[string]string{
	recordings.FamilyOpenAIChat: {
		"frequency_penalty": "0", "presence_penalty": "0", "temperature": "1", "top_p": "1", "n": "1",
		"stream": "false", "logprobs": "false", "parallel_tool_calls": "true", "store": "false",
		"service_tier": `"auto"`, "response_format": `{"type":"text"}`,
	},
	recordings.FamilyOpenAICompletions: {
		"frequency_penalty": "0", "presence_penalty": "0", "temperature": "1", "top_p": "1", "n": "1",
		"stream": "false", "echo": "false", "best_of": "1",
	},
	recordings.FamilyOpenAIResponses: {
		"temperature": "1", "top_p": "1", "stream": "false", "store": "true", "parallel_tool_calls": "true",
		"background": "false", "service_tier": `"auto"`, "truncation": `"disabled"`, "text": `{"format":{"type":"text"}}`,
	},
	recordings.FamilyAnthropicMessages: {"stream": "false"},
	recordings.FamilyOllamaChat:        {"stream": "true"},
	recordings.FamilyOllamaGenerate:    {"stream": "true"},
}

// defaultParam reports whether a request change, a parameter added or
// dropped at the top of the body (the path under root: "body." or
// "payload."), sets the parameter to what the API of family does without
// it; body is the request body that has the parameter.
func defaultParam(family recordings.Family, ch Change, body *fastjson.Value) bool {
	name, ok := topParam(ch.Path)
	if !ok || ch.Op == OpChanged {
		return false
	}
	value := ch.New
	if ch.Op == OpRemoved {
		value = ch.Old
	}
	v, err := fastjson.Parse(value)
	if err != nil {
		return false
	}
	if v.Type() == fastjson.TypeNull {
		return true
	}
	if name == "tool_choice" {
		return value == defaultToolChoice(body)
	}
	d, ok := apiDefaults[family][name]
	if !ok {
		return false
	}
	return equal(v, fastjson.MustParse(d), nil)
}

// defaultToolChoice is what OpenAI's APIs choose without tool_choice:
// "none" when the request offers no tools, "auto" when it does ("none is
// the default when no tools are present. auto is the default if tools
// are present").
func defaultToolChoice(body *fastjson.Value) string {
	if len(body.GetArray("tools")) > 0 {
		return `"auto"`
	}
	return `"none"`
}

// topParam is the parameter a request path names when it is a member of
// the body itself: "response_format" of "body.response_format".
func topParam(path string) (string, bool) {
	for _, root := range []string{"body.", "payload."} {
		if rest, ok := strings.CutPrefix(path, root); ok && rest != "" && !strings.ContainsAny(rest, ".[") {
			return rest, true
		}
	}
	return "", false
}
