package recordings

import (
	"slices"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/valyala/fastjson"
)

// PartKind says what a message part holds.
type PartKind string

// The kinds of message part.
const (
	PartText       PartKind = "text"        // Text holds the text
	PartThinking   PartKind = "thinking"    // reasoning text (or a signature) in Text
	PartImage      PartKind = "image"       // MediaType, Size and URL describe it; the data is never copied
	PartToolCall   PartKind = "tool_call"   // ToolCall describes the call
	PartToolResult PartKind = "tool_result" // Text holds the result, CallID the call it answers
	PartOther      PartKind = "other"       // Raw holds the part as recorded
)

// Part is one piece of a message's content.
type Part struct {
	Kind PartKind
	Text string
	// MediaType ("image/png"), Size (decoded bytes, estimated from base64)
	// and URL (a non-data URL, or "") describe an image. Data is an inline
	// image's base64 text as recorded (never decoded here), for a
	// thumbnail; "" for images given by URL.
	MediaType string
	Size      int
	URL       string
	Data      string
	ToolCall  *ToolCall
	CallID    string
	Raw       *fastjson.Value
	// Citations are the sources a text part cites (Anthropic's
	// citations, OpenAI's annotations; Cohere's and Gemini's, given for
	// the whole message, on its last text part), in the order recorded.
	Citations []Citation
	// Other are the content block's members nothing above reads, to be
	// shown as recorded, their paths from the block: a cache_control, a
	// tool result's is_error (Bedrock's toolResult.status), an image's
	// detail, a tool call's caller, and a tool result's items that are
	// not text (an image, "content[1]"). For the blocks of OpenAI,
	// Anthropic, Responses and Bedrock content; nil for other parts.
	Other []Member
}

// ImageUnrecorded reports an image part that kept neither URL nor data:
// a stored input item keeps an image's detail, not the image.
func (p *Part) ImageUnrecorded() bool {
	return p.Kind == PartImage && p.URL == "" && p.Data == "" && p.Size == 0
}

// Message is one turn of a conversation, in any provider's format: OpenAI
// and Ollama messages, Anthropic messages and system prompt, Gemini
// contents and system_instruction, a completion prompt, embedding inputs.
type Message struct {
	// Role as the provider names it: "system", "user", "assistant", "tool",
	// "model", or "prompt" / "input" for completion prompts and embedding
	// inputs.
	Role  string
	Name  string // the "name" of a message or a tool result's function
	Parts []Part
	// CallID is the tool call a tool message answers (tool_call_id).
	CallID string
	// Other are the message's members nothing above reads, to be shown
	// as recorded, their paths from the message ("reasoning_details",
	// "cache_control"): for the messages of a request's "messages" list
	// (OpenAI's, Ollama's, Anthropic's, Cohere's, Bedrock's) and of
	// Cohere v1's chat_history; nil for the other turns.
	Other []Member
}

// Text returns the message's text parts joined by blank lines.
func (m *Message) Text() string {
	var s string
	for _, p := range m.Parts {
		if p.Kind == PartText || p.Kind == PartToolResult {
			if s != "" {
				s += "\n\n"
			}
			s += p.Text
		}
	}
	return s
}

// ToolCall is a function call made by a model.
type ToolCall struct {
	ID   string
	Name string
	// Arguments is the arguments as the provider sent them: a JSON text
	// (OpenAI) or a JSON object marshalled compactly (Anthropic, Ollama,
	// Gemini).
	Arguments string
	// Parsed is Arguments parsed, nil when they are not valid JSON; ParseErr
	// then says why (arguments of a cut stream, or a model's bad JSON).
	Parsed   *fastjson.Value
	ParseErr error
}

func newToolCall(id, name string, args *fastjson.Value) *ToolCall {
	tc := &ToolCall{ID: id, Name: name}
	switch {
	case args == nil || args.Type() == fastjson.TypeNull:
	case args.Type() == fastjson.TypeString:
		tc.Arguments = sharedStr(args)
		tc.Parsed, tc.ParseErr = fastjson.Parse(tc.Arguments)
		if tc.Arguments == "" {
			tc.ParseErr = nil
		}
	default:
		tc.Arguments, tc.Parsed = string(jsonx.Compact(args)), args
	}
	return tc
}

// Tool is a tool (function) definition offered to the model.
type Tool struct {
	// Name is the function's name; a tool the provider runs itself, which
	// has none (OpenAI's {"type": "image_generation"}, "web_search",
	// "code_interpreter"), is named by its type.
	Name        string
	Description string
	// Parameters is the JSON schema of the arguments, or nil; a schema
	// recorded as JSON text (xAI's) is the object the text holds.
	Parameters *fastjson.Value
	// BuiltIn reports a tool the provider runs itself (a "type" other than
	// "function", and no function); Def is then its definition as
	// recorded, whose other members are its settings.
	BuiltIn bool
	Def     *fastjson.Value
}

// Param is a request parameter other than the conversation and the tools,
// like temperature or max_tokens; Value is its compact JSON.
type Param struct {
	Name  string
	Value string
}

// UsageItem is one token counter (or duration) of a response's usage, with
// its dotted path as Name ("completion_tokens_details.reasoning_tokens"),
// its Value a JSON number; or a value beside the counters that says what
// they count (a service tier, Anthropic's inference_geo), its Value
// compact JSON ("\"standard\"", true). An item of a list of counters is
// named by its first string member, Gemini's modality:
// "promptTokensDetails[TEXT].tokenCount".
type UsageItem struct {
	Name  string
	Value string
}

// usageItems flattens a usage object into UsageItems, "a.b" names.
func usageItems(v *fastjson.Value, prefix string, out []UsageItem) []UsageItem {
	v.GetObject().Visit(func(k []byte, x *fastjson.Value) {
		out = usageValue(x, prefix+string(k), out)
	})
	return out
}

// usageValue appends the usage value x named name to out: a number, a
// string or a boolean as one item, an object's members and a list's
// items each under name; null and empty values are left out.
func usageValue(x *fastjson.Value, name string, out []UsageItem) []UsageItem {
	switch x.Type() {
	case fastjson.TypeNumber, fastjson.TypeTrue, fastjson.TypeFalse:
		out = append(out, UsageItem{name, string(jsonx.Compact(x))})
	case fastjson.TypeString:
		if !empty(x) {
			out = append(out, UsageItem{name, string(jsonx.Compact(x))})
		}
	case fastjson.TypeObject:
		out = usageItems(x, name+".", out)
	case fastjson.TypeArray:
		items := x.GetArray()
		labels := usageLabels(items)
		for i, it := range items {
			if labels == nil {
				out = usageValue(it, itemPath(name, i), out)
				continue
			}
			it.GetObject().Visit(func(k []byte, y *fastjson.Value) {
				if string(k) != labels[i].key {
					out = usageValue(y, name+"["+labels[i].label+"]."+string(k), out)
				}
			})
		}
	}
	return out
}

// labelKey is what names an item of a list of counters: its label
// ("TEXT") and the label's key ("modality").
type labelKey struct{ label, key string }

// usageLabels gives each item of a list of counters its own label
// (usageLabel), in the items' order; nil when an item has none or two
// share one, and the items are named by index.
func usageLabels(items []*fastjson.Value) []labelKey {
	labels := make([]labelKey, len(items))
	for i, it := range items {
		l := &labels[i]
		l.label, l.key = usageLabel(it)
		if l.label == "" || slices.ContainsFunc(labels[:i], func(o labelKey) bool { return o.label == l.label }) {
			return nil
		}
	}
	return labels
}

// usageLabel is the first string member of it, an object of a list of
// counters, and its key ("TEXT", "modality"); "" when it has none.
func usageLabel(it *fastjson.Value) (label, key string) {
	it.GetObject().Visit(func(k []byte, y *fastjson.Value) {
		if label == "" && y.Type() == fastjson.TypeString && !empty(y) {
			label, key = sharedStr(y), string(k)
		}
	})
	return label, key
}

// Choice is one answer of a response: an OpenAI choice, a Gemini
// candidate, or the single answer of other APIs.
type Choice struct {
	Index        int
	Role         string
	Parts        []Part // text, thinking and tool calls in the order they came
	FinishReason string
}

// Text returns the choice's text parts concatenated.
func (c *Choice) Text() string {
	var s string
	for _, p := range c.Parts {
		if p.Kind == PartText {
			s += p.Text
		}
	}
	return s
}

// ToolCalls returns the choice's tool calls in order.
func (c *Choice) ToolCalls() []*ToolCall {
	var out []*ToolCall
	for _, p := range c.Parts {
		if p.Kind == PartToolCall {
			out = append(out, p.ToolCall)
		}
	}
	return out
}

// MaxAskedInputs is the most inputs Asked returns of a request of many
// (an embeddings request's list).
const MaxAskedInputs = 5

// Asked is what a request asks, for showing and comparing what two
// recordings asked: its last user message (a completion's prompt, a
// rerank's query), else its inputs (an embeddings request's texts or
// token lists), the first MaxAskedInputs of them with how many more
// there are, else its last message; none when it has no message.
func Asked(ms []Message) (asked []Message, more int) {
	for i := len(ms) - 1; i >= 0; i-- {
		switch ms[i].Role {
		case "user", "prompt", "query":
			return ms[i : i+1], 0
		}
	}
	for _, m := range ms {
		if m.Role == "input" || m.Role == "tokens" {
			asked = append(asked, m)
		}
	}
	if len(asked) > MaxAskedInputs {
		return asked[:MaxAskedInputs], len(asked) - MaxAskedInputs
	}
	if len(asked) == 0 && len(ms) > 0 {
		return ms[len(ms)-1:], 0
	}
	return asked, 0
}
