package recordings

import (
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// The members of a content block each reader reads, by the block's
// type; a block's other members are its Part's Other. A thinking
// block's signature is bookkeeping (an opaque check of the thinking the
// API sends back), not words.
var (
	textBlockRead     = nameSet{"type", "text", "citations", "annotations"}
	thinkingBlockRead = nameSet{"type", "thinking", "signature"}
	imageURLBlockRead = nameSet{"type", "image_url"}
	imageBlockRead    = nameSet{"type", "source"}
	imageSourceRead   = nameSet{"type", "media_type", "data", "url"}
	toolUseBlockRead  = nameSet{"type", "id", "name", "input"}
	toolResultRead    = nameSet{"type", "tool_use_id", "content"}
	bedrockToolUse    = nameSet{"toolUseId", "name", "input"}
	bedrockToolResult = nameSet{"toolUseId", "content"}
)

// resultText reads a tool result's content v at path at: a string, or a
// list of content blocks whose text blocks ({type: text | input_text |
// output_text, text}, or Bedrock's {text}) give its text, joined; ms
// gains every other item (an image, a json block, Anthropic's
// tool_reference …) whole at "at[i]", and a text block's own other
// members (a cache_control). Anything else is ms's member at at.
func resultText(ms []Member, at string, v *fastjson.Value) (string, []Member) {
	switch {
	case v == nil || v.Type() == fastjson.TypeNull:
		return "", ms
	case v.Type() == fastjson.TypeString:
		return sharedStr(v), ms
	case v.Type() != fastjson.TypeArray:
		return "", append(ms, Member{Path: at, Value: v})
	}
	var b strings.Builder
	for i, it := range v.GetArray() {
		switch {
		case it.Type() == fastjson.TypeString:
			b.WriteString(sharedStr(it))
		case isTextBlock(it):
			b.WriteString(getStr(it, "text"))
			ms = otherMembers(ms, itemPath(at, i), it, textBlockRead)
		default:
			ms = append(ms, Member{Path: itemPath(at, i), Value: it})
		}
	}
	return b.String(), ms
}

// isTextBlock reports a text content block: {type: text | input_text |
// output_text, text}, or an object with a string "text" and no "type"
// (Bedrock's).
func isTextBlock(it *fastjson.Value) bool {
	switch getStr(it, "type") {
	case "text", "input_text", "output_text":
		return true
	case "":
		t := it.Get("text")
		return t != nil && t.Type() == fastjson.TypeString && it.Get("type") == nil
	}
	return false
}

// itemPath is the path of item i of the list at at: "content[2]".
func itemPath(at string, i int) string { return at + "[" + strconv.Itoa(i) + "]" }
