//go:build !js

package cassette

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestMessageLists: openai-dotnet's stored conversations, listed through
// the Azure test proxy, read as lists of messages (Answer.List): a
// stored chat completion's messages and a stored response's input
// items. Expected values read from the files: each item's role and text
// in "data", the input_file and the input_image (detail "auto", no URL
// kept) of the multi-part message, has_more; an empty list stays
// unknown, as nothing in it names its API.
func TestMessageLists(t *testing.T) {
	its := allInteractions(t)
	const proxy = "azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__"
	tests := []struct {
		name   string
		family recordings.Family
		list   string
		items  []string // "role: text" of each item
		other  []string // the Answer's Other, "path value"
	}{
		{proxy + "ChatStoreTests__GetChatCompletionMessagesWithAfterIdPagination.json#3", recordings.FamilyOpenAIChat, "message",
			[]string{"user: After ID pagination test: Please provide a detailed response with multiple sentences."},
			[]string{"has_more false"}},
		{proxy + "ResponseStoreTests__GetInputItemsWithMultiPartPagination.json#2", recordings.FamilyOpenAIResponses, "input item",
			[]string{"user: What is input text?", "user: Item 2"},
			[]string{"has_more true"}},
		{proxy + "ResponseStoreTests__GetInputItemsWithMultiPartPagination.json#3", recordings.FamilyOpenAIResponses, "input item",
			[]string{"user: Item 3", "user: Item 4"},
			[]string{"has_more false"}},
		// Stored chat completions: each item's model and request settings
		// are its Other (its nulls and empty metadata left out).
		{proxy + "ChatStoreTests__GetChatCompletionsWithAfterIdPaginationAsync.json#5", recordings.FamilyOpenAIChat, "chat completion",
			[]string{"assistant: Test 0", "assistant: Test 1"},
			[]string{"has_more true",
				`data[0].model "gpt-4o-mini-2024-07-18"`, `data[0].request_id "req_9d10db56bede4def8146b6f5810d5962"`, "data[0].seed 1261018341251293469", "data[0].top_p 1.0",
				"data[0].temperature 1.0", "data[0].presence_penalty 0.0", "data[0].frequency_penalty 0.0",
				`data[1].model "gpt-4o-mini-2024-07-18"`, `data[1].request_id "req_336b95de55324e5cb47886ae14ca6585"`, "data[1].seed 7829133868895082880", "data[1].top_p 1.0",
				"data[1].temperature 1.0", "data[1].presence_penalty 0.0", "data[1].frequency_penalty 0.0"}},
	}
	for _, tt := range tests {
		r := parsedInteraction(t, its, tt.name)
		v, err := recordings.Assemble(r)
		if r.Family != tt.family || err != nil {
			t.Errorf("%s: %s (%v), want %s", tt.name, r.Family, err, tt.family)
			continue
		}
		ans := recordings.ReadAnswer(r.Family, v)
		var items, other []string
		for i, c := range ans.Choices {
			if c.Index != i {
				t.Errorf("%s: item %d has Index %d", tt.name, i, c.Index)
			}
			items = append(items, c.Role+": "+c.Text())
		}
		for _, o := range ans.Other {
			other = append(other, o.Path+" "+o.Value.String())
		}
		if ans.List != tt.list {
			t.Errorf("%s: List %q, want %q", tt.name, ans.List, tt.list)
		}
		if d := cmp.Diff(tt.items, items); d != "" {
			t.Errorf("%s: items (-want +got):\n%s", tt.name, d)
		}
		if d := cmp.Diff(tt.other, other); d != "" {
			t.Errorf("%s: Other (-want +got):\n%s", tt.name, d)
		}
	}

	// The multi-part message's parts: its text, the input_file as
	// recorded, the input_image with its detail.
	r := parsedInteraction(t, its, proxy+"ResponseStoreTests__GetInputItemsWithMultiPartPagination.json#2")
	v, _ := recordings.Assemble(r)
	ps := recordings.ReadAnswer(r.Family, v).Choices[0].Parts
	if len(ps) != 3 || ps[1].Kind != recordings.PartOther || ps[2].Kind != recordings.PartImage ||
		len(ps[2].Other) != 1 || ps[2].Other[0].Path != "detail" || ps[2].Other[0].Value.String() != `"auto"` {
		t.Errorf("the multi-part input item's parts: %+v", ps)
	}

	// {"object": "list", "data": []} at a stored completion's path: the
	// path names the API; no item to read, so no choice (shown as its
	// JSON), and no notice of an unknown endpoint.
	r = parsedInteraction(t, its, proxy+"ChatStoreTests__GetChatCompletionMessagesWithAfterIdPagination.json#4")
	v, _ = recordings.Assemble(r)
	if a := recordings.ReadAnswer(r.Family, v); r.Family != recordings.FamilyOpenAIChat || r.Unknown || len(a.Choices) != 0 {
		t.Errorf("an empty list is %s (unknown %v), %d choices; want openai-chat, none", r.Family, r.Unknown, len(a.Choices))
	}
}
