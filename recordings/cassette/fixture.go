package cassette

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// vercel/ai's __fixtures__ hold responses alone (packages/*/src/
// __fixtures__; the tests' prepareJsonFixtureResponse and
// prepareChunksFixtureResponse, e.g. packages/anthropic/src/
// anthropic-language-model.test.ts, serve them at the provider's URL):
// NAME.json is a response body, NAME.chunks.txt a stream, one JSON
// payload a line, which the tests send as SSE data: lines. Neither
// records its request: recview reads each as one interaction without a
// method or a URI, and chooses its API from the payload (apiOf), or
// from the package the file is in when the payload cannot tell
// (apiOfPath), to write the recording the core classifies (Endpoint).

// chunksSuffix ends the name of a vercel/ai stream fixture.
const chunksSuffix = ".chunks.txt"

// An api is an API family as recview writes a recording of it without a
// request: its title and the URL path the core classifies it by.
type api struct{ title, path string }

// The APIs a response without its request can be; Gemini's and
// Bedrock's paths have the model in them, which fixtures do not record.
var (
	apiChat         = api{"OpenAI chat completions", "/v1/chat/completions"}
	apiCompletions  = api{"OpenAI completions", "/v1/completions"}
	apiResponses    = api{"OpenAI responses", "/v1/responses"}
	apiEmbeddings   = api{"OpenAI embeddings", "/v1/embeddings"}
	apiAnthropic    = api{"Anthropic messages", "/v1/messages"}
	apiGemini       = api{"Gemini generateContent", "/v1beta/models/{model}:generateContent"}
	apiGeminiStream = api{"Gemini streamGenerateContent", "/v1beta/models/{model}:streamGenerateContent?alt=sse"}
	apiInteractions = api{"Gemini interactions", "/v1beta/interactions"}
	apiConverse     = api{"Amazon Bedrock converse", "/model/{modelId}/converse"}
	apiConverseSSE  = api{"Amazon Bedrock converse-stream", "/model/{modelId}/converse-stream"}
	apiCohereChat   = api{"Cohere chat", "/v2/chat"}
	apiCohereEmbed  = api{"Cohere embed", "/v2/embed"}
)

// anthropicEvents are the "type"s of Anthropic's stream events.
var anthropicEvents = []string{"message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"}

// converseEvents are the keys of Bedrock's converse-stream events, as
// AWS's SDKs give them ({"contentBlockDelta": {…}}).
var converseEvents = []string{"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata"}

// apiOf is the API a response payload o (a body, or a stream's chunk
// when streamed) belongs to, and why, as "its "type": "message_start"";
// ok is false when o cannot tell.
func apiOf(o map[string]json.RawMessage, streamed bool) (a api, why string, ok bool) {
	str := func(k string) string {
		var s string
		json.Unmarshal(o[k], &s)
		return s
	}
	has := func(k string) bool { _, ok := o[k]; return ok }
	field := func(k string) string { return fmt.Sprintf("its %q: %q", k, str(k)) }
	switch t := str("type"); {
	case strings.HasPrefix(t, "response."):
		return apiResponses, field("type"), true
	case slices.Contains(anthropicEvents, t) || t == "message" && has("role"):
		return apiAnthropic, field("type"), true
	case strings.HasPrefix(t, "message-") || strings.HasPrefix(t, "content-") || strings.HasPrefix(t, "tool-plan-") || strings.HasPrefix(t, "tool-call-"):
		return apiCohereChat, field("type"), true
	}
	switch str("object") {
	case "chat.completion", "chat.completion.chunk":
		return apiChat, field("object"), true
	case "text_completion":
		return apiCompletions, field("object"), true
	case "response":
		return apiResponses, field("object"), true
	case "interaction":
		return apiInteractions, field("object"), true
	}
	if e := str("event_type"); strings.HasPrefix(e, "interaction.") || strings.HasPrefix(e, "step.") || strings.HasPrefix(e, "content.") {
		return apiInteractions, field("event_type"), true
	}
	if has("candidates") || has("usageMetadata") {
		if streamed {
			return apiGeminiStream, "its candidates", true
		}
		return apiGemini, "its candidates", true
	}
	for _, k := range converseEvents {
		if has(k) && len(o) == 1 {
			return apiConverseSSE, fmt.Sprintf("its %q event", k), true
		}
	}
	if has("output") && has("stopReason") {
		return apiConverse, "its output and stopReason", true
	}
	if has("embeddings") && has("texts") {
		return apiCohereEmbed, "its embeddings and texts", true
	}
	var choices []map[string]json.RawMessage
	json.Unmarshal(o["choices"], &choices)
	if len(choices) > 0 {
		switch c := choices[0]; {
		case c["delta"] != nil:
			return apiChat, "its choices' delta", true
		case c["message"] != nil:
			return apiChat, "its choices' message", true
		case c["text"] != nil:
			return apiCompletions, "its choices' text", true
		}
	}
	return api{}, "", false
}

// apiOfPath is the API of the vercel/ai package a fixture at path p is
// in (packages/PACKAGE/src/[FOLDER/]__fixtures__/…), and why; ok is false
// when the path names no package recview knows.
func apiOfPath(p string, streamed bool) (a api, why string, ok bool) {
	pkg := folderAfter(p, "packages")
	sub := folderAfter(p, "src")
	switch {
	case pkg == "anthropic":
		a = apiAnthropic
	case pkg == "google" && sub == "interactions":
		a = apiInteractions
	case pkg == "google" && streamed:
		a = apiGeminiStream
	case pkg == "google":
		a = apiGemini
	case pkg == "amazon-bedrock" && streamed:
		a = apiConverseSSE
	case pkg == "amazon-bedrock":
		a = apiConverse
	case pkg == "cohere":
		a = apiCohereChat
	case sub == "responses":
		a = apiResponses
	case sub == "completion":
		a = apiCompletions
	case sub == "embedding":
		a = apiEmbeddings
	case pkg != "":
		a = apiChat // the OpenAI-compatible providers' packages
	default:
		return api{}, "", false
	}
	why = "the path's packages/" + pkg
	if sub != "" {
		why += "/src/" + sub
	}
	return a, why, true
}

// isChunks reports a vercel/ai stream fixture: a name ending in
// .chunks.txt, or two lines or more, each a JSON object, the first one
// that tells of an API that apiOf knows.
func isChunks(name string, data []byte) bool {
	if strings.HasSuffix(strings.ToLower(name), chunksSuffix) {
		return true
	}
	lines := 0
	known := false
	for _, l := range bytes.Split(data, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) == 0 {
			continue
		}
		var o map[string]json.RawMessage
		if l[0] != '{' || json.Unmarshal(l, &o) != nil {
			return false
		}
		if lines++; !known {
			_, _, known = apiOf(o, true)
		}
	}
	return lines >= 2 && known
}

// isBody reports a JSON document top that is a response body alone: of
// none of the cassettes' layouts, and of a shape apiOf knows, or in a
// __fixtures__ folder.
func isBody(name string, top map[string]json.RawMessage) bool {
	for _, k := range []string{"interactions", "http_interactions", "request", "response"} {
		if _, ok := top[k]; ok {
			return false
		}
	}
	_, _, known := apiOf(top, false)
	return known || strings.Contains(name, "__fixtures__")
}

// parseFixture reads a vercel/ai fixture named name: a stream of JSON
// lines when streamed, else one JSON object, the response body. Its one
// interaction has no request, its Endpoint the API chosen (apiOf, else
// apiOfPath), which Notice says; an API neither can tell is an error
// wrapping ErrNotCassette.
func parseFixture(name string, data []byte, streamed bool) (*Cassette, error) {
	var payloads []map[string]json.RawMessage
	if streamed {
		for i, l := range bytes.Split(data, []byte("\n")) {
			if l = bytes.TrimSpace(l); len(l) == 0 {
				continue
			}
			var o map[string]json.RawMessage
			if err := json.Unmarshal(l, &o); err != nil {
				return nil, fmt.Errorf("cassette: %s: line %d: %w", name, i+1, err)
			}
			if o == nil {
				return nil, fmt.Errorf("cassette: %s: line %d: a stream chunk is a JSON object, this line is %.20s", name, i+1, l)
			}
			payloads = append(payloads, o)
		}
	} else {
		var o map[string]json.RawMessage
		if err := json.Unmarshal(data, &o); err != nil {
			return nil, fmt.Errorf("cassette: %s: %w", name, err)
		}
		if o == nil {
			return nil, fmt.Errorf("cassette: %s: a response body is a JSON object, this one is null", name)
		}
		payloads = append(payloads, o)
	}
	var a api
	var why string
	ok := false
	for _, o := range payloads {
		if a, why, ok = apiOf(o, streamed); ok {
			break
		}
	}
	if !ok {
		if a, why, ok = apiOfPath(name, streamed); !ok {
			return nil, fmt.Errorf("%w: %s is a response recview cannot place: neither its payload nor its path names an API", ErrNotCassette, name)
		}
	}
	it := Interaction{ResponseBody: data, Streamed: streamed, Endpoint: a.path}
	it.addNotice(fmt.Sprintf("vercel/ai's fixture holds the response alone: the request was not recorded, and the API, %s (%s), is recview's choice from %s", a.title, a.path, why))
	return &Cassette{Name: name, Recorder: VercelFixture, Interactions: []Interaction{it}}, nil
}
