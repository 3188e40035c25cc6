//go:build e2e

package e2e

// What the viewer once cut or left out, now shown whole: a request body
// that is not JSON, a long request parameter, a long value in "What
// differs", what a models list's table leaves out.

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/internal/tools/fakegithub"
)

// TestRequestBodyShown opens pydantic-ai's file upload (POST /v1/files,
// a multipart body, read in the cassette): the request panel shows the
// body as recorded, the uploaded file's words among it ("Paris is the
// capital of France. It is known for the Eiffel Tower."), with a notice
// saying it is not read; then a GET without a body (openai-dotnet's
// input items), whose request panel says it has none and lists its
// URL's query as recorded ("input_items?limit=2&order=asc").
func TestRequestBodyShown(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_file_search_tool_stream.yaml")
	tb := openFirst(t, path)
	body := eval[string](tb, `document.querySelector('.request [data-testid=message][data-role=body]')?.innerText ?? ""`)
	for _, w := range []string{"Not rendered: text, 340 bytes", `filename="tmp8l5_2pzy.txt"`, "Paris is the capital of France. It is known for the Eiffel Tower."} {
		if !strings.Contains(body, w) {
			t.Errorf("the request's body reads %q, without %q", body, w)
		}
	}
	t.Logf("wrote %s", tb.screenshot("multipart-body"))

	get := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ResponseStoreTests__GetInputItemsWithMultiPartPagination.json")
	tb.dropInteraction(get, 2)
	tb.waitText(`.request `+sel("no-body"), "No body: the request is its method and URL.")
	q := eval[[]string](tb, `[...document.querySelectorAll('.request [data-testid=query] > div')].map(e => e.innerText.replace(/\s+/g, " "))`)
	if want := []string{"?limit 2", "?order asc"}; !slices.Equal(q, want) {
		t.Errorf("the request's query reads %q, want %q", q, want)
	}
	t.Logf("wrote %s", tb.screenshot("no-body"))
}

// TestLongParamShown opens an ogx recording of Ollama's generate whose
// "format" is a JSON schema of 576 bytes (read in the file): the
// parameter folds, its start as the summary, and opened shows the whole
// schema indented, its end too ("title": "AnswerFormat"), where it was
// cut at 300 bytes before.
func TestLongParamShown(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "corpus", "tests__integration__recordings__responses__48d2fb183a2a.json")
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path))
	long := `document.querySelector('.request [data-testid=param-long]')`
	if s := eval[string](tb, long+`?.querySelector('summary')?.textContent ?? ""`); !strings.HasPrefix(s, `{"$defs":{"NBAStats"`) {
		t.Errorf("the folded parameter's summary reads %q", s)
	}
	whole := tb.openFold(long)
	for _, w := range []string{`"title": "AnswerFormat"`, `"year_of_birth",`, `"$ref": "#/$defs/NBAStats"`} {
		if !strings.Contains(whole, w) {
			t.Errorf("the parameter opened reads %q, without %q", whole, w)
		}
	}
	t.Logf("wrote %s", tb.screenshot("long-param"))
}

// TestLongDiffValueShown: a pull request whose one recording gained a
// tool of a long definition (2,600 bytes, most of it its description):
// "What differs" lists the added tool folded, and opened it shows the
// whole definition, its description's last words too, where it was cut
// at 2,000 bytes before.
func TestLongDiffValueShown(t *testing.T) {
	const file = "tests/integration/inference/recordings/bbbb000000000000000000000000000000000000000000000000000000000000.json"
	long := strings.Repeat("Look the city up in the gazetteer first. ", 60) + "The end of the description."
	rec := func(tools []any) []byte {
		data, _ := json.Marshal(map[string]any{
			"test_id": "tests/integration/inference/test_x.py::test_tools",
			"request": map[string]any{"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "endpoint": "/v1/chat/completions", "model": "m",
				"body": map[string]any{"model": "m", "messages": []any{map[string]any{"role": "user", "content": "Weather in Paris?"}}, "tools": tools}},
			"response": map[string]any{"is_streaming": false, "body": map[string]any{"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": map[string]any{
				"id": "c", "object": "chat.completion", "created": 1, "model": "m",
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": "Sunny."}}}}}},
		})
		return data
	}
	weather := map[string]any{"type": "function", "function": map[string]any{"name": "get_weather", "parameters": map[string]any{"type": "object"}}}
	lookup := map[string]any{"type": "function", "function": map[string]any{"name": "lookup_city", "description": long, "parameters": map[string]any{"type": "object"}}}
	srv := fakegithub.New("ogx-ai", "ogx", 1, map[string][]byte{file: rec([]any{weather})}, map[string][]byte{file: rec([]any{weather, lookup})})
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/1&file=" + file)
	tb.visible("[data-testid=diff-change]")
	folded := `document.querySelector('.diff-changes [data-testid=diff-long]')`
	tb.waitFor("the added tool folded", folded+` !== null`)
	if s := eval[string](tb, folded+`.querySelector('summary').textContent`); !strings.HasPrefix(s, `{"function":{"description":"Look the city up in the gazetteer first.`) {
		t.Errorf("the folded value's summary reads %q", s)
	}
	if whole := tb.openFold(folded); !strings.Contains(whole, "The end of the description.") || !strings.Contains(whole, `"name": "lookup_city"`) {
		t.Errorf("the added tool opened reads %.300q … %q", whole, whole[max(0, len(whole)-200):])
	}
	t.Logf("wrote %s", tb.screenshot("long-diff-value"))
}

// TestDataAsRecorded opens an ogx models list (llama.cpp's, read in the
// file): the table shows the model's name, owner and size (its meta's),
// and the response
// as recorded, folded under it, holds what the table leaves out, the
// model's meta (n_ctx_train 131072).
func TestDataAsRecorded(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "corpus", "tests__integration__common__recordings__models-3a641f25d65695766fb77e424273f716b852f371e1e87f6e14fd5672b1ab6005-4a65eed3.json")
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path))
	// meta.size 19845357568 bytes: 18926.0 MiB, as ByteSize writes it.
	if row := eval[string](tb, `document.querySelector('.response table.models tbody tr')?.innerText ?? ""`); !strings.Contains(row, "qwen2.5") || !strings.Contains(row, "llamacpp") || !strings.Contains(row, "18926.0 MB") {
		t.Errorf("the table's row reads %q", row)
	}
	rec := `document.querySelector('.response [data-testid=data-as-recorded]')`
	tb.waitFor("the response as recorded", rec+` !== null`)
	if whole := tb.openFold(rec); !strings.Contains(whole, `"n_ctx_train": 131072`) {
		t.Errorf("the response as recorded reads %.400q", whole)
	}
	t.Logf("wrote %s", tb.screenshot("models-as-recorded"))
}

// openFold opens the <details> the JavaScript expression fold finds and
// returns its text as drawn: its summary and what it folded.
func (tb *tab) openFold(fold string) string {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](fold + `.open = true`))
	return eval[string](tb, fold+`.innerText`)
}

// TestTokenInputDrawn opens dd-trace-py's embeddings of three token
// lists (input [[1111, 2222, 3333], [4444, 5555, 6666], [7777, 8888,
// 9999]] in the file): the request panel draws one "tokens" message per
// list, its ids as recorded, where it drew nine parts each said not
// read.
func TestTokenInputDrawn(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "cassettes", "dd-trace-py__tests__contrib__openai__cassettes__v1__embedding_array_of_token_arrays.yaml")
	tb := openFirst(t, path)
	got := eval[[]string](tb, `[...document.querySelectorAll('.request [data-testid=message]')].map(e => e.dataset.role + ": " + e.innerText.replace(/\s+/g, " ").trim())`)
	want := []string{"tokens: TOKENS Raw 1111 2222 3333", "tokens: TOKENS Raw 4444 5555 6666", "tokens: TOKENS Raw 7777 8888 9999"}
	if !slices.Equal(got, want) {
		t.Errorf("the request's messages read %q, want %q", got, want)
	}
	t.Logf("wrote %s", tb.screenshot("token-input"))
}
