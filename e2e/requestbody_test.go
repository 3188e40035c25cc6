//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRequestBodyShown opens pydantic-ai's file upload (POST /v1/files,
// a multipart body, read in the cassette): the request panel shows the
// body as recorded, the uploaded file's words among it ("Paris is the
// capital of France. It is known for the Eiffel Tower."), with a notice
// saying it is not read; then a GET without a body (openai-dotnet's
// input items), whose request panel says it has none.
func TestRequestBodyShown(t *testing.T) {
	path := filepath.Join("..", "recordings", "testdata", "cassettes", "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_file_search_tool_stream.yaml")
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path) + "#1")
	body := eval[string](tb, `document.querySelector('.request [data-testid=message][data-role=body]')?.innerText ?? ""`)
	for _, w := range []string{"Not rendered: text, 340 bytes", `filename="tmp8l5_2pzy.txt"`, "Paris is the capital of France. It is known for the Eiffel Tower."} {
		if !strings.Contains(body, w) {
			t.Errorf("the request's body reads %q, without %q", body, w)
		}
	}
	t.Logf("wrote %s", tb.screenshot("multipart-body"))

	get := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ResponseStoreTests__GetInputItemsWithMultiPartPagination.json")
	tb.dropPaths(get)
	tb.waitTitle(filepath.Base(get) + "#1")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[1].click()`))
	tb.waitTitle(filepath.Base(get) + "#2")
	tb.waitText(`.request `+sel("no-body"), "No body: the request is its method and URL.")
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
	tb.do(chromedp.Evaluate[chromedp.Void](long + `.open = true`))
	whole := eval[string](tb, long+`.querySelector('pre').innerText`)
	for _, w := range []string{`"title": "AnswerFormat"`, `"year_of_birth",`, `"$ref": "#/$defs/NBAStats"`} {
		if !strings.Contains(whole, w) {
			t.Errorf("the parameter opened reads %q, without %q", whole, w)
		}
	}
	t.Logf("wrote %s", tb.screenshot("long-param"))
}
