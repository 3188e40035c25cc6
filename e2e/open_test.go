//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

const (
	// seedToolCall is the canonical streamed tool call: 18 chunks, the
	// arguments of check_file_access in 15 pieces, finish_reason
	// tool_calls, 532 tokens in all.
	seedToolCall = "4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json"
	// seedHello is a short streamed chat answer (a sentence with "hello").
	seedHello = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json"
	// bigStream is the longest stream of the corpus: 1,399 chunks, 1.1 MB.
	bigStream = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"
)

// readRecording parses a file with the core, as `recview` would.
func readRecording(t *testing.T, file string) *recordings.Recording {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := recordings.Parse(filepath.Base(file), data)
	if err != nil {
		t.Fatalf("the core cannot parse %s: %v", file, err)
	}
	return r
}

// TestFileInput opens corpus files of several API families through the
// file input, one at a time and then several at once: each shows its file
// name, the core's hash status and its whole stream (N / N).
func TestFileInput(t *testing.T) {
	files := []struct {
		name   string
		family recordings.Family
	}{
		{bigStream, recordings.FamilyOpenAIChat},
		{"tests__integration__messages__recordings__93eb42f3bd69f005727cc3a161e7ab0a8b2c99e4665d9eae5553fe9019ba7b32.json", recordings.FamilyAnthropicMessages},
		{"tests__integration__common__recordings__a6f5d721fabe187edc51f77aebd05b2bad8412f57abb61f7a41cb4e198de5aef.json", recordings.FamilyGeminiGenerate},
		{"tests__integration__interactions__recordings__72df7be9f414b6d04d00f666847edcac8c98baf7e5c79137285c12d0ae85b809.json", recordings.FamilyGeminiInteractions},
		{"tests__integration__recordings__vision__responses__ff7db0102b28.json", recordings.FamilyOllamaChat},
	}
	tb := newTab(t)
	tb.open("/")
	for _, f := range files {
		path := corpus(f.name)
		r := readRecording(t, path)
		if r.Family != f.family || !r.Streaming {
			t.Fatalf("%s: the core reads a %s recording (streaming %v), the test expects a %s stream", f.name, r.Family, r.Streaming, f.family)
		}
		st, err := recordings.NewStepper(r)
		if err != nil {
			t.Fatalf("%s: the core cannot step through it: %v", f.name, err)
		}
		if f.name == bigStream && st.Len() != 1399 {
			t.Fatalf("%s has %d chunks in the core, want 1399", f.name, st.Len())
		}

		tb.upload(path)
		tb.waitTitle(f.name)
		tb.waitStep(st.Len(), st.Len())
		tb.visible(sel("hash-status"))
		want := reqhash.Verify(f.name, r.Doc).Status.String()
		if got := eval[string](tb, q(sel("hash-status"))+".dataset.status || ''"); got != want {
			t.Errorf("%s: hash-status %q, the core says %q", f.name, got, want)
		}
		if msg, ok := tb.text(sel("error")); ok {
			t.Errorf("%s: an error is shown: %q", f.name, msg)
		}
		if f.family == recordings.FamilyOllamaChat {
			// The vision request's base64 PNG shows as a decoded thumbnail.
			tb.waitFor("the image thumbnail to decode", `(() => { const i = document.querySelector('[data-testid=message] img.thumb'); return i && i.complete && i.naturalWidth > 0; })()`)
		}
	}

	// Several files in one choice open as an index; a row opens its file.
	tb.open("/")
	var paths []string
	for _, f := range files[1:4] {
		paths = append(paths, corpus(f.name))
	}
	tb.upload(paths...)
	tb.visible(sel("index-table"))
	tb.waitFor("3 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 3`)
	// The replay panel comes above the table once the files are read: a
	// click (at the row's place on screen) before it lands elsewhere.
	tb.visible(sel("replay-report"))
	tb.do(chromedp.Click(chromedp.CSS(sel("index-row") + `[data-file="` + files[2].name + `"] td.file button`)))
	tb.waitTitle(files[2].name)
	if msg, ok := tb.text(sel("error")); ok {
		t.Errorf("opening %d files at once shows an error: %q", len(paths), msg)
	}
}

// domToolCall is a tool-call card as the page shows it.
type domToolCall struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// jsonIn parses the JSON object inside text (from its first "{" to its
// last "}"): the arguments a tool-call card shows.
func jsonIn(text string) (any, error) {
	i, j := strings.Index(text, "{"), strings.LastIndex(text, "}")
	if i < 0 || j < i {
		return nil, fmt.Errorf("no JSON object in %q", text)
	}
	var v any
	err := json.Unmarshal([]byte(text[i:j+1]), &v)
	return v, err
}

func mustJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON: %v: %q", err, s)
	}
	return v
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// responseToolCalls reads the tool-call cards of the assembled response
// (request messages have tool-call cards of their own).
const responseToolCalls = `Array.from(document.querySelectorAll('[data-testid=assembled] [data-testid=tool-call]'), e => ({name: e.dataset.name || "", text: e.textContent}))`

// assembledTexts is the text of each assembled choice without its tool
// calls.
const assembledTexts = `Array.from(document.querySelectorAll('[data-testid=assembled]'), e => {
	const c = e.cloneNode(true);
	c.querySelectorAll('[data-testid=tool-call]').forEach(x => x.remove());
	return c.textContent;
})`

// TestSeedToolCall opens seed 4078aa36 through the file input and checks
// the page against the core (what `recview assemble` prints): the tool
// call and its arguments, the text, the finish reason, the usage, the
// request messages; then steps through the stream with the keyboard.
func TestSeedToolCall(t *testing.T) {
	path := seed(seedToolCall)
	r := readRecording(t, path)
	final, err := recordings.Assemble(r)
	if err != nil {
		t.Fatalf("the core cannot assemble %s: %v", seedToolCall, err)
	}
	ans := recordings.ReadAnswer(r.Family, final)
	if len(ans.Choices) != 1 {
		t.Fatalf("the core reads %d choices, want 1", len(ans.Choices))
	}
	choice := ans.Choices[0]
	wantCalls := choice.ToolCalls()
	if len(wantCalls) != 1 || wantCalls[0].Name != "check_file_access" {
		t.Fatalf("the core reads tool calls %+v, want one check_file_access", wantCalls)
	}
	if len(r.Chunks) != 18 {
		t.Fatalf("the core reads %d chunks, want 18", len(r.Chunks))
	}

	tb := newTab(t)
	tb.open("/")
	tb.upload(path)
	tb.waitTitle(seedToolCall)
	tb.visible(sel("assembled"))

	// The hash, the finish reason, the usage.
	if got := eval[string](tb, q(sel("hash-status"))+".dataset.status || ''"); got != "ok" {
		t.Errorf("hash-status %q, want ok", got)
	}
	tb.visible(sel("finish-reason"))
	if got, _ := tb.text(sel("finish-reason")); got != "tool_calls" || got != choice.FinishReason {
		t.Errorf("finish-reason %q, want tool_calls (the core: %q)", got, choice.FinishReason)
	}
	tb.visible(sel("usage"))
	usage, _ := tb.text(sel("usage"))
	if !strings.Contains(usage, "532") {
		t.Errorf("usage %q does not contain the total, 532", usage)
	}
	for _, u := range ans.Usage {
		if !strings.Contains(usage, u.Name) || !strings.Contains(usage, u.Value) {
			t.Errorf("usage %q lacks %s = %s", usage, u.Name, u.Value)
		}
	}

	// The tool call, compared with the core's.
	calls := eval[[]domToolCall](tb, responseToolCalls)
	if len(calls) != len(wantCalls) {
		t.Fatalf("the response shows %d tool calls %+v, the core has %d", len(calls), calls, len(wantCalls))
	}
	for i, c := range calls {
		want := wantCalls[i]
		if c.Name != want.Name {
			t.Errorf("tool call %d: data-name %q, want %q", i, c.Name, want.Name)
		}
		got, err := jsonIn(c.Text)
		if err != nil {
			t.Errorf("tool call %d: %v", i, err)
			continue
		}
		if w := mustJSON(t, want.Arguments); !reflect.DeepEqual(got, w) {
			t.Errorf("tool call %d shows arguments %v, the core assembles %v", i, got, w)
		}
	}

	// The text of each choice (none here: the answer is the tool call).
	texts := eval[[]string](tb, assembledTexts)
	if len(texts) != len(ans.Choices) {
		t.Fatalf("%d assembled elements, the core reads %d choices", len(texts), len(ans.Choices))
	}
	for i, c := range ans.Choices {
		if got, want := collapse(texts[i]), collapse(c.Text()); got != want {
			t.Errorf("choice %d text %q, the core assembles %q", i, got, want)
		}
	}

	// The request messages, by role.
	var wantRoles []string
	for _, m := range r.Conversation().Messages {
		wantRoles = append(wantRoles, m.Role)
	}
	roles := eval[[]string](tb, `Array.from(document.querySelectorAll('[data-testid=message]'), e => e.dataset.role || "")`)
	if !reflect.DeepEqual(roles, wantRoles) {
		t.Errorf("request message roles %q, want %q", roles, wantRoles)
	}

	// Stepping with the keyboard.
	n := len(r.Chunks)
	tb.waitStep(n, n)
	if got := eval[string](tb, q(sel("step-slider"))+".value"); got != fmt.Sprint(n) {
		t.Errorf("step-slider value %q at the last step, want %d", got, n)
	}
	if got := eval[string](tb, q(sel("step-slider"))+".max"); got != fmt.Sprint(n) {
		t.Errorf("step-slider max %q, want %d", got, n)
	}
	tb.key(kb.End)
	tb.waitStep(n, n)
	tb.key(kb.Home)
	tb.waitStep(0, n)
	tb.waitFor("no step-chunk at step 0", "!"+q(sel("step-chunk")))
	for k := 1; k <= 5; k++ {
		tb.key(kb.ArrowRight)
		tb.waitStep(k, n)
	}
	if got := eval[string](tb, q(sel("step-slider"))+".value"); got != "5" {
		t.Errorf("step-slider value %q at step 5", got)
	}

	// Chunk 5's raw JSON is r.Chunks[4].
	tb.visible(sel("step-chunk"))
	raw, _ := tb.text(sel("step-chunk"))
	var shown any
	if err := json.Unmarshal([]byte(raw), &shown); err != nil {
		t.Fatalf("step-chunk at step 5 is not JSON (%v): %q", err, raw)
	}
	chunk := r.Chunks[4]
	if want := mustJSON(t, string(chunk.Raw())); !reflect.DeepEqual(shown, want) {
		t.Errorf("step-chunk at step 5 shows\n%s\nwant chunk 5 of the file:\n%s", raw, chunk.Raw())
	}
	piece := string(chunk.Data().GetStringBytes("choices", "0", "delta", "tool_calls", "0", "function", "arguments"))
	if piece != `":"` {
		t.Fatalf("the core reads chunk 5's arguments piece as %q, want %q", piece, `":"`)
	}
	if !strings.Contains(raw, `"\":\""`) {
		t.Errorf("step-chunk at step 5 does not show the arguments piece %q: %q", piece, raw)
	}
	// The assembled tool call at step 5 has the arguments so far.
	st, err := recordings.NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	st.Seek(5)
	partial := recordings.ReadAnswer(r.Family, st.Result()).Choices[0].ToolCalls()[0].Arguments
	calls = eval[[]domToolCall](tb, responseToolCalls)
	if len(calls) != 1 || !strings.Contains(calls[0].Text, partial) {
		t.Errorf("at step 5 the response's tool call shows %+v, want the arguments so far %q", calls, partial)
	}

	// Shift+Arrow moves by ten, Arrow by one.
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.waitStep(15, n)
	tb.key(kb.ArrowLeft, chromedp.ModifierShift)
	tb.waitStep(5, n)
	tb.key(kb.ArrowLeft)
	tb.waitStep(4, n)
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.key(kb.ArrowRight, chromedp.ModifierShift)
	tb.waitStep(n, n) // 24 clamps to 18

	// Space plays from the start to the end.
	tb.key(kb.Home)
	tb.waitStep(0, n)
	tb.key(" ")
	tb.waitFor("playing to move past step 0", q(sel("step-label"))+".textContent.trim() !== "+jsq(fmt.Sprintf("0 / %d", n)))
	tb.waitStep(n, n)
}

// TestPaste opens a recording pasted into the paste box, and one pasted
// anywhere on the page (Ctrl/Cmd+V outside a text field).
func TestPaste(t *testing.T) {
	data, err := os.ReadFile(seed(seedHello))
	if err != nil {
		t.Fatal(err)
	}
	r := readRecording(t, seed(seedHello))
	final, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	wantText := collapse(recordings.ReadAnswer(r.Family, final).Choices[0].Text())
	if !strings.Contains(wantText, "hello") {
		t.Fatalf("the core assembles %q, want a sentence with hello", wantText)
	}

	check := func(tb *tab, how string) {
		t.Helper()
		tb.waitFor("the pasted recording to open ("+how+")", q(sel("recording-title")))
		tb.visible(sel("recording-title"))
		if title, _ := tb.text(sel("recording-title")); title == "" {
			t.Errorf("%s: the recording title is empty", how)
		}
		tb.visible(sel("assembled"))
		if got, _ := tb.text(sel("assembled")); collapse(got) != wantText {
			t.Errorf("%s: assembled %q, want %q", how, collapse(got), wantText)
		}
		tb.waitStep(len(r.Chunks), len(r.Chunks))
		if msg, ok := tb.text(sel("error")); ok {
			t.Errorf("%s: an error is shown: %q", how, msg)
		}
	}

	tb := newTab(t)
	tb.open("/")
	tb.visible(sel("paste-input"))
	// As a paste does: the whole text arrives in one input event. (Not
	// chromedp.SetValue: it reads the value back, and the app empties the
	// box once it has taken the text.)
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const box = ` + q(sel("paste-input")) + `;
		box.focus();
		box.value = ` + jsq(string(data)) + `;
		box.dispatchEvent(new Event('input', {bubbles: true}));
	})()`))
	check(tb, "paste box")

	tb.open("/")
	tb.visible(sel("sample"))
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const dt = new DataTransfer();
		dt.setData('text/plain', ` + jsq(string(data)) + `);
		document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
	})()`))
	check(tb, "paste on the page")
}

// TestBadFile loads files that do not parse while a recording is open:
// the error names the file and the recording stays.
func TestBadFile(t *testing.T) {
	good, err := os.ReadFile(seed(seedToolCall))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	truncated := filepath.Join(dir, "truncated-recording.json")
	if err := os.WriteFile(truncated, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	notRecording := filepath.Join(dir, "not-a-recording.json")
	if err := os.WriteFile(notRecording, []byte(`{"hello": "world"}`), 0o644); err != nil {
		t.Fatal(err)
	}

	tb := newTab(t)
	tb.open("/")
	tb.upload(seed(seedToolCall))
	tb.waitTitle(seedToolCall)
	tb.waitStep(18, 18)

	for _, bad := range []string{truncated, notRecording} {
		name := filepath.Base(bad)
		tb.upload(bad)
		tb.waitFor("an error naming "+name, "(("+q(sel("error"))+" || {}).textContent || '').includes("+jsq(name)+")")
		tb.visible(sel("error"))
		if title, _ := tb.text(sel("recording-title")); title != seedToolCall {
			t.Errorf("after loading %s the title is %q, want the open recording %q", name, title, seedToolCall)
		}
		tb.visible(sel("recording-title"))
		tb.waitStep(18, 18)
	}
}
