package recordings

import (
	"encoding/json"
	"testing"

	"github.com/valyala/fastjson"
)

// TestResponsesSeveral: a stream of two responses (vercel/ai keeps a
// conversation's turns in one fixture) is assembled to the second, whose
// response.completed the SDK's caller reads: its one message, not the
// first response's function call; written out by hand.
func TestResponsesSeveral(t *testing.T) {
	events := []string{
		`{"type":"response.created","response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}`,
		`{"type":"response.output_item.added","output_index":0,"item":{"id":"fc_1","type":"function_call","name":"f","arguments":""}}`,
		`{"type":"response.function_call_arguments.delta","output_index":0,"item_id":"fc_1","delta":"{}"}`,
		`{"type":"response.output_item.done","output_index":0,"item":{"id":"fc_1","type":"function_call","name":"f","arguments":"{}"}}`,
		`{"type":"response.completed","response":{"id":"resp_1","object":"response","status":"completed","output":[]}}`,
		`{"type":"response.created","response":{"id":"resp_2","object":"response","status":"in_progress","output":[]}}`,
		`{"type":"response.output_item.added","output_index":0,"item":{"id":"msg_2","type":"message","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","output_index":0,"item_id":"msg_2","content_index":0,"part":{"type":"output_text","text":""}}`,
		`{"type":"response.output_text.delta","output_index":0,"item_id":"msg_2","content_index":0,"delta":"Done."}`,
		`{"type":"response.completed","response":{"id":"resp_2","object":"response","status":"completed","output":[]}}`,
	}
	body := make([]json.RawMessage, len(events))
	for i, e := range events {
		body[i] = json.RawMessage(e)
	}
	doc, _ := json.Marshal(map[string]any{
		"request":  map[string]any{"url": "/v1/responses", "method": "POST", "payload": map[string]any{"stream": true}},
		"response": map[string]any{"status": 200, "body": body, "is_streaming": true},
	})
	r, err := Parse("several.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Assemble(r)
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	if id, n := string(v.GetStringBytes("id")), len(v.GetArray("output")); id != "resp_2" || n != 1 {
		t.Fatalf("response %q with %d items, want resp_2 with 1: %s", id, n, v)
	}
	if typ, text := string(v.GetStringBytes("output", "0", "type")), string(v.GetStringBytes("output", "0", "content", "0", "text")); typ != "message" || text != "Done." {
		t.Errorf("item %q %q, want the message \"Done.\"", typ, text)
	}
}

// TestResponsesNotAnswers: what a stored response's paths answer that is
// no response (a deletion, an empty list; shapes from the API reference)
// reads as no answer, shown as its JSON, never as an empty assistant's
// turn; a response without "object" is read. (/v1/responses/compact's
// compaction is a list: recordings/cassette's TestCompaction.)
func TestResponsesNotAnswers(t *testing.T) {
	for _, body := range []string{
		`{"id":"resp_1","object":"response.deleted","deleted":true}`,
		`{"object":"list","data":[],"has_more":false}`,
	} {
		if a := ReadAnswer(FamilyOpenAIResponses, fastjson.MustParse(body)); len(a.Choices) != 0 {
			t.Errorf("%s: %d choices, want none", body, len(a.Choices))
		}
	}
	a := ReadAnswer(FamilyOpenAIResponses, fastjson.MustParse(`{"status":"completed","output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Hi"}]}]}`))
	if len(a.Choices) != 1 || a.Choices[0].Text() != "Hi" {
		t.Errorf("a response without object: %+v", a.Choices)
	}
}
