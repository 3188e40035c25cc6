package app

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// TestRawFoldLongList: a list longer than maxRawItems folds out its first
// maxRawItems elements and says how many it leaves out; a shorter one
// shows all.
func TestRawFoldLongList(t *testing.T) {
	for _, n := range []int{3, maxRawItems, maxRawItems + 5} {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprint(i) // a number folds as one <details>
		}
		v := fastjson.MustParse("[" + strings.Join(items, ",") + "]")
		html := app.HTMLString(rawFold("body", v, 0))
		shown := min(n, maxRawItems)
		if got := strings.Count(html, "<details"); got != shown+1 {
			t.Errorf("%d elements: %d folds, want %d and the list's own", n, got-1, shown)
		}
		if !strings.Contains(html, fmt.Sprintf("<code>[%d]</code>", shown-1)) || strings.Contains(html, fmt.Sprintf("<code>[%d]</code>", shown)) {
			t.Errorf("%d elements: the last fold is not [%d]", n, shown-1)
		}
		note := fmt.Sprintf("%d more elements not shown here (%d in all)", n-maxRawItems, n)
		if strings.Contains(html, note) != (n > maxRawItems) {
			t.Errorf("%d elements: note %q present %v", n, note, !(n > maxRawItems))
		}
	}
}

// TestRawViewSlicedStream: a large stream opened in slices, whose chunks
// are kept out of the document (recordings.ParseInSlices, 16 MB or more),
// shows in the Raw JSON tab exactly as the same file parsed whole.
func TestRawViewSlicedStream(t *testing.T) {
	const n = 17_000 // chunks of about 1 KB: 17 MB
	var b strings.Builder
	b.WriteString(`{"test_id": "synthetic", "request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "headers": {}, "body": {"model": "m", "stream": true}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"body": [`)
	pad := strings.Repeat("lorem ipsum ", 80)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk", "__data__": {"id": "c", "choices": [{"delta": {"content": "%d %s"}, "finish_reason": null, "index": 0}], "object": "chat.completion.chunk"}}`, i, pad)
	}
	b.WriteString(`], "is_streaming": true}}`)
	data := []byte(b.String())
	sliced, _, err := recordings.ParseInSlices("big.json", data, func() {})
	if err != nil {
		t.Fatal(err)
	}
	if body := sliced.Doc.Get("response", "body"); len(body.GetArray()) != 0 {
		t.Fatalf("a %d MB stream opened in slices has %d elements in its document's body, want them kept out", len(data)>>20, len(body.GetArray()))
	}
	whole, err := recordings.Parse("big.json", data)
	if err != nil {
		t.Fatal(err)
	}
	got := sortedAttrs(app.HTMLString((&rawView{Idoc: &openDoc{rec: sliced}}).Render()))
	want := sortedAttrs(app.HTMLString((&rawView{Idoc: &openDoc{rec: whole}}).Render()))
	if got != want {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Fatalf("Raw JSON differs at byte %d:\nsliced …%.200s\nwhole  …%.200s", i, got[max(0, i-100):], want[max(0, i-100):])
	}
	if last := fmt.Sprintf("<code>[%d]</code>", maxRawItems-1); !strings.Contains(got, last) {
		t.Errorf("chunk %s is not folded out", last)
	}
}

var (
	tagRe  = regexp.MustCompile(`<([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>`)
	attrRe = regexp.MustCompile(`[a-z-]+(?:="[^"]*")?`)
)

// sortedAttrs puts the attributes of every start tag in html in order:
// go-app writes them in map order.
func sortedAttrs(html string) string {
	return tagRe.ReplaceAllStringFunc(html, func(tag string) string {
		m := tagRe.FindStringSubmatch(tag)
		attrs := attrRe.FindAllString(m[2], -1)
		slices.Sort(attrs)
		return "<" + strings.Join(append([]string{m[1]}, attrs...), " ") + ">"
	})
}
