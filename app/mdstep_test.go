package app

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// plainMarkdown is the viewer's goldmark without the delta's marks: its
// link policy and table classes, raw HTML written as text as before
// marks existed, and goldmark's own renderers of code blocks.
var plainMarkdown = newMarkdown(plainRawHTML{})

// plainRawHTML is rawHTMLText's raw HTML, written without marks.
type plainRawHTML struct{}

func (plainRawHTML) RegisterFuncs(r renderer.NodeRendererFuncRegisterer) {
	r.Register(ast.KindRawHTML, renderRawHTML) // inline raw HTML has no marks either way
	r.Register(ast.KindHTMLBlock, func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		b := n.(*ast.HTMLBlock)
		if entering {
			_, _ = w.WriteString(`<div class="md-html">`)
			lines := b.Lines()
			for i := range lines.Len() {
				l := lines.At(i)
				_, _ = w.Write(util.EscapeHTML(l.Value(source)))
			}
			return ast.WalkContinue, nil
		}
		if b.HasClosure() {
			_, _ = w.Write(util.EscapeHTML(b.ClosureLine.Value(source)))
		}
		_, _ = w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	})
}

// unmarked is html without the delta's <mark> tags (the text's own
// "<mark>" is escaped: raw HTML is never passed through).
func unmarked(html string) string {
	return strings.ReplaceAll(strings.ReplaceAll(html, "<mark>", ""), "</mark>", "")
}

// checkStep checks the rendering of text at a step whose delta is its
// last delta bytes: drawn whole at once, and, its marks taken out, the
// same HTML as the final view's rendering of text (convertMarkdown) and
// as goldmark's own renderers give (plainMarkdown). It reports whether
// the rendering marks something.
func checkStep(t *testing.T, what, text string, delta int) bool {
	t.Helper()
	r := renderMarked(text, len(text)-delta)
	if !r.complete() {
		t.Fatalf("%s: rendered in part (%d of %d segments)", what, r.next, len(r.segs))
	}
	final, plain := convertMarkdown(text), convertWith(plainMarkdown, text)
	if r.over != final.over || r.failed != final.failed || r.over != plain.over || r.failed != plain.failed {
		t.Fatalf("%s: over %q %q %q, failed %q %q %q", what, r.over, final.over, plain.over, r.failed, final.failed, plain.failed)
	}
	got := strings.Join(r.pieces, "")
	if u, want := unmarked(got), strings.Join(final.pieces, ""); u != want {
		t.Fatalf("%s: the step's HTML, unmarked, differs from the final view's for %q:\n got %s\nwant %s", what, text, u, want)
	}
	if u, want := unmarked(got), strings.Join(plain.pieces, ""); u != want {
		t.Fatalf("%s: the step's HTML, unmarked, differs from goldmark's own for %q:\n got %s\nwant %s", what, text, u, want)
	}
	if strings.Count(got, "<mark>") != strings.Count(got, "</mark>") {
		t.Fatalf("%s: unbalanced marks in %s", what, got)
	}
	return strings.Contains(got, "<mark>")
}

// stepStreams are real streams whose answers are Markdown: the corpus's
// longest (1,399 OpenAI chat chunks), Ollama's 394, Gemini's (chunks of
// whole paragraphs), Anthropic's after its thinking; recorders' OpenAI
// streams of 861 (with logprobs) and 785 chunks (a reasoning model's
// answer with headings and rules), and a Responses API stream of 698.
var stepStreams = []string{
	"corpus/tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json",
	"corpus/tests__integration__recordings__responses__cd094caaf1c0.json",
	"corpus/tests__integration__common__recordings__a6f5d721fabe187edc51f77aebd05b2bad8412f57abb61f7a41cb4e198de5aef.json",
	"corpus/tests__integration__messages__recordings__f22657bfd86db6348c0a0d0b17332dcfc038b345d2a7be8da4b880a433d36a52.json",
	"recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ChatTests__TokenLogProbabilitiesStreaming(False)Async.json",
	"recorders/chunks-txt/vercel__ai__packages__azure__src____fixtures____azure-deepseek-reasoning.1.chunks.txt",
	"recorders/chunks-txt/vercel__ai__packages__xai__src__responses____fixtures____xai-text-streaming.1.chunks.txt",
}

// readStream reads a stream of recordings/testdata: a recording, or a
// recorder's file holding one interaction.
func readStream(t *testing.T, rel string) *recordings.Recording {
	t.Helper()
	path := filepath.Join(filepath.Dir(corpustest.Dir()), filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(path)
	if !strings.HasPrefix(rel, "corpus/") {
		c, err := cassette.Parse(name, data)
		if err != nil || len(c.Interactions) != 1 {
			t.Fatalf("%s: %v, %d interactions", name, err, len(c.Interactions))
		}
		data = c.Interactions[0].Recording()
	}
	rec, err := recordings.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestStepMarkdown: at every step of real streams, each text of the
// answer is drawn as Markdown in one piece, the text its chunk added
// marked, and is, its marks taken out, what rendering the text of steps
// 1..k gives: the final view's rendering of it, and goldmark's own.
func TestStepMarkdown(t *testing.T) {
	for _, rel := range stepStreams {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			rec := readStream(t, rel)
			s, err := recordings.NewStepper(rec)
			if err != nil {
				t.Fatal(err)
			}
			d := &openDoc{rec: rec, stepper: s}
			texts, marked, unmarkedWords := 0, 0, 0
			for k := 1; k < s.Len(); k++ {
				d.seek(k)
				for _, c := range recordings.ReadAnswer(rec.Family, d.view).Choices {
					add := added(d, c.Index, recordings.KindContent)
					for _, p := range c.Parts {
						if p.Kind != recordings.PartText || p.Text == "" {
							continue
						}
						delta := 0
						if strings.HasSuffix(p.Text, add) {
							delta = len(add)
						}
						texts++
						if checkStep(t, "step "+strconv.Itoa(k), p.Text, delta) {
							marked++
						} else if strings.IndexFunc(add, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
							// Words nobody sees: a code fence's info string.
							line := p.Text[strings.LastIndexByte(p.Text[:len(p.Text)-delta], '\n')+1:]
							if l := strings.TrimLeft(line, " "); strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
								continue
							}
							unmarkedWords++
							t.Logf("step %d: %q added, nothing marked", k, add)
						}
					}
				}
			}
			t.Logf("%d texts checked at %d steps, %d marked, %d adding words unmarked", texts, s.Len()-1, marked, unmarkedWords)
			if texts < 10 {
				t.Errorf("only %d texts checked in %d steps", texts, s.Len())
			}
			if unmarkedWords > 0 {
				t.Errorf("%d steps added words and marked none", unmarkedWords)
			}
		})
	}
}

// markdownKinds is Markdown with every kind of node the marks must not
// change: code (fenced, indented with tabs, inline), references
// (&amp; &#123; &#x1F600;), backslash escapes, links, autolinks, raw
// HTML inline and as a block, a table, emphasis, headings, lists, a
// task list, hard line breaks (two spaces, a backslash), a quote and
// text beyond ASCII.
const markdownKinds = "# Title with `code` and &amp; *emphasis*\n\n" +
	"Some **bold** text, an escaped \\*star\\*, &#123; &#x1F600; &copy; and a [link](https://example.com/a?b=c&d=e \"t\").  \n" +
	"A hard break above, one with a backslash\\\nand an autolink https://example.com/x, <b>inline html</b>, é ü 日本 🎉.\n\n" +
	"- item one\n- item `two`\n  - nested ~~strike~~\n- [ ] a task\n- [x] done\n\n" +
	"1. first\n2. second\n\n" +
	"> a quote with *emphasis*\n> and more\n\n" +
	"```go\nfunc main() {\n\tfmt.Println(\"<hello> & bye\")\n}\n```\n\n" +
	"\tindented code\n\twith a tab\n\n" +
	"<div class=\"x\">\nan html block & more\n</div>\n\n" +
	"| a | b |\n|:--|--:|\n| 1 & 2 | `x` |\n\n" +
	"Last paragraph with a ref [r] and an image ![alt](https://example.com/i.png).\n\n" +
	"[r]: https://example.com/ref\n"

// TestDeltaMarks: every prefix of markdownKinds, with its last one to
// eight characters as the delta, renders, marks taken out, as it does
// unmarked and as goldmark's own renderers do.
func TestDeltaMarks(t *testing.T) {
	marked := 0
	for k := 1; k <= len(markdownKinds); k++ {
		if !utf8.RuneStart(markdownKinds[k%len(markdownKinds)]) && k < len(markdownKinds) {
			continue
		}
		text := markdownKinds[:k]
		for n, j := 0, k; n < 8 && j > 0; n++ {
			j--
			for j > 0 && !utf8.RuneStart(text[j]) {
				j--
			}
			if checkStep(t, "prefix "+strconv.Itoa(k)+", delta "+strconv.Itoa(k-j), text, k-j) {
				marked++
			}
		}
	}
	if marked < len(markdownKinds) {
		t.Errorf("only %d renderings marked something", marked)
	}
}

// TestStepsKeepMessages: stepping through a stream longer than the
// caches hold (a rendering a step) keeps the request's messages'
// renderings: drawing them again at the next step renders nothing anew.
func TestStepsKeepMessages(t *testing.T) {
	msg := "# A system prompt\n\nWith *emphasis* and a list:\n\n- one\n- two\n"
	r := renderMarkdown(msg)
	answer := ""
	for k := range 2*maxMDCache + 1 {
		delta := "word" + strconv.Itoa(k) + " "
		answer += delta
		renderMarked(answer, len(answer)-len(delta))
	}
	if renderMarkdown(msg) != r {
		t.Errorf("after %d steps the message's rendering was dropped from the cache", 2*maxMDCache+1)
	}
}
