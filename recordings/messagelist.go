package recordings

import "github.com/valyala/fastjson"

// A stored conversation, listed: OpenAI's
// GET /v1/chat/completions/{completion_id}/messages, the messages a
// stored chat completion was asked with ({id, role, content,
// content_parts, name}), and GET /v1/responses/{response_id}/input_items,
// a stored response's input items (a message {type: "message", id,
// status, role, content} or another item of the Responses input, a
// function_call, a function_call_output). Both answer {object: "list",
// data, first_id, last_id, has_more}. Their paths hold an id, so such a
// list is known by its data: every item a chat message (a role, no type)
// or every item an input item. Source:
// platform.openai.com/docs/api-reference/chat/getMessages and
// /responses/input-items. A stored chat completion is listed too, at
// GET /v1/chat/completions: a list of chat.completion objects, each an
// answer to a request of its own.

// The members the lists' readers read, or bookkeeping (an item's id,
// where the list starts and ends); the rest is the Answer's Other
// (has_more among them).
var (
	listRead = nameSet{"object", "data", "first_id", "last_id"}
	// storedMessageRead: a stored chat message's id, and what chatMessage
	// reads of any message.
	storedMessageRead = append(nameSet{"id"}, openaiMessageRead...)
)

// listData returns the items of an OpenAI list object ({object: "list",
// data}) when there is at least one and each is an object, else nil.
func listData(v *fastjson.Value) []*fastjson.Value {
	if getStr(v, "object") != "list" {
		return nil
	}
	data := v.GetArray("data")
	for _, it := range data {
		if it.Type() != fastjson.TypeObject {
			return nil
		}
	}
	return data
}

// isChatMessageList reports a list of stored chat messages: each item
// has a role, and no type or object that would make it another API's.
func isChatMessageList(v *fastjson.Value) bool {
	data := listData(v)
	for _, it := range data {
		if getStr(it, "role") == "" || it.Get("type") != nil || it.Get("object") != nil {
			return false
		}
	}
	return len(data) > 0
}

// isChatCompletionList reports a list of stored chat completions
// (GET /v1/chat/completions, platform.openai.com/docs/api-reference/chat/list):
// each item a chat.completion of one choice. A completion of several
// choices would need a label for each; such a list stays raw JSON.
func isChatCompletionList(v *fastjson.Value) bool {
	data := listData(v)
	for _, it := range data {
		if getStr(it, "object") != "chat.completion" || len(it.GetArray("choices")) != 1 {
			return false
		}
	}
	return len(data) > 0
}

// completionList reads a list of stored chat completions into an Answer
// whose List is "chat completion": a Choice per item, its Index the
// item's place in data, read as f reads one completion; each item's
// usage under "data[i].", its model and its Other (the request settings
// it keeps, which nothing else in the file holds) under "data[i]".
func (f openaiFormat) completionList(v *fastjson.Value) Answer {
	a := Answer{List: "chat completion", Other: otherMembers(nil, "", v, listRead)}
	for i, it := range v.GetArray("data") {
		one := f.readAnswer(it)
		c := one.Choices[0]
		c.Index = i
		a.Choices = append(a.Choices, c)
		for _, u := range one.Usage {
			a.Usage = append(a.Usage, UsageItem{itemPath("data", i) + "." + u.Name, u.Value})
		}
		own := one.Other
		if m := it.Get("model"); m != nil && !empty(m) {
			// The model that answered: a single response's is the
			// request's, in the header; a list's items each have theirs.
			own = append([]Member{{Path: "model", Value: m}}, own...)
		}
		a.Other = underItem(a.Other, "data", i, own)
	}
	return a
}

// isInputItemList reports a list of a response's input items: each item
// a message with a role, or an item inputItem reads.
func isInputItemList(v *fastjson.Value) bool {
	data := listData(v)
	for _, it := range data {
		if getStr(it, "type") == "message" && getStr(it, "role") != "" {
			continue
		}
		if _, ok := inputItem(it); !ok {
			return false
		}
	}
	return len(data) > 0
}

// listAnswer reads a list of messages into an Answer whose List is
// noun: a Choice per item, its Index the item's place in data, read by
// item; an item's Other under "data[i]".
func listAnswer(v *fastjson.Value, noun string, item func(*fastjson.Value) Message) Answer {
	a := Answer{List: noun, Other: otherMembers(nil, "", v, listRead)}
	for i, it := range v.GetArray("data") {
		m := item(it)
		a.Choices = append(a.Choices, Choice{Index: i, Role: m.Role, Parts: m.Parts})
		a.Other = underItem(a.Other, "data", i, m.Other)
	}
	return a
}

// storedChatMessage reads an item of a stored chat completion's messages
// as chatMessage reads a request's message; its id is bookkeeping.
func storedChatMessage(it *fastjson.Value) Message {
	return chatMessage(it, storedMessageRead)
}

// storedInputItem reads an input item of a stored response, as
// isInputItemList accepts them: a message (its role and content parts),
// or what inputItem reads.
func storedInputItem(it *fastjson.Value) Message {
	if getStr(it, "type") == "message" {
		return Message{Role: getStr(it, "role"), Parts: contentParts(it.Get("content")), Other: otherMembers(nil, "", it, responsesMessageRead)}
	}
	m, _ := inputItem(it)
	return m
}
