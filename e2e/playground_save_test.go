//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPlaygroundSaveInvalid: Ctrl+S on a text with a syntax error saves
// nothing but asks, naming the error's line and column, with the focus on
// Cancel; Escape cancels (no file, the focus back in the editor); asked
// again, Save anyway (reached by the keyboard) downloads the text as it
// is. A text that is JSON is saved without a question.
func TestPlaygroundSaveInvalid(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.upload(seed(seedHello))
	tb.waitTitle(seedHello)
	tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(3)`)))
	tb.visible(sel("editor"))
	original := tb.editorText()
	dir := t.TempDir()
	allowDownloads(tb, dir)

	// The comma after the test_id dropped: a syntax error at 3:3.
	lines := strings.Split(original, "\n")
	lines[1] = strings.TrimSuffix(lines[1], ",")
	broken := strings.Join(lines, "\n")
	tb.setEditor(broken)
	tb.visible(sel("editor-error"))
	tb.key("s", chromedp.ModifierCtrl)
	tb.visible(sel("play-save-prompt"))
	if got, _ := tb.text(sel("play-save-prompt")); !strings.HasPrefix(got, "The JSON has a syntax error at 3:3. Save anyway?") {
		t.Errorf("the save prompt says %q, want the error's line and column and the question", got)
	}
	tb.waitFor("the focus on Cancel", `document.activeElement === `+q(sel("play-save-cancel")))
	tb.screenshot("save-prompt")
	tb.do(colorScheme("dark"))
	tb.screenshot("save-prompt-dark")
	tb.do(colorScheme("light"))
	time.Sleep(500 * time.Millisecond)
	if files, _ := os.ReadDir(dir); len(files) > 0 {
		t.Fatalf("a text with a syntax error was saved before the answer: %s", files[0].Name())
	}

	// Escape: no prompt, no file, the focus back in the editor.
	tb.key(kb.Escape)
	tb.waitFor("the prompt closed", q(sel("play-save-prompt"))+` === null`)
	tb.waitFor("the focus in the editor", `document.activeElement === `+q(sel("editor")))
	time.Sleep(500 * time.Millisecond)
	if files, _ := os.ReadDir(dir); len(files) > 0 {
		t.Fatalf("Escape saved %s", files[0].Name())
	}

	// Again, and Save anyway by the keyboard (Shift+Tab from Cancel, Enter):
	// the text as it is.
	tb.key("s", chromedp.ModifierCtrl)
	tb.waitFor("the focus on Cancel", `document.activeElement === `+q(sel("play-save-cancel")))
	tb.key(kb.Tab, chromedp.ModifierShift)
	tb.waitFor("the focus on Save anyway", `document.activeElement === `+q(sel("play-save-anyway")))
	tb.key(kb.Enter)
	if saved := waitFile(t, filepath.Join(dir, seedHello)); string(saved) != broken {
		t.Errorf("Save anyway wrote %.100q…, not the editor's text", saved)
	}
	tb.waitFor("the prompt closed", q(sel("play-save-prompt"))+` === null`)

	// JSON again: saved without a question.
	os.Remove(filepath.Join(dir, seedHello))
	tb.setEditor(original)
	tb.waitFor("hash-status ok", q(sel("hash-status"))+".dataset.status === 'ok'")
	tb.key("s", chromedp.ModifierCtrl)
	if saved := waitFile(t, filepath.Join(dir, seedHello)); string(saved) != original {
		t.Errorf("Save wrote %.100q…, not the editor's text", saved)
	}
	if _, ok := tb.text(sel("play-save-prompt")); ok {
		t.Errorf("a text that is JSON was asked about")
	}
}
