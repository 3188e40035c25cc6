//go:build e2e

package e2e

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/permalink"
)

// cassette is the path of a cassette of testdata (go test runs in e2e/).
func cassette(name string) string {
	return filepath.Join("..", "recordings", "testdata", "cassettes", name)
}

// fileSearchStream is a pydantic-ai cassette of six interactions: a file
// uploaded, a vector store made and filled, a streamed Responses API call
// (21 SSE events: `recview steps FILE#4`), the file and the store
// deleted (checked by hand in the YAML: the six uri: lines).
const fileSearchStream = "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_file_search_tool_stream.yaml"

// TestCassette opens a vcrpy cassette as a reviewer would: dropped on
// the page, it shows its six interactions (the streamed one with its
// model and chunks) and the first with its headers; a click and
// ] open others, the streamed one steps; the address names the cassette
// and the interaction (i=K), and opens that interaction in a fresh
// browser; pasted, the cassette opens too.
func TestCassette(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(cassette(fileSearchStream))
	tb.waitTitle(fileSearchStream + "#1")
	// Its first request's headers, as recorded (the YAML's first
	// headers: block).
	if h := eval[string](tb, q(sel("interaction-headers"))+`.textContent`); !strings.Contains(h, "requestcontent-typemultipart/form-data") || !strings.Contains(h, "responsecontent-typeapplication/json") {
		t.Errorf("headers %.300q", h)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=interaction]').length`); n != 6 {
		t.Fatalf("%d interactions listed, want 6", n)
	}
	items := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=interaction]')].map(e => e.textContent)`)
	for i, want := range []string{
		"#1POST api.openai.com/v1/files200", "#2POST api.openai.com/v1/vector_stores200",
		"#4POST api.openai.com/v1/responses200gpt-4ostream · 21", "#6DELETE api.openai.com/v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055200",
	} {
		if k := []int{0, 1, 3, 5}[i]; items[k] != want {
			t.Errorf("interaction %d reads %q, want %q", k+1, items[k], want)
		}
	}
	if h, _ := tb.text(sel("hash-status")); h != "" {
		t.Errorf("a cassette's interaction shows a hash status %q", h)
	}
	tb.screenshot("first")

	tb.click(`[data-testid=interaction]:nth-child(1)`) // the current one: nothing changes
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=interaction]')[3].click()`))
	tb.waitTitle(fileSearchStream + "#4")
	tb.waitStep(21, 21)
	tb.key(kb.ArrowLeft)
	tb.waitStep(20, 21)
	// The step is written once stepping pauses.
	tb.waitFor("the cassette, its interaction and the step in the address bar", `location.hash.includes('&i=4') && /[#&]step=20(&|$)/.test(location.hash)`)
	hash := eval[string](tb, "location.hash")
	f, err := permalink.Parse(strings.TrimPrefix(hash, "#"))
	if err != nil || len(f.Sources) != 1 || f.Sources[0].Kind != permalink.SourceData || f.Sources[0].Name != fileSearchStream || f.Sources[0].Interaction != 4 || f.Step != 20 {
		t.Fatalf("the address's fragment %.100q… reads %+v (%v), want the cassette inline, named, interaction 4 at step 20", hash, f, err)
	}
	data, err := permalink.DecodeData(f.Sources[0].Value)
	orig, _ := os.ReadFile(cassette(fileSearchStream))
	if err != nil || !strings.HasPrefix(string(data), `"interactions:\n- request:`) {
		t.Fatalf("the address's data %.60q is not the cassette's text as a JSON string (%v)", data, err)
	}
	tb.screenshot("stream")

	tb.key("]")
	tb.waitTitle(fileSearchStream + "#5")
	tb.key("[")
	tb.key("[")
	tb.waitTitle(fileSearchStream + "#3")

	fresh := newTab(t)
	fresh.open("/" + hash)
	fresh.waitTitle(fileSearchStream + "#4")
	fresh.waitStep(20, 21)
	if n := eval[int](fresh, `document.querySelectorAll('[data-testid=interaction][aria-current=true]').length`); n != 1 {
		t.Errorf("%d interactions marked current in the reopened link, want 1", n)
	}

	paste := newTab(t)
	paste.open("/")
	paste.visible(sel("sample"))
	paste.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const dt = new DataTransfer();
		dt.setData('text/plain', ` + jsq(string(orig)) + `);
		document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
	})()`))
	paste.waitTitle("pasted.yaml#1")
}

// TestCassetteSecret: an interaction that records a key in a header is
// flagged in the list, and its notice says where, showing only the
// key's start.
func TestCassetteSecret(t *testing.T) {
	data, err := os.ReadFile(cassette(fileSearchStream))
	if err != nil {
		t.Fatal(err)
	}
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV" // made up
	leak := strings.Replace(string(data), "    headers:\n", "    headers:\n      authorization:\n      - Bearer "+key+"\n", 1)
	p := filepath.Join(t.TempDir(), "leak.yaml")
	if err := os.WriteFile(p, []byte(leak), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.upload(p)
	tb.waitTitle("leak.yaml#1")
	tb.visible(sel("secret"))
	if got, _ := tb.text(sel("secret")); !strings.HasPrefix(got, "credential recorded in request header authorization: Bearer sk-p… (56 characters)") {
		t.Errorf("the notice reads %q", got)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=interaction-secret]').length`); n != 1 {
		t.Errorf("%d interactions flagged, want the first alone", n)
	}
	if eval[bool](tb, `document.body.textContent.includes(`+jsq(key)+`)`) {
		t.Error("the page shows the key")
	}
	tb.screenshot("secret")
}

// TestCassetteIndex picks a folder of three cassettes (6, 2 and 1
// interactions: the "- request:" lines of each, counted by hand), one
// with a key left in a header, and a YAML configuration: the index lists
// the nine interactions, none for the configuration, flags the key, and
// a row opens its interaction.
func TestCassetteIndex(t *testing.T) {
	const (
		redacted = "pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_model_thinking_part_redacted.yaml"
		converse = "dd-trace-py__tests__contrib__botocore__bedrock_cassettes__bedrock_converse_stream.yaml"
	)
	dir := filepath.Join(t.TempDir(), "cassettes")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{fileSearchStream, redacted, converse} {
		data, err := os.ReadFile(cassette(name))
		if err != nil {
			t.Fatal(err)
		}
		if name == redacted {
			data = []byte(strings.Replace(string(data), "    headers:\n", "    headers:\n      x-api-key:\n      - sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\n", 1))
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("retries: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{dir}))
	tb.waitFor("the folder's index", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === 9`)
	rows := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file)`)
	for _, want := range []string{"cassettes/" + fileSearchStream + "#6", "cassettes/" + redacted + "#2", "cassettes/" + converse + "#1"} {
		if !slices.Contains(rows, want) {
			t.Errorf("no row %s among %q", want, rows)
		}
	}
	if got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-secret]')].map(b => b.closest('tr').dataset.file)`); len(got) != 1 || got[0] != "cassettes/"+redacted+"#1" {
		t.Errorf("credential flagged on %q, want the redacted cassette's first interaction", got)
	}
	// The streamed Responses call, as the worker's core read it.
	if row := eval[string](tb, q(sel("index-row")+`[data-file="cassettes/`+fileSearchStream+`#4"]`)+`.textContent`); !strings.Contains(row, "OpenAI responses") || !strings.Contains(row, "gpt-4o21") {
		t.Errorf("row #4 reads %q, want its family, model and 21 chunks", row)
	}
	// The calls its family does not say are named (the cassette's
	// first and last, files and vector stores: POST .../v1/files,
	// DELETE .../v1/vector_stores/vs_…); the Responses call is not.
	calls := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid=index-call]')].map(c => [c.closest('tr').dataset.file, c.textContent]))`)
	for k, want := range map[int]string{1: "POST /v1/files", 6: "DELETE /v1/vector_stores/vs_6931d752e41c8191833fcaad1cf47055", 4: ""} {
		if got := calls["cassettes/"+fileSearchStream+"#"+strconv.Itoa(k)]; got != want {
			t.Errorf("interaction #%d's call %q, want %q", k, got, want)
		}
	}
	if s, _ := tb.text(sel("index-status")); !strings.HasPrefix(s, "4 files (9 rows), read in") {
		t.Errorf("index status %q", s)
	}
	tb.screenshot("index")
	tb.do(chromedp.Click(chromedp.CSS(sel("index-row") + `[data-file="cassettes/` + fileSearchStream + `#4"] td.file button`)))
	tb.waitTitle(fileSearchStream + "#4")
	tb.waitStep(21, 21)
}

// TestCassettesAllIndexed picks testdata's folder of 260 real cassettes:
// the page reads every one (through its worker) into a row per
// interaction, the 352 that recordings/cassette's PyYAML oracle lists
// (testdata/cassettes.tsv), none of them an error.
func TestCassettesAllIndexed(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "recordings", "testdata", "cassettes"))
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{dir}))
	tb.waitForWithin(60*time.Second, "the folder's index", `document.querySelector('[data-testid=index-progress]') === null && document.querySelector('[data-testid=index-status]').textContent.includes('read in')`)
	if s, _ := tb.text(sel("index-status")); !strings.HasPrefix(s, "260 files (352 rows)") {
		t.Errorf("index status %q, want 260 files and 352 rows", s)
	}
	if bad := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].filter(r => r.querySelector('.hash-error:not([data-testid])')).map(r => r.dataset.file + ': ' + r.title)`); len(bad) > 0 {
		t.Errorf("%d rows are errors: %q", len(bad), bad)
	}
}

// TestCassetteHostile drops hostile YAML on a page showing a recording:
// an alias bomb ("billion laughs"), 100,000-deep nesting (which
// overflowed the worker's stack before cassette.Parse bounded nesting)
// and a body nested 999 deep each get an error naming the file, read in
// the worker; the recording stays open and the page keeps answering.
func TestCassetteHostile(t *testing.T) {
	laughs := "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	for i, prev := 'b', 'a'; i <= 'j'; prev, i = i, i+1 {
		laughs += string(i) + ": &" + string(i) + " [" + strings.Repeat("*"+string(prev)+",", 8) + "*" + string(prev) + "]\n"
	}
	laughs += "interactions:\n- request: {method: POST, uri: 'http://x/', parsed_body: *j}\n  response: {status: {code: 200}}\n"
	dir := t.TempDir()
	files := map[string]string{
		"laughs.yaml": laughs,
		"deep.yaml":   "interactions: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000),
		// At the bound cassette.Parse allows, parsed: the worker's stack
		// holds it.
		"edge.yaml": "interactions:\n- request: {method: POST, uri: 'http://x/', parsed_body: " + strings.Repeat("[", 999) + strings.Repeat("]", 999) + "}\n  response: {status: {code: 200}}\n",
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(seed(seedHello))
	tb.waitTitle(seedHello)
	for name, doc := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		tb.dropPaths(p)
		tb.visible(sel("error"))
		if msg, _ := tb.text(sel("error")); !strings.Contains(msg, name) {
			t.Errorf("dropping %s shows %q, want an error naming it", name, msg)
		}
		if title, _ := tb.text(sel("recording-title")); title != seedHello {
			t.Errorf("after %s the page shows %q, want %s still open", name, title, seedHello)
		}
		tb.do(chromedp.Click(chromedp.CSS(sel("error") + " button")))
		tb.waitFor("the error to be dismissed", q(sel("error"))+" === null")
	}
}

// TestCassetteURL opens a cassette served by another origin: by a link
// naming its fourth interaction (src= and i=), by the URL box (its
// first), and two of its interactions compared, as a review comment's
// row links them.
func TestCassetteURL(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/c/{name}", func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(cassette(r.PathValue("name")))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "application/yaml")
		w.Write(data)
	})
	src := serveLoopback(t, mux) + "/c/" + fileSearchStream
	tb := newTab(t)
	tb.open("/#v=2&src=" + url.QueryEscape(src) + "&i=4")
	tb.consentLoad() // a loopback host; the page knows it from now on
	tb.waitTitle(fileSearchStream + "#4")
	tb.waitStep(21, 21)
	if h := eval[string](tb, "location.hash"); !strings.HasSuffix(h, "&i=4") {
		t.Errorf("address %q, want the cassette's URL and i=4", h)
	}
	tb.enterURL(src)
	tb.waitTitle(fileSearchStream + "#1")

	// The comment's link to a pair of interactions: both by URL, each
	// with its i=K, compared.
	tb.open("/#v=2&src=" + url.QueryEscape(src) + "&i=5&src=" + url.QueryEscape(src) + "&i=6")
	tb.visible(sel("diff-verdict"))
	if sides := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=diff-side]')].map(s => s.textContent)`); len(sides) != 2 ||
		!strings.HasSuffix(sides[0], fileSearchStream+"#5") || !strings.HasSuffix(sides[1], fileSearchStream+"#6") {
		t.Errorf("comparison headers %q, want interactions #5 and #6", sides)
	}
}
