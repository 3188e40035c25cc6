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
	imageURLRead      = nameSet{"url"} // an image_url object's
	imageBlockRead    = nameSet{"type", "source"}
	imageSourceRead   = nameSet{"type", "media_type", "data", "url"}
	toolUseBlockRead  = nameSet{"type", "id", "name", "input"}
	toolResultRead    = nameSet{"type", "tool_use_id", "content"}
	// A tool result's text blocks are read for their text alone: their
	// citations too are listed.
	resultTextRead    = nameSet{"type", "text"}
	bedrockToolUse    = nameSet{"toolUseId", "name", "input"}
	bedrockToolResult = nameSet{"toolUseId", "content"}
)

// resultText reads a tool result's content v at path at: a string, or a
// list of content blocks whose text blocks ({type: text | input_text |
// output_text, text}, or Bedrock's {text}) give its text, joined; ms
// gains every other item (an image, a json block, Anthropic's
// tool_reference …) whole at "at[i]", and a text block's own other
// members (a cache_control, its citations). Anything else is ms's member at at.
func resultText(ms []Member, at string, v *fastjson.Value) (string, []Member) {
	if v == nil {
		return "", ms
	}
	switch v.Type() {
	case fastjson.TypeNull:
		return "", ms
	case fastjson.TypeString:
		return sharedStr(v), ms
	case fastjson.TypeArray:
	default:
		return "", withMember(ms, at, v)
	}
	items, _ := v.Array()
	var text []string
	for i, it := range items {
		switch {
		case it.Type() == fastjson.TypeString:
			text = append(text, sharedStr(it))
		case isTextBlock(it):
			text = append(text, getStr(it, "text"))
			ms = otherMembers(ms, itemPath(at, i), it, resultTextRead)
		default:
			ms = withMember(ms, itemPath(at, i), it)
		}
	}
	return strings.Join(text, ""), ms
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
//
//go:noinline
func itemPath(at string, i int) string { return at + "[" + strconv.Itoa(i) + "]" }
