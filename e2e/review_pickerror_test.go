//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestReviewPickErrorKept picks, as the review's head, a folder with no
// recordings in it: the page says so, and still says so once the base
// folder is taken (the head's box is empty, and picked together before
// the app ran, the two would be taken at once: the head's error must not
// go unseen); the head folder then taken, the error goes and the review
// is the CLI's.
func TestReviewPickErrorKept(t *testing.T) {
	const set = "instructions-param-3741"
	base, head := readSet(t, set)
	res, lines := cliReview(t, base, head, false)
	dir := changeSetAbs(t, set)
	notes := filepath.Join(t.TempDir(), "notes")
	if err := os.MkdirAll(notes, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(notes, "README.txt"), []byte("not a recording\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errText := `((` + q(sel("error")) + ` || {}).textContent || '')`
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("review-head-input")), []string{notes}))
	tb.waitFor("the head folder's error", errText+`.includes('head folder: ')`)
	tb.dropOn(sel("review-drop-base"), filepath.Join(dir, "base"))
	tb.waitFor("the base folder", q(sel("review-drop-base"))+`.textContent.includes('base: `+strconv.Itoa(len(base))+` .json files')`)
	if msg := eval[string](tb, errText); !strings.Contains(msg, "head folder: ") || !strings.Contains(msg, "no .json files") {
		t.Errorf("the error once the base folder was taken: %q, want the head folder's", msg)
	}
	tb.pickHeadAndCheck(filepath.Join(dir, "head"), res, lines)
	if msg := eval[string](tb, errText); msg != "" {
		t.Errorf("an error still shown once the head folder was taken: %q", msg)
	}
}
