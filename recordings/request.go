package recordings

import (
	"strings"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// Conversation is a request read for people: the messages in order, the
// tools offered and the other parameters.
type Conversation struct {
	Messages []Message
	Tools    []Tool
	Params   []Param
}

// Empty reports a request read as nothing: no parameters, tools or
// messages, as a GET or a DELETE, whose request is its method and URL.
func (c *Conversation) Empty() bool {
	return len(c.Params)+len(c.Tools)+len(c.Messages) == 0
}

// conversationKeys are the body keys Conversation turns into messages and
// tools rather than parameters.
var conversationKeys = nameSet{
	"messages", "tools", "prompt", "system", "input", "contents", "images",
	"query", "documents", "system_instruction", "systemInstruction",
}

// geminiConfigTurns are the members of a Gemini request's config that
// Conversation reads as a system message and tools.
var geminiConfigTurns = nameSet{"system_instruction", "systemInstruction", "tools"}

// Conversation reads the request of any known family: OpenAI chat messages
// (string or multi-part content, tool calls, tool results), completion
// prompts, embedding inputs, Ollama prompts and messages, Anthropic system
// and content blocks, Gemini contents and config (system_instruction,
// tools), interactions input, rerank query and documents, tool kwargs.
// Images are described, never copied. Unknown layouts give Params only.
// A family whose request holds more (its provider's request: Cohere v1's
// chat_history, the Assistants API's threads, a token count's wrapped
// request, xAI's roles, a Bedrock agent's inputText) reads it on top of
// the shared reading (readRequest).
//
// Message texts share the memory of r.Doc rather than copy it.
func (r *Recording) Conversation() Conversation {
	body := r.Body
	if body == nil || body.Type() != fastjson.TypeObject {
		var c Conversation
		if r.Shape == ShapeFileProcessor {
			c.Params = append(c.Params, Param{"provider", r.Provider}, Param{"api", r.ToolName}, Param{"file_id", getStr(r.Request, "file_id")})
		} else if m, ok := bodyAsRecorded(body); ok {
			c.Messages = append(c.Messages, m)
		}
		return c
	}
	if read := providerOf(r.Family).request; read != nil {
		return read(body)
	}
	return readRequest(body)
}

// readRequest reads a request body, a JSON object, as any family's
// request is read (see Conversation), leaving out of the parameters the
// names in any of skip: those a family's own reading turns into
// messages.
func readRequest(body *fastjson.Value, skip ...nameSet) Conversation {
	var c Conversation
	if s := body.Get("system"); s != nil {
		c.Messages = append(c.Messages, Message{Role: "system", Parts: contentParts(s)})
	}
	if cfg := body.Get("config"); cfg != nil && cfg.Type() == fastjson.TypeObject {
		if s := either(cfg, "system_instruction", "systemInstruction"); s != nil {
			c.Messages = append(c.Messages, Message{Role: "system", Parts: geminiParts(s)})
		}
		c.Tools = append(c.Tools, tools(cfg.Get("tools"))...)
		c.Params = params(cfg, geminiConfigTurns)
	}
	// Gemini's system instruction: google-genai's model_dump writes
	// snake_case, the REST API (langchaingo, adk-go, vercel/ai) camelCase.
	if s := either(body, "system_instruction", "systemInstruction"); s != nil {
		c.Messages = append(c.Messages, Message{Role: "system", Parts: geminiParts(s)})
	}
	for _, m := range body.GetArray("messages") {
		c.Messages = append(c.Messages, chatMessage(m, openaiMessageRead))
	}
	for _, m := range body.GetArray("contents") {
		c.Messages = append(c.Messages, Message{Role: getStr(m, "role"), Parts: geminiParts(m)})
	}
	if ms, ok := tokenLists(body.Get("prompt")); ok {
		c.Messages = append(c.Messages, ms...)
	} else if p := body.Get("prompt"); p != nil {
		msg := Message{Role: "prompt", Parts: contentParts(p)}
		for _, im := range body.GetArray("images") {
			msg.Parts = append(msg.Parts, base64Image("", string(im.GetStringBytes())))
		}
		c.Messages = append(c.Messages, msg)
	}
	if in := body.Get("input"); in != nil {
		c.Messages = append(c.Messages, inputMessages(in)...)
	}
	if q := body.Get("query"); q != nil {
		c.Messages = append(c.Messages, Message{Role: "query", Parts: contentParts(q)})
	}
	for _, d := range body.GetArray("documents") {
		c.Messages = append(c.Messages, Message{Role: "document", Parts: contentParts(d)})
	}
	c.Tools = append(c.Tools, tools(body.Get("tools"))...)
	for _, t := range body.GetArray("toolConfig", "tools") { // Bedrock's Converse
		if s := t.Get("toolSpec"); s != nil {
			c.Tools = append(c.Tools, Tool{Name: getStr(s, "name"), Description: getStr(s, "description"), Parameters: s.Get("inputSchema", "json")})
		}
	}
	c.Params = append(params(body, append(skip, conversationKeys)...), c.Params...)
	return c
}

// bodyAsRecorded reads a request body that is not a JSON object (a
// form, a multipart upload, plain text, a body a cassette kept in
// base64, a list) as one message of role "body" whose one part is shown
// as recorded (PartOther: a string as its text, anything else as JSON);
// ok is false when there is no body (nil, null, "", []).
func bodyAsRecorded(body *fastjson.Value) (Message, bool) {
	if body == nil || empty(body) {
		return Message{}, false
	}
	part := Part{Kind: PartOther, Text: sharedStr(body)}
	if body.Type() != fastjson.TypeString {
		part = otherPart(body)
	}
	return Message{Role: "body", Parts: []Part{part}}, true
}

// params lists obj's members as parameters, each value compact JSON, in
// the order of the body, leaving out "config" (read on its own) and the
// names in any of skip.
func params(obj *fastjson.Value, skip ...nameSet) []Param {
	var ps []Param
	obj.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) == "config" {
			return
		}
		for _, s := range skip {
			if s.has(k) {
				return
			}
		}
		ps = append(ps, Param{string(k), string(jsonx.Compact(v))})
	})
	return ps
}

// inputMessages reads embeddings and interactions "input": a string, a list
// of strings, token ids or lists of them (tokenMessage), or a list of
// turns / content objects.
func inputMessages(in *fastjson.Value) []Message {
	if m, ok := tokenMessage(in); ok {
		return []Message{m}
	}
	if in.Type() != fastjson.TypeArray {
		return []Message{{Role: "input", Parts: contentParts(in)}}
	}
	var ms []Message
	for _, it := range in.GetArray() {
		if m, ok := tokenMessage(it); ok {
			ms = append(ms, m)
			continue
		}
		if role := getStr(it, "role"); role != "" {
			ms = append(ms, Message{Role: role, Parts: contentParts(it.Get("content"))})
			continue
		}
		if m, ok := inputItem(it); ok {
			ms = append(ms, m)
			continue
		}
		ms = append(ms, Message{Role: "input", Parts: contentParts(it)})
	}
	return ms
}

// tokenMessage reads a list of token ids, as an embeddings input or a
// completion's prompt may be given ("an array of tokens, or an array of
// token arrays": platform.openai.com/docs/api-reference/embeddings/create),
// as one message of role "tokens" whose text is the ids as recorded,
// separated by spaces; ok is false for anything but a non-empty list of
// integers.
func tokenMessage(v *fastjson.Value) (Message, bool) {
	ids := v.GetArray()
	if len(ids) == 0 {
		return Message{}, false
	}
	var b strings.Builder
	for i, id := range ids {
		if _, err := id.Int64(); err != nil {
			return Message{}, false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.Write(id.MarshalTo(nil))
	}
	return Message{Role: "tokens", Parts: []Part{{Kind: PartText, Text: b.String()}}}, true
}

// tokenLists reads a completion's prompt of token ids: one list
// (tokenMessage) or a list of them, a message each; ok is false when v
// is not that.
func tokenLists(v *fastjson.Value) ([]Message, bool) {
	if m, ok := tokenMessage(v); ok {
		return []Message{m}, true
	}
	lists := v.GetArray()
	ms := make([]Message, 0, len(lists))
	for _, l := range lists {
		m, ok := tokenMessage(l)
		if !ok {
			return nil, false
		}
		ms = append(ms, m)
	}
	return ms, len(ms) > 0
}

// inputItem reads an item of a Responses API input that carries the
// conversation so far, as the response's output held it: a function_call
// (the model's tool call), a function_call_output (its result), a
// reasoning item (its summary and text), an image_generation_call; ok is
// false for other items.
func inputItem(it *fastjson.Value) (Message, bool) {
	switch getStr(it, "type") {
	case "function_call":
		return Message{Role: "assistant", Parts: []Part{{Kind: PartToolCall,
			ToolCall: newToolCall(getStr(it, "call_id"), getStr(it, "name"), it.Get("arguments")), Raw: it}}}, true
	case "function_call_output":
		id := getStr(it, "call_id")
		text, other := resultText(nil, "output", it.Get("output"))
		return Message{Role: "tool", CallID: id, Parts: []Part{{Kind: PartToolResult, Text: text, CallID: id, Raw: it, Other: other}}}, true
	case "reasoning":
		var text string
		for _, s := range it.GetArray("summary") {
			text += getStr(s, "text")
		}
		for _, p := range it.GetArray("content") {
			text += getStr(p, "text")
		}
		return Message{Role: "assistant", Parts: []Part{{Kind: PartThinking, Text: text, Raw: it}}}, true
	case "image_generation_call":
		return Message{Role: "assistant", Parts: []Part{generatedImage(it)}}, true
	}
	return Message{}, false
}

// chatMessage reads an OpenAI, Ollama or Anthropic message; the members
// it does not read or read holds (openaiMessageRead, or those and a
// stored message's id) are its Other.
func chatMessage(m *fastjson.Value, read nameSet) Message {
	msg := Message{Role: getStr(m, "role"), Name: firstStr(m, "name", "tool_name"), CallID: getStr(m, "tool_call_id"),
		Other: otherMembers(nil, "", m, read)}
	content := m.Get("content")
	if msg.CallID != "" {
		var text string
		text, msg.Other = resultText(msg.Other, "content", content)
		msg.Parts = []Part{{Kind: PartToolResult, Text: text, CallID: msg.CallID}}
	} else {
		msg.Parts = contentParts(content)
	}
	if t := getStr(m, "thinking"); t != "" {
		msg.Parts = append([]Part{{Kind: PartThinking, Text: t}}, msg.Parts...)
	}
	for _, key := range reasoningKeys {
		if t := sharedStr(m, key); t != "" {
			msg.Parts = append([]Part{{Kind: PartThinking, Text: t}}, msg.Parts...)
			break
		}
	}
	for _, im := range m.GetArray("images") { // Ollama: bare base64
		msg.Parts = append(msg.Parts, base64Image("", string(im.GetStringBytes())))
	}
	if as := m.GetArray("annotations"); len(as) > 0 {
		msg.Parts = citeLast(msg.Parts, openaiAnnotations(as, textOf(content)))
	}
	msg.Parts = toolCallParts(msg.Parts, m.GetArray("tool_calls"))
	if fc := m.Get("function_call"); fc != nil && fc.Type() == fastjson.TypeObject {
		// The chat API's call before tool calls (a function_call with a
		// name and its arguments, no id), still served and recorded.
		msg.Parts = append(msg.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall("", getStr(fc, "name"), fc.Get("arguments"))})
	}
	return msg
}

// toolCallParts appends a tool call part to parts for each of calls, in
// OpenAI's shape ({id, type, function: {name, arguments}}), which
// Ollama's messages, completions recorded as chat and Cohere's chat
// share.
func toolCallParts(parts []Part, calls []*fastjson.Value) []Part {
	for _, tc := range calls {
		fn := tc.Get("function")
		parts = append(parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(tc, "id"), getStr(fn, "name"), fn.Get("arguments"))})
	}
	return parts
}

// textOf returns a string value, or the text parts of a content list.
func textOf(v *fastjson.Value) string {
	if v == nil {
		return ""
	}
	if v.Type() == fastjson.TypeString {
		return sharedStr(v)
	}
	var b strings.Builder
	for _, p := range contentParts(v) {
		b.WriteString(p.Text)
	}
	return b.String()
}

// contentParts reads OpenAI / Anthropic content: a string, or a list of
// typed parts (text, image_url, image, tool_use, tool_result, thinking ...).
func contentParts(v *fastjson.Value) []Part {
	switch {
	case v == nil || v.Type() == fastjson.TypeNull:
		return nil
	case v.Type() == fastjson.TypeString:
		return []Part{{Kind: PartText, Text: sharedStr(v)}}
	case v.Type() != fastjson.TypeArray:
		if v.Type() == fastjson.TypeObject && getStr(v, "type") != "" {
			return []Part{contentPart(v)}
		}
		return []Part{otherPart(v)}
	}
	var ps []Part
	for _, p := range v.GetArray() {
		if p.Type() == fastjson.TypeString {
			ps = append(ps, Part{Kind: PartText, Text: string(p.GetStringBytes())})
			continue
		}
		if th := p.GetArray("thinking"); th != nil && getStr(p, "type") == "thinking" {
			// Mistral's thinking part: a list of text parts.
			for _, tp := range th {
				ps = append(ps, Part{Kind: PartThinking, Text: sharedStr(tp, "text"), Raw: p})
			}
			continue
		}
		ps = append(ps, contentPart(p))
	}
	return ps
}

func contentPart(p *fastjson.Value) Part {
	switch getStr(p, "type") {
	case "text", "input_text", "output_text":
		if t := p.Get("text"); t != nil && t.Type() != fastjson.TypeString {
			if t.Type() == fastjson.TypeObject && t.Get("value") != nil {
				return assistantsText(p, t)
			}
			// Not a text block's text: shown as recorded.
			return otherPart(p)
		}
		pt := Part{Kind: PartText, Text: sharedStr(p, "text"), Other: otherMembers(nil, "", p, textBlockRead)}
		if cs := p.GetArray("citations"); len(cs) > 0 {
			pt.Citations = anthropicCitations(cs)
		}
		if as := p.GetArray("annotations"); len(as) > 0 {
			pt.Citations = openaiAnnotations(as, pt.Text)
		}
		return pt
	case "thinking":
		return Part{Kind: PartThinking, Text: sharedStr(p, "thinking"), Other: otherMembers(nil, "", p, thinkingBlockRead)}
	case "image_url":
		u := getStr(p, "image_url", "url")
		if u == "" {
			u = getStr(p, "image_url")
		}
		im := imageURL(u, p)
		im.Other = otherMembers(otherMembers(nil, "", p, imageURLBlockRead), "image_url", p.Get("image_url"), imageURLRead)
		return im
	case "input_image":
		im := imageURL(getStr(p, "image_url"), p)
		im.Other = otherMembers(nil, "", p, imageURLBlockRead)
		return im
	case "image":
		im := Part{Kind: PartImage, URL: getStr(p, "source", "url")}
		if getStr(p, "source", "type") == "base64" {
			im = base64Image(getStr(p, "source", "media_type"), getStr(p, "source", "data"))
		}
		im.Raw = p
		im.Other = otherMembers(otherMembers(nil, "", p, imageBlockRead), "source", p.Get("source"), imageSourceRead)
		return im
	case "tool_use":
		return Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(p, "id"), getStr(p, "name"), p.Get("input")), Raw: p,
			Other: otherMembers(nil, "", p, toolUseBlockRead)}
	case "tool_result":
		text, other := resultText(otherMembers(nil, "", p, toolResultRead), "content", p.Get("content"))
		return Part{Kind: PartToolResult, Text: text, CallID: getStr(p, "tool_use_id"), Raw: p, Other: other}
	case "":
		if bp, ok := bedrockPart(p); ok {
			return bp
		}
	}
	return otherPart(p)
}

// imageURL describes an image given by URL; data: URLs are measured, not
// copied.
func imageURL(u string, raw *fastjson.Value) Part {
	if rest, ok := strings.CutPrefix(u, "data:"); ok {
		meta, data, _ := strings.Cut(rest, ",")
		mt, _, _ := strings.Cut(meta, ";")
		im := base64Image(mt, data)
		im.Raw = raw
		return im
	}
	return Part{Kind: PartImage, URL: u, Raw: raw}
}

// base64Image describes base64 image data by its media type and decoded
// size (estimated from the text length; padding counted out).
func base64Image(mediaType, data string) Part {
	n := len(data) / 4 * 3
	if strings.HasSuffix(data, "==") {
		n -= 2
	} else if strings.HasSuffix(data, "=") {
		n--
	}
	if mediaType == "" {
		mediaType = sniffBase64(data)
	}
	return Part{Kind: PartImage, MediaType: mediaType, Size: n, Data: data}
}

// sniffBase64 names the image type from the base64 of its magic bytes.
func sniffBase64(data string) string {
	for prefix, mt := range map[string]string{"iVBORw0KGgo": "image/png", "/9j/": "image/jpeg", "R0lGOD": "image/gif", "UklGR": "image/webp"} {
		if strings.HasPrefix(data, prefix) {
			return mt
		}
	}
	return "image"
}

// geminiParts reads a Gemini Content ({role, parts}) or a bare string;
// none when v is nil (a candidate without content).
func geminiParts(v *fastjson.Value) []Part {
	if v == nil {
		return nil
	}
	if v.Type() == fastjson.TypeString {
		return contentParts(v)
	}
	var ps []Part
	for _, p := range v.GetArray("parts") {
		ps = append(ps, readGeminiPart(p))
	}
	return ps
}

// either is v's field snake, else its field camel: Google's REST API
// writes camelCase keys (finishReason, usageMetadata, functionCall),
// google-genai's model_dump, which ogx records, snake_case. Nil when
// neither is there, or v is nil. More keys are tried in their order (a
// citation's source under "web", "retrievedContext" ...).
// Not inlined, as getStr is not: its copies at each call cost app.wasm
// more than the call costs (docs/dev/wasm-size.md).
//
//go:noinline
func either(v *fastjson.Value, keys ...string) *fastjson.Value {
	for _, k := range keys {
		if f := v.Get(k); f != nil {
			return f
		}
	}
	return nil
}

func readGeminiPart(p *fastjson.Value) Part {
	switch {
	case p.Get("text") != nil:
		if p.GetBool("thought") {
			return Part{Kind: PartThinking, Text: getStr(p, "text")}
		}
		return Part{Kind: PartText, Text: sharedStr(p, "text")}
	case either(p, "inline_data", "inlineData") != nil:
		d := either(p, "inline_data", "inlineData")
		return base64Image(getStr(either(d, "mime_type", "mimeType")), getStr(d, "data"))
	case either(p, "function_call", "functionCall") != nil:
		fc := either(p, "function_call", "functionCall")
		return Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(fc, "id"), getStr(fc, "name"), fc.Get("args")), Raw: p}
	case either(p, "function_response", "functionResponse") != nil:
		fr := either(p, "function_response", "functionResponse")
		return Part{Kind: PartToolResult, Text: string(jsonx.Compact(fr.Get("response"))), CallID: getStr(fr, "name"), Raw: p}
	}
	return otherPart(p)
}

// tools reads tool definitions: OpenAI {type, function{name, description,
// parameters}}, Anthropic {name, description, input_schema}, Gemini
// {function_declarations: [...]}, interactions {type, name, parameters}.
func tools(v *fastjson.Value) []Tool {
	var ts []Tool
	for _, t := range v.GetArray() {
		if decls := either(t, "function_declarations", "functionDeclarations").GetArray(); decls != nil {
			for _, d := range decls {
				ts = append(ts, Tool{Name: getStr(d, "name"), Description: getStr(d, "description"), Parameters: d.Get("parameters")})
			}
			continue
		}
		if t.Get("type") == nil && t.Get("function") == nil && t.Get("name") == nil && t.Type() == fastjson.TypeObject {
			// A Gemini built-in tool: {"googleSearch": {}}, {"code_execution": {}}.
			t.GetObject().Visit(func(k []byte, _ *fastjson.Value) {
				ts = append(ts, Tool{Name: string(k), BuiltIn: true, Def: t})
			})
			continue
		}
		def := t
		if f := t.Get("function"); f != nil && f.Type() == fastjson.TypeObject {
			def = f
		}
		schema := def.Get("parameters")
		if schema == nil {
			schema = def.Get("input_schema")
		}
		if schema != nil && schema.Type() == fastjson.TypeString {
			// xAI's protocol buffers keep the schema as JSON text: read
			// it as the object it holds, else keep the string.
			if o, err := fastjson.ParseBytes(schema.GetStringBytes()); err == nil && o.Type() == fastjson.TypeObject {
				schema = o
			}
		}
		tool := Tool{Name: getStr(def, "name"), Description: getStr(def, "description"), Parameters: schema}
		if typ := getStr(t, "type"); tool.Name == "" && typ != "" && typ != "function" {
			// A built-in tool (OpenAI's Responses: image_generation,
			// web_search_preview, file_search, code_interpreter, mcp).
			tool.Name, tool.BuiltIn, tool.Def = typ, true, t
		}
		ts = append(ts, tool)
	}
	return ts
}
