//go:build e2e

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/fakegithub"
)

// chatAnswer is a non-streamed chat completion's answer, read from the
// file here (not by the page's code): the first choice's message content
// and finish reason.
func chatAnswer(t *testing.T, data []byte) (text, finish string) {
	t.Helper()
	var rec struct {
		Response struct {
			Body struct {
				Data struct {
					Choices []struct {
						FinishReason string `json:"finish_reason"`
						Message      struct {
							Content string `json:"content"`
						} `json:"message"`
					} `json:"choices"`
				} `json:"__data__"`
			} `json:"body"`
		} `json:"response"`
	}
	if err := json.Unmarshal(data, &rec); err != nil || len(rec.Response.Body.Data.Choices) == 0 {
		t.Fatalf("not a chat completion: %v", err)
	}
	c := rec.Response.Body.Data.Choices[0]
	return c.Message.Content, c.FinishReason
}

// TestReviewAnswerMarks opens a re-recorded chat completion of ogx#3978
// whose answer was reworded and whose finish reason went from stop to
// length: each side shows its own answer whole, as in its file, with its
// own words marked (removed on base, added on head) and the words both
// share alike on both sides; both finish reasons are marked; the toggle
// shows a side's answer as Markdown, without marks.
func TestReviewAnswerMarks(t *testing.T) {
	const file = "tests/integration/batches/recordings/3a680a3aabcdeab5d9a7cf137c2d4cb9dbd89b4a42691835373be5655e288f8c.json"
	base, head := readSet(t, "qwen3-rerecord-3978")
	if base[file] == nil || head[file] == nil {
		t.Fatalf("%s is not on both sides of the change set", file)
	}
	baseText, baseFinish := chatAnswer(t, base[file])
	headText, headFinish := chatAnswer(t, head[file])
	if baseText == headText || baseFinish == headFinish {
		t.Fatalf("the pair's answers (%q, %q) or finish reasons (%q, %q) are the same: the test wants both changed", baseText, headText, baseFinish, headFinish)
	}
	srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
	tb := newTab(t)
	tb.serveGitHub(srv)
	tb.open("/#v=2&pr=ogx-ai/ogx/3978&file=" + file)
	tb.waitFor("both answers marked", `document.querySelectorAll('[data-testid=pair-answers] [data-testid=answer-marked]').length === 2`)

	type side struct {
		Text, Own, Other, Shared string
		Finish                   bool
	}
	read := func(label, own, other string) side {
		return eval[side](tb, `(() => {
			const a = document.querySelector('[data-testid=pair-answers] [data-side=`+label+`]');
			const m = a.querySelector('[data-testid=answer-marked]');
			const shared = [...m.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join("");
			return {Text: m.textContent, Own: [...m.querySelectorAll('`+own+`')].map(e => e.textContent).join("|"),
				Other: [...m.querySelectorAll('`+other+`')].map(e => e.textContent).join("|"), Shared: shared,
				Finish: a.querySelector('[data-testid=finish-reason]').classList.contains('differs')};
		})()`)
	}
	b, h := read("base", "del", "ins"), read("head", "ins", "del")
	if b.Text != baseText {
		t.Errorf("base's marked answer reads %q, want its file's %q", b.Text, baseText)
	}
	if h.Text != headText {
		t.Errorf("head's marked answer reads %q, want its file's %q", h.Text, headText)
	}
	if b.Own == "" || h.Own == "" || b.Other != "" || h.Other != "" {
		t.Errorf("marks: base removed %q and added %q, head added %q and removed %q; want each side's own words marked, none of the other's", b.Own, b.Other, h.Own, h.Other)
	}
	if b.Shared != h.Shared || !strings.Contains(b.Shared, "Hello!") {
		t.Errorf("the words both answers share differ: base %q, head %q", b.Shared, h.Shared)
	}
	if !b.Finish || !h.Finish {
		t.Errorf("finish reasons %q → %q: marked %v on base, %v on head", baseFinish, headFinish, b.Finish, h.Finish)
	}
	tb.screenshot("pair-answers-marked")

	tb.click(sel("pair-answers") + ` [data-side=base] button.toggle`)
	tb.waitFor("base's answer as Markdown", `!document.querySelector('[data-testid=pair-answers] [data-side=base] [data-testid=answer-marked]') && document.querySelector('[data-testid=pair-answers] [data-side=base] .md-text')`)
	if got, _ := tb.text(sel("pair-answers") + ` [data-side=base] .md-text`); got != strings.TrimSpace(baseText) {
		t.Errorf("base's answer as Markdown reads %q, want %q", got, baseText)
	}
}
