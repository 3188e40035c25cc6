package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/cassette"
)

const cassettes = "../../recordings/testdata/cassettes"

// TestCassettesShow: every interaction of every cassette of testdata
// opens with show (FILE#K); show FILE shows them all, each headed
// FILE#K, in order; assemble and steps of a cassette of several without
// #K name FILE#K and list them; #K out of range says which there are.
func TestCassettesShow(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(cassettes, "*.y*ml"))
	js, _ := filepath.Glob(filepath.Join(cassettes, "*.json"))
	files = append(files, js...)
	n := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := cassette.Parse(p, data)
		if err != nil {
			t.Fatal(err)
		}
		var heads []string
		for k := range c.Interactions {
			n++
			head := p + "#" + strconv.Itoa(k+1)
			heads = append(heads, head)
			if out, errOut, code := runCmd(t, "", "show", head); code != 0 || !strings.HasPrefix(out, head+"\n") {
				t.Errorf("show %s: exit %d %s\n%.300s", head, code, errOut, out)
			}
		}
		out, errOut, code := runCmd(t, "", "show", p)
		if got := headers(out, p); code != 0 || !slices.Equal(got, heads) {
			t.Errorf("show %s: exit %d %s; headed %q, want %q", p, code, errOut, got, heads)
		}
		if len(c.Interactions) < 2 {
			continue
		}
		for _, cmd := range []string{"assemble", "steps"} {
			if _, errOut, code := runCmd(t, "", cmd, p); code != 2 || !strings.Contains(errOut, "a cassette of "+strconv.Itoa(len(c.Interactions))+" interactions: name one, "+p+"#K:") || !strings.Contains(errOut, "\n  #2 ") {
				t.Errorf("%s %s (%d interactions): exit %d %q", cmd, p, len(c.Interactions), code, errOut)
			}
		}
		if _, errOut, code := runCmd(t, "", "show", p+"#"+strconv.Itoa(len(c.Interactions)+1)); code != 2 || !strings.Contains(errOut, "holds interactions #1 to #"+strconv.Itoa(len(c.Interactions))) {
			t.Errorf("show %s#%d: exit %d %q", p, len(c.Interactions)+1, code, errOut)
		}
	}
	if n != 352 {
		t.Errorf("%d interactions shown, testdata/cassettes.tsv has 352", n)
	}
}

// headers are the lines of show's output that head an interaction of
// the file p: "p#K".
func headers(out, p string) []string {
	var heads []string
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, p+"#"); ok {
			if _, err := strconv.Atoi(rest); err == nil {
				heads = append(heads, l)
			}
		}
	}
	return heads
}

// TestCassetteSteps: a streamed chat completion of a cassette steps
// chunk by chunk and assembles: read from the file, its deltas are the
// role, then "Hello", "!", " How"…, and its answer "Hello! How can I
// assist you today?".
func TestCassetteSteps(t *testing.T) {
	p := filepath.Join(cassettes, "dd-trace-py__tests__cassettes__openai__openai_chat_completions_post_7d83634e.yaml")
	out, errOut, code := runCmd(t, "", "steps", p)
	if code != 0 || !strings.HasPrefix(out, "1\trole=assistant\n2\tcontent +\"Hello\"\n3\tcontent +\"!\"\n4\tcontent +\" How\"\n") {
		t.Errorf("steps: exit %d %s\n%.300s", code, errOut, out)
	}
	out, _, code = runCmd(t, "", "assemble", p)
	if code != 0 || !strings.Contains(out, `"content": "Hello! How can I assist you today?"`) {
		t.Errorf("assemble: exit %d\n%.500s", code, out)
	}
}

// TestShowSecret: show, in text and JSON, warns of a key recorded in a
// cassette's request headers, showing only its start; its hash line says
// a cassette has none.
func TestShowSecret(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(cassettes, "pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_model_usage_limit_exceeded.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV" // made up
	leak := strings.Replace(string(data), "    headers:\n", "    headers:\n      Authorization:\n      - Bearer "+key+"\n", 1)
	p := filepath.Join(t.TempDir(), "leak.yaml")
	if err := os.WriteFile(p, []byte(leak), 0o644); err != nil {
		t.Fatal(err)
	}
	const warning = "credential recorded in request header Authorization: Bearer sk-p… (56 characters)"
	out, errOut, code := runCmd(t, "", "show", p)
	if code != 0 || !strings.Contains(out, "  warning  "+warning+"\n") {
		t.Errorf("exit %d, stderr %q; show does not warn of the key:\n%s", code, errOut, out)
	}
	if strings.Contains(out, key) {
		t.Errorf("show prints the key")
	}
	if !strings.Contains(out, "\n  hash     none: a cassette is named by its test, not by a request hash\n") {
		t.Errorf("show gives a cassette's interaction a hash status:\n%s", out)
	}
	// show --json of the cassette is an array of its one interaction;
	// of FILE#1, that interaction's object.
	out, _, code = runCmd(t, "", "show", "--json", p)
	var docs []struct{ Warnings []string }
	if err := json.Unmarshal([]byte(out), &docs); err != nil || code != 0 || len(docs) != 1 || len(docs[0].Warnings) == 0 || docs[0].Warnings[0] != warning {
		t.Errorf("exit %d, %v; show --json: %d interactions, want 1 warning of %q first:\n%.300s", code, err, len(docs), warning, out)
	}
	if strings.Contains(out, key) {
		t.Errorf("show --json prints the key")
	}
	out, _, code = runCmd(t, "", "show", "--json", p+"#1")
	var doc struct{ Warnings []string }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || len(doc.Warnings) == 0 || doc.Warnings[0] != warning {
		t.Errorf("exit %d, %v; show --json FILE#1's warnings %q, want %q first", code, err, doc.Warnings, warning)
	}
}

// TestShowMessageList: show prints a stored response's input items, as
// openai-dotnet's multi-part pagination test listed them (read in the
// file), as a list: how many, each item's role and place in data, its
// words, the input_file as recorded, and an input_image that kept
// neither URL nor data said to be so, not shown as an image of 0 bytes.
func TestShowMessageList(t *testing.T) {
	p := "../../recordings/testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponseStoreTests__GetInputItemsWithMultiPartPagination.json#2"
	out, errOut, code := runCmd(t, "", "show", p)
	if code != 0 {
		t.Fatalf("show: exit %d %s", code, errOut)
	}
	want := []string{
		"  listed   2 input items: a stored conversation, not an answer\n  [user, data[0]]\n    What is input text?\n",
		`{"type":"input_file","file_id":null,"filename":"test_favorite_foods.pdf"}`,
		"    (image: no URL or data recorded)\n",
		"  [user, data[1]]\n    Item 2\n",
		"  other    has_more (not read by recview; as recorded)\n    true\n",
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("show's output lacks %q:\n%s", w, out)
		}
	}
	// Stored chat completions (read in the file): their answers, their
	// usage under data[i].
	p = "../../recordings/testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ChatStoreTests__GetChatCompletionsWithAfterIdPaginationAsync.json#5"
	out, _, _ = runCmd(t, "", "show", p)
	for _, w := range []string{
		"  listed   2 chat completions: answers stored earlier, not an answer to this request\n  [assistant, data[0]]\n    Test 0\n  finish   stop\n  [assistant, data[1]]\n    Test 1\n",
		"  usage    data[0].total_tokens=21 data[0].completion_tokens=3 data[0].prompt_tokens=18 data[1].total_tokens=21",
		"  other    data[1].seed (not read by recview; as recorded)\n    7829133868895082880\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("show's output lacks %q:\n%s", w, out)
		}
	}
}

// TestShowRequestBody: a request body that is not JSON is shown as
// recorded, not left out: pydantic-ai's file upload (multipart text, read
// in the cassette) shows the uploaded file's words; a request without a
// body says so, after its URL's query (input_items?limit=2&order=asc in
// the file).
func TestShowRequestBody(t *testing.T) {
	p := filepath.Join(cassettes, "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_file_search_tool_stream.yaml")
	out, errOut, code := runCmd(t, "", "show", p+"#1")
	if code != 0 {
		t.Fatalf("show: exit %d %s", code, errOut)
	}
	req, _, _ := strings.Cut(out, "\nRESPONSE\n")
	for _, w := range []string{"  [body]\n    (not read: text, 340 bytes; as recorded)\n", `Content-Disposition: form-data; name="file"; filename="tmp8l5_2pzy.txt"`, "    Paris is the capital of France. It is known for the Eiffel Tower."} {
		if !strings.Contains(req, w) {
			t.Errorf("the request lacks %q:\n%s", w, req)
		}
	}
	out, _, _ = runCmd(t, "", "show", "../../recordings/testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponseStoreTests__GetInputItemsWithMultiPartPagination.json#2")
	if req, _, _ := strings.Cut(out, "\nRESPONSE\n"); !strings.HasSuffix(req, "\nREQUEST\n  ?limit   2\n  ?order   asc\n  body     none: the request is its method and URL\n") {
		t.Errorf("a GET's request reads:\n%s", req)
	}
}

// TestShowErrorBy: a recorded exception's provider and category (read
// in the file: openai, provider_sdk) are on show's error line, as the
// viewer's error card says them.
func TestShowErrorBy(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", "../../recordings/testdata/corpus/tests__integration__inference__recordings__28a43dc80443ccae98eee165c58522090fd6f0637031153b0105399093d39c52.json")
	if code != 0 || !strings.Contains(out, "\n  error    400 BadRequestError (openai · provider_sdk)\n") {
		t.Errorf("show: exit %d %s\n%s", code, errOut, out)
	}
}

// TestShowHTTPError: an interaction answered with an error status (read
// in ruby-openai's cassette: code 400, an invalid_request_error "Run
// creation requires a Thread with a user message or an assistant with
// instructions.", code invalid_thread) shows as the viewer's error card:
// the status and type, the message, then the body as recorded.
func TestShowHTTPError(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", "../../recordings/testdata/recorders/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__runs_cancel_run_setup.yml#4")
	want := "\nRESPONSE\n  error    400 invalid_request_error\n" +
		"    Run creation requires a Thread with a user message or an assistant with instructions.\n" +
		"  recorded the error as recorded\n    {\n      \"error\": {\n"
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, `"code": "invalid_thread"`) {
		t.Errorf("show: exit %d %s\n%s", code, errOut, out)
	}
}

// TestShowModeration: a moderation's verdict is printed before the
// response as recorded; openai-dotnet's "I am killing all my
// houseplants!" is flagged for violence, its highest score (read in the
// file).
func TestShowModeration(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", "../../recordings/testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ModerationsTests__ClassifyTextWithSingleString.json")
	want := "  kind     OpenAI moderations · POST /v1/moderations\n"
	verdict := "\nRESPONSE\n  verdict  results[0] flagged: violence (highest score violence 0.20017406978166777)\n    {\n      \"id\": \"modr-533\",\n"
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, verdict) || strings.Contains(out, "notice") {
		t.Errorf("show: exit %d %s\n%s", code, errOut, out)
	}
}

// TestShowTokenCount: a token count's counts are printed on a counts
// line before the response as recorded, and the request it counts is
// read inside Bedrock's input.converse: pydantic-ai's Bedrock count of
// 23 tokens (read in the file).
func TestShowTokenCount(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", "../../recordings/testdata/cassettes/pydantic-ai__tests__models__cassettes__test_bedrock__test_bedrock_model_usage_limit_exceeded.yaml#1")
	for _, w := range []string{"  kind     Token counts · POST /model/", "  [user]\n    The quick brown fox jumps over the lazydog.\n",
		"\nRESPONSE\n  counts   inputTokens=23\n    {\n      \"inputTokens\": 23\n    }\n"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("show lacks %q: exit %d %s\n%s", w, code, errOut, out)
		}
	}
	if strings.Contains(out, "notice") || strings.Contains(out, `{"converse"`) {
		t.Errorf("show:\n%s", out)
	}
}

// TestShowBodyText: a response that is not JSON (a document a test
// fetched) prints as its text, lines kept, not as a JSON string; an
// empty one says so. The text is read in pydantic-ai's cassette.
func TestShowBodyText(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", "../../recordings/testdata/cassettes/pydantic-ai__tests__models__cassettes__test_openai__test_text_document_url_input.yaml#1")
	want := "\nRESPONSE\n    The following are the graphical (non-control) characters defined by\n    ISO 8859-1 (1987).  Descriptions in words aren't all that helpful,\n"
	notice := `notice   unknown endpoint "/TR/2003/REC-PNG-20031110/iso_8859-1.txt": its response, not JSON, shown as recorded`
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, notice) || strings.Contains(out, `\n`) {
		t.Errorf("show: exit %d %s\n%s", code, errOut, out)
	}
	// Gemini's upload to a file search store answered 200 with no body.
	out, errOut, code = runCmd(t, "", "show", "../../recordings/testdata/cassettes/pydantic-ai__tests__models__cassettes__test_google__test_google_model_file_search_tool_stream.yaml#2")
	if code != 0 || !strings.HasSuffix(out, "\nRESPONSE\n  body     none: the response is empty\n") {
		t.Errorf("show of an empty response: exit %d %s\n%s", code, errOut, out)
	}
}

// TestShowTools: each tool of the request is printed whole, as the
// viewer's tool card has it: a function's description and its
// parameters' schema (read in the seed: get_user_permissions), a
// built-in tool's definition with its settings (openai-dotnet's
// web_search, its user_location and search_context_size).
func TestShowTools(t *testing.T) {
	out, errOut, code := runCmd(t, "", "show", corpus+"/seeds/aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96.json")
	if code != 0 {
		t.Fatalf("show: exit %d %s", code, errOut)
	}
	want := "  tool     get_user_permissions\n" +
		"    Get the permissions for a user ID. Requires a valid user ID from get_user_id.\n    \n" +
		"            :param user_id: The user ID to check permissions for\n" +
		"            :return: The permissions for the user\n" +
		"    {\n      \"properties\": {\n        \"user_id\": {\n          \"title\": \"User Id\",\n"
	if !strings.Contains(out, want) {
		t.Errorf("show lacks the tool get_user_permissions whole:\n%s", out)
	}
	out, _, _ = runCmd(t, "", "show", "../../recordings/testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponsesToolTests__WebSearchCallStreamingAsync.json#1")
	for _, w := range []string{"  tool     web_search (built-in; as recorded)\n", `        "city": "Redmond"`, `      "search_context_size": "low"`} {
		if !strings.Contains(out, w) {
			t.Errorf("show lacks %q:\n%s", w, out)
		}
	}
}
