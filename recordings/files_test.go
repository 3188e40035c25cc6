package recordings_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestFilesKnown: a test that uploads a file to a store before asking a
// model to search it records the uploads, the stores and their deletion
// beside the model's call: each known by its path, none an unknown
// endpoint. The interactions' order is read in pydantic-ai's cassettes.
func TestFilesKnown(t *testing.T) {
	const f, r = recordings.FamilyFiles, recordings.FamilyOpenAIResponses
	for _, tc := range []struct {
		file string
		want []recordings.Family
	}{
		// POST /v1/files, /v1/vector_stores, /v1/vector_stores/{id}/files,
		// the response, DELETE the file, DELETE the store.
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_file_search_tool_stream.yaml",
			[]recordings.Family{f, f, f, r, f, f}},
		// POST /v1beta/fileSearchStores, two uploads to it, the model's
		// stream, DELETE the store.
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_google__test_google_model_file_search_tool_stream.yaml",
			[]recordings.Family{f, f, f, recordings.FamilyGeminiGenerate, f}},
		// POST /v1/conversations, two responses in it, DELETE it.
		{"testdata/cassettes/pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_conversation_id_explicit_and_auto.yaml",
			[]recordings.Family{r, r, r, r}},
	} {
		var got []recordings.Family
		for _, it := range readCassette(t, tc.file).Interactions {
			rec, err := recordings.Parse("x", it.Recording())
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, rec.Family)
			if rec.Unknown {
				t.Errorf("%s: %s %s: %s", tc.file, it.Method, it.URI, rec.Notice)
			}
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s: families (-want +got):\n%s", tc.file, d)
		}
	}
}

// TestConversationItems: a conversation's items
// (GET /v1/conversations/{id}/items, written from the API reference:
// platform.openai.com/docs/api-reference/conversations/list-items) are
// listed as a stored response's input items are, not an answer.
func TestConversationItems(t *testing.T) {
	r, err := recordings.Parse("x.json", []byte(`{"request":{"method":"GET","url":"https://api.openai.com/v1/conversations/conv_1/items","payload":""},`+
		`"response":{"status":200,"body":{"object":"list","data":[{"type":"message","id":"msg_1","status":"completed","role":"user","content":[{"type":"input_text","text":"Remember CONV-PAI-5222"}]},`+
		`{"type":"message","id":"msg_2","status":"completed","role":"assistant","content":[{"type":"output_text","text":"stored","annotations":[]}]}],"first_id":"msg_1","last_id":"msg_2","has_more":false},"is_streaming":false}}`))
	if err != nil {
		t.Fatal(err)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	a := recordings.ReadAnswer(r.Family, v)
	var got []string
	for _, c := range a.Choices {
		got = append(got, c.Role+": "+c.Text())
	}
	if r.Family != recordings.FamilyOpenAIResponses || a.List == "" || !cmp.Equal(got, []string{"user: Remember CONV-PAI-5222", "assistant: stored"}) {
		t.Errorf("family %s, list %q, choices %q", r.Family, a.List, got)
	}
}
