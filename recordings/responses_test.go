package recordings

import (
	"encoding/json"
	"testing"
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
