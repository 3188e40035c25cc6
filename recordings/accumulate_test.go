package recordings

import (
	"testing"

	"github.com/valyala/fastjson"
)

// TestAccumulateDelta checks accumulateDelta against openai-python's
// accumulate_delta (src/openai/lib/streaming/_assistants.py at 017136e),
// each expected value worked out by hand from that code.
func TestAccumulateDelta(t *testing.T) {
	for _, tt := range []struct{ acc, delta, want string }{
		// Strings join, numbers add, index and type are replaced.
		{`{"v":"Filip's","n":1,"index":0,"type":"text"}`, `{"v":" favorite","n":2,"index":3,"type":"image"}`, `{"v":"Filip's favorite","n":3,"index":3,"type":"image"}`},
		// A member acc lacks or holds null is delta's; objects merge.
		{`{"a":null,"o":{"x":"1"}}`, `{"a":"A","b":[1],"o":{"x":"2","y":true}}`, `{"a":"A","o":{"x":"12","y":true},"b":[1]}`},
		// Lists of objects merge by the items' index, not their place;
		// an index not there is added.
		{`{"l":[{"index":1,"v":"a"}]}`, `{"l":[{"index":1,"v":"b"},{"index":0,"v":"c"}]}`, `{"l":[{"index":1,"v":"ab"},{"index":0,"v":"c"}]}`},
		// An indexed list acc lacks is merged into an empty one: two
		// items of one index in the first delta become one.
		{`{}`, `{"tool_calls":[{"index":0,"args":"{\"a\""},{"index":0,"args":":1}"}]}`, `{"tool_calls":[{"index":0,"args":"{\"a\":1}"}]}`},
		// A non-empty list of strings or numbers grows.
		{`{"ids":["f1"]}`, `{"ids":["f2"]}`, `{"ids":["f1","f2"]}`},
		// Mismatched types keep acc's.
		{`{"v":"text"}`, `{"v":5}`, `{"v":"text"}`},
	} {
		var a arena
		got := accumulateDelta(&a, fastjson.MustParse(tt.acc), fastjson.MustParse(tt.delta)).String()
		if got != tt.want {
			t.Errorf("accumulateDelta(%s, %s) = %s, want %s", tt.acc, tt.delta, got, tt.want)
		}
	}
}

// TestAccumulateMessage: a message's content deltas merge by their
// place, as accumulate_event does, and a content item past the end is
// added.
func TestAccumulateMessage(t *testing.T) {
	var a arena
	msg := fastjson.MustParse(`{"id":"m","content":[{"type":"text","text":{"value":"Hi"}}]}`)
	delta := fastjson.MustParse(`{"content":[{"index":0,"type":"text","text":{"value":" there"}},{"index":1,"type":"image_file","image_file":{"file_id":"f"}}]}`)
	want := `{"id":"m","content":[{"type":"text","text":{"value":"Hi there"},"index":0},{"index":1,"type":"image_file","image_file":{"file_id":"f"}}]}`
	if got := accumulateMessage(&a, msg, delta).String(); got != want {
		t.Errorf("accumulateMessage = %s, want %s", got, want)
	}
}
